import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { isRecoveryToken } from "../../core/auth/recovery-token";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { AuthCard, BUTTON_CLASS } from "../components/ui/form";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { isCode } from "../i18n/api-errors";
import { apiClient, readApi } from "../server/api.server";
import { getTranslator } from "../server/i18n.server";
import { commitRecoveryBrowser } from "../server/recovery.server";
import { getSessionState, markEmailVerified } from "../server/session.server";
import { redirectWithToast } from "../server/toast.server";

// The one-click link of a verification mail (issue 18): `/verify-email/confirm?token=`. Opening it
// changes nothing (mail scanners prefetch links); the page asks for one press of a button, a plain
// form post, which verifies the address in any browser, signed in or not: holding the mailed link
// is the proof. Wrong codes typed elsewhere never burn the link.

export const handle = { i18n: ["account", "signup"] } satisfies I18nHandle;
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

/** The link's token is a secret in the URL: no Referer carries it anywhere. */
export const headers = () => ({ "Referrer-Policy": "no-referrer" });

export async function loader({ request }: LoaderFunctionArgs) {
  const { t } = await getTranslator(request, ["signup", "account"]);
  const token = new URL(request.url).searchParams.get("token");
  return { title: t("confirmLink.metaTitle"), token: isRecoveryToken(token) ? token : null };
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "Confirm your email") },
];

type Outcome = "invalid" | "failed";

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const token = formData.get("token");
  const invalid: Outcome = "invalid";
  if (!isRecoveryToken(token)) return data({ outcome: invalid }, { status: 400 });
  const answer = await readApi(
    await apiClient(context, request).api.v1.auth["verify-email-link"].$post({ json: { token } }),
  );
  if (!answer.ok) {
    const outcome: Outcome = isCode(answer, "link_invalid") ? "invalid" : "failed";
    return data({ outcome }, { status: answer.status });
  }
  const { t } = await getTranslator(request, ["signup", "account"]);
  const headers = new Headers();
  headers.append("Set-Cookie", await commitRecoveryBrowser(context, answer.data.browser_token));
  const { auth } = await getSessionState(request, context);
  if (auth && auth.user.email === answer.data.email) {
    for (const [name, value] of await markEmailVerified(request, context, auth)) headers.append(name, value);
    return redirectWithToast(
      "/dashboard",
      { type: "success", description: t("confirmLink.verified") },
      { status: 303, headers },
    );
  }
  return redirectWithToast(
    "/signin",
    { type: "success", description: t("confirmLink.verifiedSignIn") },
    { status: 303, headers },
  );
}

export default function ConfirmEmailLink() {
  const { t } = useTranslation(["signup", "account"]);
  const { token } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const outcome = actionData?.outcome ?? (token ? null : "invalid");
  return (
    <AuthCard title={t("confirmLink.title")}>
      {outcome ? (
        <div
          role="alert"
          className="rounded-lg border border-rose-300 bg-rose-50 p-3 text-sm text-rose-950 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-50"
        >
          <p>{outcome === "invalid" ? t("confirmLink.invalid") : t("confirmLink.failed")}</p>
        </div>
      ) : null}
      {token && outcome !== "invalid" ? (
        <Form method="post" className="mt-4 space-y-4">
          <p className="text-sm text-slate-700 dark:text-slate-300">{t("confirmLink.intro")}</p>
          <input type="hidden" name="token" value={token} />
          <button type="submit" className={`${BUTTON_CLASS} w-full`} aria-busy={busy} disabled={busy}>
            {t("confirmLink.submit")}
          </button>
        </Form>
      ) : (
        <p className="mt-4 text-sm">
          <Link to="/verify-email" className="text-indigo-700 underline hover:no-underline dark:text-indigo-300">
            {t("confirmLink.newCode")}
          </Link>
        </p>
      )}
    </AuthCard>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
