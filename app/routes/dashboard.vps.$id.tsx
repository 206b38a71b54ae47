// One server (SPEC §2 dashboard "vps"): specs, IPs, the root password behind the account
// password, power actions that ask first (a <details> disclosure: works without JavaScript), and
// renewal into the cart. Another user's server, an unknown or malformed id: the dashboard's 404.
// The loader and the action (one zod schema per form, named intents) are in
// app/server/server-detail.server.ts; the sections in app/components/servers/detail.tsx.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { actionAllowed, SERVER_ACTIONS } from "../../core/servers/status";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import {
  AutoRenew,
  PowerAction,
  PowerActionErrors,
  Renew,
  RootPassword,
  ServerSpecs,
} from "../components/servers/detail";
import type { ServerActionData } from "../components/servers/intents";
import { ServerStatusBadge } from "../components/servers/status";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { loadServerPage, serverPageAction } from "../server/server-detail.server";

export const handle = {
  i18n: ["account", "servers/dashboard", "servers/status", "servers/cycles", "servers/specs", "servers/errors"],
} satisfies I18nHandle;

export function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadServerPage(request, context, params);
}
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : `${data?.title ?? "Server"} · Trinity` },
];

export function action({ request, context, params }: ActionFunctionArgs) {
  return serverPageAction(request, context, params);
}

export default function ServerDetail() {
  const { server, expiresText, graceText } = useLoaderData<typeof loader>();
  const actionData = useActionData<ServerActionData>();
  const { t } = useTranslation("servers");
  const actions = SERVER_ACTIONS.filter(
    (action) =>
      actionAllowed(action, server.status) &&
      (server.kind !== "hosting" || action === "reboot" || action === "reinstall"),
  );
  const ended = server.status === "terminated" || server.status === "cancelled";
  return (
    <div className="space-y-8">
      <p>
        <Link to="/dashboard/vps" className="text-sm text-indigo-700 underline dark:text-indigo-300">
          {t("dashboard.back")}
        </Link>
      </p>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight break-all">{server.hostname}</h1>
        <ServerStatusBadge status={server.status} labelled />
        <span className="text-sm text-slate-600 dark:text-slate-400">{server.plan.name}</span>
      </header>
      {server.status === "suspended" ? (
        <div className="rounded-xl border border-rose-300 bg-rose-50 p-4 text-sm text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100">
          <p className="font-semibold">{t("dashboard.suspendedTitle")}</p>
          <p className="mt-1">
            {t("dashboard.suspendedText")}{" "}
            <Link to="/dashboard/support" className="font-medium underline">
              {t("dashboard.contactSupport")}
            </Link>
          </p>
        </div>
      ) : null}
      <PowerActionErrors />
      <ServerSpecs server={server} expiresText={expiresText} graceText={graceText} />
      <section aria-labelledby="network-title">
        <h2 id="network-title" className="text-lg font-semibold">
          {t("dashboard.network")}
        </h2>
        <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-slate-600 dark:text-slate-400">{t("dashboard.ipv4")}</dt>
          <dd className="font-mono">{server.ipv4 ?? t("dashboard.noIp")}</dd>
          <dt className="text-slate-600 dark:text-slate-400">{t("dashboard.ipv6")}</dt>
          <dd className="font-mono">{server.ipv6 ?? t("dashboard.noIp")}</dd>
        </dl>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("dashboard.refreshing")}</p>
      </section>
      {actions.length > 0 ? (
        <section aria-labelledby="power-title">
          <h2 id="power-title" className="text-lg font-semibold">
            {t("dashboard.power")}
          </h2>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {actions.map((action) => (
              <PowerAction key={action} server={server} action={action} />
            ))}
          </div>
        </section>
      ) : null}
      {server.has_root_password && !ended ? <RootPassword actionData={actionData} /> : null}
      {!ended && server.status !== "expired" ? <AutoRenew server={server} actionData={actionData} /> : null}
      {!ended ? <Renew server={server} /> : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
