import { createCookie } from "@remix-run/cloudflare";
import { readCookie } from "./cookies.server";
import { THEME_COOKIE, isTheme, type Theme } from "../../core/theme";

/**
 * The theme choice as a cookie: written by the form post without JS and synced by the JS path, so
 * it is the latest choice whenever it exists (core/theme.ts THEME_BOOT_SCRIPT).
 */
export const themeCookie = createCookie(THEME_COOKIE, {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

/** The theme saved in the cookie, or null without one. */
export async function getSavedTheme(request: Request): Promise<Theme | null> {
  const value = await readCookie(themeCookie, request);
  return isTheme(value) ? value : null;
}
