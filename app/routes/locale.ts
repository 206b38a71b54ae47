import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { normaliseLocale } from "../../core/locale";
import { safeRedirectPath } from "../../core/safe-redirect";
import { localeCookie } from "../server/i18n.server";

/** The TR/EN buttons post here (works without JS): set the `locale` cookie and go back. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const locale = normaliseLocale(String(form.get("locale") ?? ""));
  return redirect(safeRedirectPath(form.get("redirectTo")), {
    status: 303,
    headers: { "Set-Cookie": await localeCookie.serialize(locale) },
  });
}

export async function loader() {
  return redirect("/");
}
