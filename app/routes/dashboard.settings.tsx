import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SettingsTabs } from "../components/dashboard/settings-tabs";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { requireAuth } from "../server/session.server";

/**
 * The settings layout: the page heading and the section links (Profile, Addresses, Security).
 * Each section is its own route below this one and brings its own `<h2>` and title.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAuth(request, context);
  return null;
}

export const handle = { i18n: ["account", "dashboard/settings"] } satisfies I18nHandle;
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export default function SettingsLayout() {
  const { t } = useTranslation("dashboard");
  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight">{t("settings.heading")}</h1>
      <SettingsTabs />
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
