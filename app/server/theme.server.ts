import { createCookie } from "@remix-run/cloudflare";
import { readCookie } from "./cookies.server";
import { THEME_COOKIE, isTheme, type Theme } from "../../core/theme";

/** The theme chosen with JavaScript off (a form post); with JS, localStorage is the source. */
export const themeCookie = createCookie(THEME_COOKIE, {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export async function getThemeChoice(request: Request): Promise<Theme> {
  const value = await readCookie(themeCookie, request);
  return isTheme(value) ? value : "system";
}
