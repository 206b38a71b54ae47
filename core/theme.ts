/** Theme choice (SPEC §1): saved in localStorage under `theme`, removed for "system". */
export const THEMES = ["system", "light", "dark"] as const;
export type Theme = (typeof THEMES)[number];
export const THEME_STORAGE_KEY = "theme";
export const THEME_COOKIE = "theme";

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}

/**
 * The inline <head> script that applies a saved theme before first paint (no flash). The
 * server may already have set data-theme from the cookie (JS-off choice); localStorage wins.
 * "System" leaves no attribute, so the CSS follows prefers-color-scheme live.
 */
export const THEME_BOOT_SCRIPT = `(function(){try{var t=localStorage.getItem(${JSON.stringify(
  THEME_STORAGE_KEY,
)}),d=document.documentElement;if(t==="light"||t==="dark"){d.setAttribute("data-theme",t)}}catch(e){}})();`;
