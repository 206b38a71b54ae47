import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { normaliseLocale } from "../../core/locale";
import { safeRedirectPath } from "../../core/safe-redirect";
import { fixedT, LANG_PARAM, localeCookie } from "../server/i18n.server";
import { createToastHeaders } from "../server/toast.server";

/** The TR/EN buttons post here (works without JS): set the `locale` cookie and go back. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const locale = normaliseLocale(String(form.get("locale") ?? ""));
  const t = fixedT(locale);
  const headers = await createToastHeaders({ type: "success", description: t("locale.changed") });
  headers.append("Set-Cookie", await localeCookie.serialize(locale));
  // A `?lang=` in the page's address would outvote the new cookie: the way back drops it.
  const target = new URL(safeRedirectPath(form.get("redirectTo")), "https://site.invalid");
  target.searchParams.delete(LANG_PARAM);
  return redirect(safeRedirectPath(`${target.pathname}${target.search}${target.hash}`), { status: 303, headers });
}

export async function loader() {
  return redirect("/");
}
