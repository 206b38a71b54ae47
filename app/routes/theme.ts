import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { isTheme } from "../../core/theme";
import { safeRedirectPath } from "../../core/safe-redirect";
import { themeCookie } from "../server/theme.server";

/**
 * The footer theme selector posts here. Without JS this sets the cookie the server renders the
 * theme from and redirects back; with JS (a fetcher) it only syncs that cookie.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const theme = form.get("theme");
  if (!isTheme(theme)) return data({ ok: false }, { status: 400 });
  const setCookie =
    theme === "system" ? await themeCookie.serialize("", { maxAge: 0 }) : await themeCookie.serialize(theme);
  if (form.has("redirectTo")) {
    return redirect(safeRedirectPath(form.get("redirectTo")), { status: 303, headers: { "Set-Cookie": setCookie } });
  }
  return data({ ok: true }, { headers: { "Set-Cookie": setCookie } });
}

export async function loader() {
  return redirect("/");
}
