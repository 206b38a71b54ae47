import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { METHOD_INTENTS, METHODS_PATH } from "../components/billing/methods";
import { AddCardForm, MethodCard } from "../components/billing/payment-methods";
import { EmptyState } from "../components/ui/empty-state";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { StripeCardSetup } from "../components/payment/stripe-card-setup";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { loadPaymentMethods, paymentMethodsAction } from "../server/payment-methods.server";

// Saved payment methods (SPEC §2 billing): the cards, make one the default, remove one (asks
// first), add one (the test provider's form, or Stripe's when configured). The loader and the
// action are in server/payment-methods.server.ts.

export async function loader(args: LoaderFunctionArgs) {
  return loadPaymentMethods(args);
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "Payment methods") },
];

export async function action(args: ActionFunctionArgs) {
  return paymentMethodsAction(args);
}

export const handle = { i18n: ["account", "billing/methods", "payment"] } satisfies I18nHandle;
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export default function PaymentMethods() {
  const { t } = useTranslation("billing");
  const { methods, provider, publishableKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const addResult =
    actionData && "intent" in actionData && actionData.intent === METHOD_INTENTS.addCard
      ? (actionData.result ?? undefined)
      : undefined;
  const message = actionData && "message" in actionData ? actionData.message : null;

  return (
    <div className="space-y-6">
      <header>
        <h2 className="text-xl font-semibold">{t("methods.heading")}</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("methods.intro")}</p>
      </header>

      {message ? (
        <p
          role="alert"
          className="rounded-xl border border-rose-300 bg-rose-50 p-4 text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100"
        >
          {message}
        </p>
      ) : null}

      {methods.length === 0 ? (
        <EmptyState title={t("methods.emptyTitle")} text={t("methods.emptyText")} />
      ) : (
        <ul aria-label={t("methods.listLabel")} className="space-y-4">
          {methods.map((method) => (
            <li
              key={method.id}
              className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
            >
              <MethodCard method={method} />
            </li>
          ))}
        </ul>
      )}

      <section
        aria-labelledby="add-card-title"
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <h3 id="add-card-title" className="mb-4 text-lg font-semibold">
          {t("methods.addHeading")}
        </h3>
        {provider === "stripe" && publishableKey ? (
          <StripeCardSetup
            publishableKey={publishableKey}
            action={METHODS_PATH}
            setupIntent={METHOD_INTENTS.stripeSetup}
            saveIntent={METHOD_INTENTS.stripeSave}
          />
        ) : (
          // Keyed by the list: after a save the form starts empty again.
          <AddCardForm key={methods.map((method) => method.id).join()} lastResult={addResult} />
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
