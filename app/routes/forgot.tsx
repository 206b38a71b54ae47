import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { DoneStep, LinkStep, RequestStep, ResetStep, Steps } from "../components/forgot/steps";
import { AuthCard } from "../components/ui/form";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { forgotAction, loadForgotPage } from "../server/forgot-page.server";

// Forgot password (SPEC §2, §4 "Flows"): send a code → code + new password → success. Every step
// is a plain form post; the address travels between the steps in the URL (`?step=reset&email=`)
// so a reload or a bookmarked link lands on the same step. Issue 18: the code is tried within this
// browser's flow (the `__reset_flow` cookie), and the mail's one-click link opens
// `?step=link&token=` to set a new password without the code, in any browser. Loader and action:
// app/server/forgot-page.server.ts; the steps: app/components/forgot/steps.tsx.

export const handle = { i18n: ["account", "forgot"] } satisfies I18nHandle;
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

/** The link's token is a secret in the URL: no Referer carries it anywhere. */
export const headers = () => ({ "Referrer-Policy": "no-referrer" });

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadForgotPage(request, context);
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "Forgot password") },
];

export function action({ request, context }: ActionFunctionArgs) {
  return forgotAction(request, context);
}

export default function Forgot() {
  const { t } = useTranslation("forgot");
  const { step, email, token } = useLoaderData<typeof loader>();
  return (
    <AuthCard title={t("title")}>
      <Steps step={step} />
      {step === "request" ? <RequestStep key="request" email={email} /> : null}
      {step === "reset" ? <ResetStep key={`reset-${email}`} email={email} /> : null}
      {step === "link" ? <LinkStep key="link" token={token} /> : null}
      {step === "done" ? <DoneStep /> : null}
      {step !== "done" ? (
        <p className="mt-6 border-t border-slate-200 pt-4 text-sm dark:border-slate-800">
          <Link to="/signin" className="text-indigo-700 underline hover:no-underline dark:text-indigo-300">
            {t("backToSignIn")}
          </Link>
        </p>
      ) : null}
    </AuthCard>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
