import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BillingTabs } from "../components/billing/ui";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { requireAuth } from "../server/session.server";

/**
 * The billing layout (issue 13): the heading and the section links (payments history, invoices,
 * payment methods). Each section is its own route below this one with its own `<h2>` and title.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAuth(request, context);
  return null;
}

export const handle = {
  i18n: ["account", "billing/heading", "billing/tabs", "billing/tabsLabel", "billing/common"],
} satisfies I18nHandle;
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export default function BillingLayout() {
  const { t } = useTranslation("billing");
  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight print:hidden">{t("heading")}</h1>
      <BillingTabs />
      <div className="mt-6 print:mt-0">
        <Outlet />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
