/** Theme choice (SPEC §1): saved in localStorage under `theme`, removed for "system". */
export const THEMES = ["system", "light", "dark"] as const;
export type Theme = (typeof THEMES)[number];
export const THEME_STORAGE_KEY = "theme";
export const THEME_COOKIE = "theme";

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}

/** The `<html>` attribute carrying the cookie's choice to THEME_BOOT_SCRIPT (absent without a cookie). */
export const THEME_SAVED_ATTRIBUTE = "data-theme-saved";

/**
 * The inline <head> script that applies a saved theme before first paint (no flash). The
 * cookie's choice, rendered by the server into THEME_SAVED_ATTRIBUTE, is the latest one (a post
 * without JS writes only the cookie, the JS selector writes both): it wins and is copied into
 * localStorage. Without a cookie, localStorage stands. "System" leaves no attribute, so the CSS
 * follows prefers-color-scheme live.
 */
export const THEME_BOOT_SCRIPT = `(function(){try{var k=${JSON.stringify(THEME_STORAGE_KEY)},d=document.documentElement,s=d.getAttribute(${JSON.stringify(
  THEME_SAVED_ATTRIBUTE,
)}),t;if(s){if(s==="light"||s==="dark"){localStorage.setItem(k,s)}else{localStorage.removeItem(k)}t=s}else{t=localStorage.getItem(k)}if(t==="light"||t==="dark"){d.setAttribute("data-theme",t)}}catch(e){}})();`;
