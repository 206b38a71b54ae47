import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { normaliseLocale } from "../../core/locale";
import { safeRedirectPath } from "../../core/safe-redirect";
import { fixedT, localeCookie } from "../server/i18n.server";
import { createToastHeaders } from "../server/toast.server";

/** The TR/EN buttons post here (works without JS): set the `locale` cookie and go back. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const locale = normaliseLocale(String(form.get("locale") ?? ""));
  const t = fixedT(locale);
  const headers = await createToastHeaders({ type: "success", description: t("locale.changed") });
  headers.append("Set-Cookie", await localeCookie.serialize(locale));
  return redirect(safeRedirectPath(form.get("redirectTo")), { status: 303, headers });
}

export async function loader() {
  return redirect("/");
}
