import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthStep, DomainStep, ReviewStep, Steps } from "../components/domains/transfer-in-steps";
import type { TransferStep } from "../components/domains/transfer-in-model";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { loadTransferIn, transferInAction } from "../server/transfer-in.server";

/**
 * The transfer-in wizard (SPEC §2, issue 14): Domain → Auth Code → Review → Payment. Public; the
 * cart and checkout (which needs sign-in) take over at Payment. Works without JavaScript:
 * Domain is a GET form (the name may be in the URL), the auth code only ever travels in POST
 * bodies — never in a URL, a redirect or a cookie — and every answer is `no-store`. The API
 * decides (GET /domains/{domain}/transfer-check, POST /cart/items), the page only shows it.
 * The loader and action are in app/server/transfer-in.server.ts, the steps in
 * app/components/domains/transfer-in-steps.tsx.
 */
export const loader = (args: LoaderFunctionArgs) => loadTransferIn(args);
export const action = (args: ActionFunctionArgs) => transferInAction(args);

export const meta: MetaFunction<typeof loader> = ({ data: loaderData, error }) => [
  { title: error ? errorTitle(error) : (loaderData?.title ?? "Transfer a domain") },
  { name: "description", content: loaderData?.description ?? "" },
];

export const handle = { i18n: ["domains/transferIn", "domains/errors"] } satisfies I18nHandle;
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export default function TransferWizard() {
  const { t } = useTranslation("domains");
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const step: TransferStep = actionData?.step ?? loaderData.step;
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t("transferIn.heading")}</h1>
      <p className="mt-3 max-w-3xl text-slate-700 dark:text-slate-300">{t("transferIn.intro")}</p>
      <Steps current={step} />
      {actionData?.step === "review" ? (
        <ReviewStep
          check={actionData.check}
          domain={actionData.domain}
          authCode={actionData.authCode}
          failure={actionData.failure}
        />
      ) : actionData?.step === "auth" ? (
        actionData.check || loaderData.check ? (
          <AuthStep check={actionData.check ?? loaderData.check} domain={actionData.domain} />
        ) : (
          <DomainStep domain={actionData.domain} failure={actionData.failure} />
        )
      ) : loaderData.step === "auth" && loaderData.check ? (
        <AuthStep check={loaderData.check} domain={loaderData.check.domain} />
      ) : (
        <DomainStep domain={loaderData.domain} failure={loaderData.failure} />
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
