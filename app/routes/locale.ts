import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { normaliseLocale } from "../../core/locale";
import { safeRedirectPath } from "../../core/safe-redirect";
import { fixedT, LANG_PARAM, localeCookie } from "../server/i18n.server";
import { getSessionState, userApi } from "../server/session.server";
import { createToastHeaders } from "../server/toast.server";

/**
 * The TR/EN buttons post here (works without JS): set the `locale` cookie and go back. A signed-in
 * user's choice is also the account's language, the one its mails are written in.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const locale = normaliseLocale(String(form.get("locale") ?? ""));
  const t = fixedT(locale);
  const headers = await createToastHeaders({ type: "success", description: t("locale.changed") });
  headers.append("Set-Cookie", await localeCookie.serialize(locale));
  const { auth, setCookie } = await getSessionState(request, context);
  if (setCookie) headers.append("Set-Cookie", setCookie);
  // The page language changes either way; a failed save only leaves the mails in the old one.
  if (auth)
    await userApi(context, request, auth)
      .api.v1.account.language.$put({ json: { locale } })
      .catch((error: unknown) => console.error("account language not saved", error));
  // A `?lang=` in the page's address would outvote the new cookie: the way back drops it.
  const target = new URL(safeRedirectPath(form.get("redirectTo")), "https://site.invalid");
  target.searchParams.delete(LANG_PARAM);
  return redirect(safeRedirectPath(`${target.pathname}${target.search}${target.hash}`), { status: 303, headers });
}

export async function loader() {
  return redirect("/");
}
