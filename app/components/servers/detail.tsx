import { getFormProps } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BILLING_CYCLES } from "../../../core/servers/cycles";
import type { ServerAction } from "../../../core/servers/status";
import type { ServerView } from "../../../workers/api/contract/servers";
import { useFormat } from "../../i18n/use-format";
import { BUTTON_CLASS, DANGER_BUTTON_CLASS, INPUT_CLASS, SECONDARY_BUTTON_CLASS } from "../ui/form";
import { useLastResult, useSchemaForm } from "../ui/form-hooks";
import { replyErrors, SERVER_INTENTS, useServerErrors, type ServerActionData } from "./intents";

// The sections of a server's dashboard page (/dashboard/vps/:id): its specifications, the power
// actions (each behind a <details> confirmation: works without JavaScript), the root password,
// auto-renewal and renewal into the cart. Each form is a Conform form over its schema in ./forms.

/** The errors of a Conform form (its own, then its fields'), in the page's language. */
function useFormErrors(form: { errors?: string[] | undefined }, fields: { errors?: string[] | undefined }[]) {
  const translate = useServerErrors();
  return translate([...(form.errors ?? []), ...fields.flatMap((field) => field.errors ?? [])]) ?? [];
}

export function ServerSpecs({
  server,
  expiresText,
  graceText,
}: {
  server: ServerView;
  expiresText: string | null;
  graceText: string | null;
}) {
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
  return (
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
  );
}

export function PowerAction({ server, action }: { server: ServerView; action: ServerAction }) {
  const { t } = useTranslation("servers");
  const label = t(`dashboard.actions.${action}`);
  const [form] = useSchemaForm({
    id: `power-${action}`,
    schema: () => import("./forms").then((m) => m.powerActionSchema),
    validateOn: "onSubmit",
    revalidateOn: "onSubmit",
  });
  return (
    <details className="rounded-xl border border-slate-200 dark:border-slate-700">
      <summary className="cursor-pointer rounded-xl px-4 py-2 font-medium">{label}</summary>
      <Form method="post" {...getFormProps(form)} className="space-y-3 px-4 pb-4">
        <input type="hidden" name="intent" value={SERVER_INTENTS.action} />
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

/** The power action's refusal (a form without a field of its own): shown above the sections. */
export function PowerActionErrors() {
  const translate = useServerErrors();
  const errors = translate(replyErrors(useLastResult(SERVER_INTENTS.action))) ?? [];
  return errors.length > 0 ? (
    <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
      {errors.join(" ")}
    </p>
  ) : null;
}

export function RootPassword({ actionData }: { actionData: ServerActionData | undefined }) {
  const { t } = useTranslation("servers");
  const [form, fields] = useSchemaForm({
    id: "reveal",
    schema: () => import("./forms").then((m) => m.revealFormSchema),
    lastResult: useLastResult(SERVER_INTENTS.reveal),
    validateOn: "onSubmit",
  });
  const errors = useFormErrors(form, [fields.password]);
  const password = actionData?.intent === SERVER_INTENTS.reveal ? actionData.password : undefined;
  return (
    <section aria-labelledby="root-title">
      <h2 id="root-title" className="text-lg font-semibold">
        {t("dashboard.rootPassword")}
      </h2>
      {password ? (
        <p className="mt-2 text-sm">
          {t("dashboard.revealed")}:{" "}
          <code className="rounded bg-slate-100 px-2 py-1 font-mono dark:bg-slate-800">{password}</code>
        </p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="mt-2 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value={SERVER_INTENTS.reveal} />
          <p className="w-full text-sm text-slate-700 dark:text-slate-300">{t("dashboard.revealIntro")}</p>
          <label className="text-sm">
            <span className="block font-medium">{t("dashboard.accountPassword")}</span>
            <input
              type="password"
              name={fields.password.name}
              autoComplete="current-password"
              required
              aria-invalid={errors.length > 0 ? true : undefined}
              aria-describedby="reveal-error"
              className={INPUT_CLASS}
            />
          </label>
          <button type="submit" className={SECONDARY_BUTTON_CLASS}>
            {t("dashboard.reveal")}
          </button>
          <div id="reveal-error" className="w-full">
            {errors.length > 0 ? (
              <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
                {errors.join(" ")}
              </p>
            ) : null}
          </div>
        </Form>
      )}
    </section>
  );
}

export function AutoRenew({ server, actionData }: { server: ServerView; actionData: ServerActionData | undefined }) {
  const { t } = useTranslation("servers");
  const [form, fields] = useSchemaForm({
    id: "auto-renew",
    schema: () => import("./forms").then((m) => m.autoRenewFormSchema),
    lastResult: useLastResult(SERVER_INTENTS.autoRenew),
    validateOn: "onSubmit",
    revalidateOn: "onSubmit",
  });
  const errors = useFormErrors(form, [fields.enabled]);
  const needsCard = actionData?.intent === SERVER_INTENTS.autoRenew && actionData.needsCard === true;
  return (
    <section aria-labelledby="auto-renew-title">
      <h2 id="auto-renew-title" className="text-lg font-semibold">
        {t("dashboard.autoRenew")}
      </h2>
      <Form method="post" {...getFormProps(form)} className="mt-2 space-y-2">
        <input type="hidden" name="intent" value={SERVER_INTENTS.autoRenew} />
        <input type="hidden" name={fields.enabled.name} value={server.auto_renew ? "false" : "true"} />
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
        {errors.length > 0 ? (
          <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
            {errors.join(" ")}{" "}
            {needsCard ? (
              <Link to="/dashboard/billing/methods" className="font-medium underline">
                {t("dashboard.addCard")}
              </Link>
            ) : null}
          </p>
        ) : null}
      </Form>
    </section>
  );
}

export function Renew({ server }: { server: ServerView }) {
  const { t } = useTranslation("servers");
  const [form, fields] = useSchemaForm({
    id: "renew",
    schema: () => import("./forms").then((m) => m.renewFormSchema),
    lastResult: useLastResult(SERVER_INTENTS.renew),
    validateOn: "onSubmit",
    revalidateOn: "onSubmit",
  });
  const errors = useFormErrors(form, [fields.cycle, fields.hostname]);
  return (
    <section aria-labelledby="renew-title">
      <h2 id="renew-title" className="text-lg font-semibold">
        {t("dashboard.renew")}
      </h2>
      <Form method="post" {...getFormProps(form)} className="mt-2 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value={SERVER_INTENTS.renew} />
        <input type="hidden" name={fields.hostname.name} value={server.hostname} />
        <label className="text-sm">
          <span className="block font-medium">{t("dashboard.renewCycle")}</span>
          <select
            name={fields.cycle.name}
            defaultValue={server.billing_cycle}
            aria-invalid={errors.length > 0 ? true : undefined}
            className={INPUT_CLASS}
          >
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
        {errors.length > 0 ? (
          <p role="alert" className="w-full text-sm text-rose-700 dark:text-rose-300">
            {errors.join(" ")}
          </p>
        ) : null}
      </Form>
    </section>
  );
}
