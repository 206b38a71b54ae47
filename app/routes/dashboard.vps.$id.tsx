// One server (SPEC §2 dashboard "vps"): specs, IPs, the root password behind the account
// password, power actions that ask first (a <details> disclosure: works without JavaScript), and
// renewal into the cart. Another user's server, an unknown or malformed id: the dashboard's 404.
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useFormat } from "../i18n/use-format";
import { actionAllowed, BILLING_CYCLES, SERVER_ACTIONS, cycleSchema, type ServerAction } from "../../core/servers";
import type { ServerView } from "../../workers/api/contract/servers";
import { formatDay } from "../../core/format";
import { GeneralErrorBoundary, errorTitle, notFoundResponse } from "../components/error-boundary";
import { ServerStatusBadge } from "../components/servers/status";
import { BUTTON_CLASS, DANGER_BUTTON_CLASS, INPUT_CLASS, SECONDARY_BUTTON_CLASS } from "../components/ui/form";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { apiErrorText, isCode } from "../i18n/api-errors";
import { readApi } from "../server/api.server";
import { cartCookie, getCartId } from "../server/cookies.server";
import { getTranslator } from "../server/i18n.server";
import { readUserApi, requireAuth, sessionHeaders, userApi } from "../server/session.server";
import { createToastHeaders } from "../server/toast.server";

export const handle = { i18n: ["account", "dashboard", "servers"] } satisfies I18nHandle;

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/u;
const INTENTS = { action: "action", reveal: "reveal", renew: "renew", autoRenew: "auto-renew" } as const;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const id = params.id ?? "";
  if (!ID.test(id)) notFoundResponse();
  const [{ t, locale }, answer] = await Promise.all([
    getTranslator(request, ["servers"]),
    userApi(context, request, auth)
      .api.v1.vps[":id"].$get({ param: { id } })
      .then((response) => readUserApi(request, context, response)),
  ]);
  if (!answer.ok) {
    if (answer.status === 404) notFoundResponse();
    throw new Response(answer.message, { status: answer.status >= 500 ? answer.status : 500 });
  }
  const server = answer.data;
  return data(
    {
      title: `${server.hostname} · ${t("servers:dashboard.metaTitle")}`,
      server,
      expiresText: formatDay(locale, server.expires_at),
      graceText: formatDay(locale, server.grace_ends_at),
    },
    { headers: await sessionHeaders(request, context) },
  );
}
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : `${data?.title ?? "Server"} · Trinity` },
];

type ActionData =
  | { intent: "reveal"; ok: true; password: string }
  | { intent: string; ok: false; message: string; needsCard?: boolean };

export async function action({ request, context, params }: ActionFunctionArgs) {
  const auth = await requireAuth(request, context);
  const id = params.id ?? "";
  if (!ID.test(id)) notFoundResponse();
  const form = await request.formData();
  const { t } = await getTranslator(request, ["servers"]);
  const cartId = await getCartId(request, context);
  const vps = userApi(context, request, auth, { cartId }).api.v1.vps[":id"];
  const headers = await sessionHeaders(request, context);
  const intent = form.get("intent");
  const hostname = String(form.get("hostname") ?? "").slice(0, 253);
  switch (intent) {
    case INTENTS.action: {
      const asked = String(form.get("action") ?? "");
      const name = SERVER_ACTIONS.find((known) => known === asked);
      if (!name)
        return data(
          { intent: "action", ok: false, message: `Unknown action "${asked.slice(0, 20)}".` } satisfies ActionData,
          { status: 400, headers },
        );
      const answer = await readUserApi(
        request,
        context,
        await vps.actions[":action"].$post({ param: { id, action: name } }),
      );
      if (!answer.ok) {
        if (answer.status === 404) notFoundResponse();
        const message = apiErrorText(t, answer, "vps.action");
        return data({ intent: "action", ok: false, message } satisfies ActionData, {
          status: answer.status === 409 ? 409 : 503,
          headers,
        });
      }
      for (const [key, value] of await createToastHeaders({
        type: "success",
        description: t(`servers:dashboard.actionDone.${name}`, { hostname: answer.data.hostname }),
      }))
        headers.append(key, value);
      return redirect(`/dashboard/vps/${id}`, { status: 303, headers });
    }
    case INTENTS.reveal: {
      const password = String(form.get("password") ?? "");
      if (!password)
        return data({ intent: "reveal", ok: false, message: t("servers:errors.required") } satisfies ActionData, {
          status: 400,
          headers,
        });
      const answer = await readUserApi(
        request,
        context,
        await vps["root-password"].$post({ param: { id }, json: { password: password.slice(0, 1024) } }),
      );
      if (answer.ok) {
        headers.set("cache-control", "no-store");
        return data({ intent: "reveal", ok: true, password: answer.data.root_password } satisfies ActionData, {
          headers,
        });
      }
      if (answer.status === 404 && isCode(answer, "server_not_found")) notFoundResponse();
      const message = apiErrorText(t, answer, "vps.reveal");
      if (answer.status === 429 && answer.retryAfter) headers.set("Retry-After", String(answer.retryAfter));
      return data({ intent: "reveal", ok: false, message } satisfies ActionData, {
        status: answer.status === 403 || answer.status === 429 ? answer.status : 400,
        headers,
      });
    }
    case INTENTS.autoRenew: {
      const enabled = form.get("enabled");
      if (enabled !== "true" && enabled !== "false")
        return data(
          { intent: "auto-renew", ok: false, message: t("servers:dashboard.autoRenewFailed") } satisfies ActionData,
          { status: 400, headers },
        );
      const on = enabled === "true";
      const answer = await readUserApi(
        request,
        context,
        await vps["auto-renew"].$put({ param: { id }, json: { auto_renew: on } }),
      );
      if (!answer.ok) {
        if (answer.status === 404) notFoundResponse();
        const needsCard = isCode(answer, "payment_method_required");
        return data(
          {
            intent: "auto-renew",
            ok: false,
            message: apiErrorText(t, answer, "vps.autoRenew"),
            needsCard,
          } satisfies ActionData,
          { status: answer.status === 409 ? 409 : 400, headers },
        );
      }
      for (const [key, value] of await createToastHeaders({
        type: "success",
        description: t(on ? "servers:dashboard.autoRenewEnabled" : "servers:dashboard.autoRenewDisabled"),
      }))
        headers.append(key, value);
      return redirect(`/dashboard/vps/${id}`, { status: 303, headers });
    }
    case INTENTS.renew: {
      const cycle = cycleSchema.safeParse(form.get("cycle"));
      if (!cycle.success)
        return data({ intent: "renew", ok: false, message: t("servers:errors.cycle") } satisfies ActionData, {
          status: 400,
          headers,
        });
      const answer = await readApi(await vps.renew.$post({ param: { id }, json: { cycle: cycle.data } }));
      if (!answer.ok) {
        if (answer.status === 404) notFoundResponse();
        return data(
          {
            intent: "renew",
            ok: false,
            message: t("servers:dashboard.renewFailed", { message: answer.message }),
          } satisfies ActionData,
          { status: answer.status === 409 ? 409 : 400, headers },
        );
      }
      if (answer.data && answer.data.id !== cartId)
        headers.append("Set-Cookie", await cartCookie(context).serialize(answer.data.id));
      for (const [key, value] of await createToastHeaders({
        type: "success",
        description: t("servers:dashboard.renewAdded", { hostname }),
      }))
        headers.append(key, value);
      return redirect("/cart", { status: 303, headers });
    }
    default:
      return data(
        {
          intent: String(intent).slice(0, 20),
          ok: false,
          message: `Unknown intent "${String(intent).slice(0, 20)}".`,
        } satisfies ActionData,
        { status: 400, headers },
      );
  }
}

function PowerAction({ server, action }: { server: ServerView; action: ServerAction }) {
  const { t } = useTranslation("servers");
  const label = t(`dashboard.actions.${action}`);
  return (
    <details className="rounded-xl border border-slate-200 dark:border-slate-700">
      <summary className="cursor-pointer rounded-xl px-4 py-2 font-medium">{label}</summary>
      <Form method="post" className="space-y-3 px-4 pb-4">
        <input type="hidden" name="intent" value={INTENTS.action} />
        <input type="hidden" name="action" value={action} />
        <p className="text-sm">{t(`dashboard.confirm.${action}`, { hostname: server.hostname })}</p>
        <button
          type="submit"
          className={action === "reinstall" || action === "stop" ? DANGER_BUTTON_CLASS : BUTTON_CLASS}
        >
          {t("dashboard.confirmButton", { action: label.toLowerCase() })}
        </button>
      </Form>
    </details>
  );
}

export default function ServerDetail() {
  const { server, expiresText, graceText } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const { t } = useTranslation("servers");
  const { money } = useFormat();
  const specs: [string, string][] = [
    [
      t("specs.cpu"),
      `${t("specs.cores", { count: server.plan.cpu_cores ?? 0 })}${server.plan.cpu_model ? ` · ${server.plan.cpu_model}` : ""}`,
    ],
    [t("specs.ram"), t("specs.gb", { count: server.plan.ram_gb ?? 0 })],
    [t("specs.disk"), `${t("specs.gb", { count: server.plan.disk_gb ?? 0 })} ${server.plan.disk_type ?? ""}`],
    [
      t("specs.traffic"),
      server.plan.traffic_tb === "unlimited"
        ? t("specs.unlimited")
        : t("specs.trafficTb", { count: Number(server.plan.traffic_tb ?? 0) }),
    ],
    ...(server.plan.gpu
      ? [
          [
            t("specs.gpu"),
            t("specs.gpuMemory", { model: server.plan.gpu.model, memory: server.plan.gpu.memory_gb }),
          ] as [string, string],
        ]
      : []),
    [t("dashboard.os"), server.os?.name ?? "—"],
    [
      t("dashboard.datacenter"),
      server.datacenter.city ? `${server.datacenter.city} (${server.datacenter.country})` : server.datacenter.id,
    ],
    [t("dashboard.cycle"), t(`cycles.${server.billing_cycle}`)],
    [t("dashboard.price"), money(server.price)],
    [t("dashboard.expires"), expiresText ?? server.expires_at],
    ...(server.status === "expired"
      ? [[t("dashboard.graceEnds"), graceText ?? server.grace_ends_at] as [string, string]]
      : []),
    [t("dashboard.sshKey"), server.ssh_key_fingerprint ?? t("dashboard.noSshKey")],
  ];
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
      {actionData && !actionData.ok && actionData.intent === "action" ? (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {actionData.message}
        </p>
      ) : null}
      <section aria-labelledby="specs-title">
        <h2 id="specs-title" className="text-lg font-semibold">
          {t("dashboard.specs")}
        </h2>
        <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {specs.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
              <dd className="break-all">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
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
      {server.has_root_password && !ended ? (
        <section aria-labelledby="root-title">
          <h2 id="root-title" className="text-lg font-semibold">
            {t("dashboard.rootPassword")}
          </h2>
          {actionData?.intent === "reveal" && actionData.ok ? (
            <p className="mt-2 text-sm">
              {t("dashboard.revealed")}:{" "}
              <code className="rounded bg-slate-100 px-2 py-1 font-mono dark:bg-slate-800">{actionData.password}</code>
            </p>
          ) : (
            <Form method="post" className="mt-2 flex flex-wrap items-end gap-3">
              <input type="hidden" name="intent" value={INTENTS.reveal} />
              <p className="w-full text-sm text-slate-700 dark:text-slate-300">{t("dashboard.revealIntro")}</p>
              <label className="text-sm">
                <span className="block font-medium">{t("dashboard.accountPassword")}</span>
                <input
                  type="password"
                  name="password"
                  autoComplete="current-password"
                  required
                  aria-describedby="reveal-error"
                  className={INPUT_CLASS}
                />
              </label>
              <button type="submit" className={SECONDARY_BUTTON_CLASS}>
                {t("dashboard.reveal")}
              </button>
              <div id="reveal-error" className="w-full">
                {actionData?.intent === "reveal" && !actionData.ok ? (
                  <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
                    {actionData.message}
                  </p>
                ) : null}
              </div>
            </Form>
          )}
        </section>
      ) : null}
      {!ended && server.status !== "expired" ? (
        <section aria-labelledby="auto-renew-title">
          <h2 id="auto-renew-title" className="text-lg font-semibold">
            {t("dashboard.autoRenew")}
          </h2>
          <Form method="post" className="mt-2 space-y-2">
            <input type="hidden" name="intent" value={INTENTS.autoRenew} />
            <input type="hidden" name="enabled" value={server.auto_renew ? "false" : "true"} />
            <p className="text-sm">
              {server.auto_renew
                ? t("dashboard.autoRenewOn", { cycle: t(`cycles.${server.billing_cycle}`) })
                : t("dashboard.autoRenewOff")}
            </p>
            {server.renew_error ? (
              <p className="text-sm text-rose-700 dark:text-rose-300">
                {t("dashboard.autoRenewError", { reason: server.renew_error })}
              </p>
            ) : null}
            <button type="submit" className={SECONDARY_BUTTON_CLASS}>
              {server.auto_renew ? t("dashboard.autoRenewTurnOff") : t("dashboard.autoRenewTurnOn")}
            </button>
            {actionData?.intent === "auto-renew" && !actionData.ok ? (
              <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
                {actionData.message}{" "}
                {actionData.needsCard ? (
                  <Link to="/dashboard/billing/methods" className="font-medium underline">
                    {t("dashboard.addCard")}
                  </Link>
                ) : null}
              </p>
            ) : null}
          </Form>
        </section>
      ) : null}
      {!ended ? (
        <section aria-labelledby="renew-title">
          <h2 id="renew-title" className="text-lg font-semibold">
            {t("dashboard.renew")}
          </h2>
          <Form method="post" className="mt-2 flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value={INTENTS.renew} />
            <input type="hidden" name="hostname" value={server.hostname} />
            <label className="text-sm">
              <span className="block font-medium">{t("dashboard.renewCycle")}</span>
              <select name="cycle" defaultValue={server.billing_cycle} className={INPUT_CLASS}>
                {BILLING_CYCLES.map((cycle) => (
                  <option key={cycle} value={cycle}>
                    {t(`cycles.${cycle}`)}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className={BUTTON_CLASS}>
              {t("dashboard.renewButton")}
            </button>
            {actionData?.intent === "renew" && !actionData.ok ? (
              <p role="alert" className="w-full text-sm text-rose-700 dark:text-rose-300">
                {actionData.message}
              </p>
            ) : null}
          </Form>
        </section>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
