import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ServerCatalogueView } from "../../../workers/api/contract/servers";
import { useFormat } from "../../i18n/use-format";
import { BUTTON_CLASS, ErrorList, Field, INPUT_CLASS } from "../ui/form";
import { useServerErrors, type ServerOrderActionData } from "./intents";
import { useSchemaForm } from "../ui/form-hooks";

// A plan of the /vps catalogue: its price, specs, cycle prices with their savings, and its order
// form (billing cycle, OS, datacenter, hostname, SSH key; the schema is core's serverOrderSchema,
// shared by Conform, the action and the API). Errors come back beside their field, values kept.

export type Plan = ServerCatalogueView["plans"][number];

function Specs({ plan }: { plan: Plan }) {
  const { t } = useTranslation("servers");
  const { number } = useFormat();
  const rows: [string, string][] = [
    [t("specs.cpu"), `${t("specs.cores", { count: plan.cpu_cores })}${plan.cpu_model ? ` · ${plan.cpu_model}` : ""}`],
    [t("specs.ram"), t("specs.gb", { count: plan.ram_gb })],
    [
      t("specs.disk"),
      `${plan.disk_gb >= 1000 ? `${number(plan.disk_gb / 1000)} TB` : t("specs.gb", { count: plan.disk_gb })} ${plan.disk_type}`,
    ],
    [
      t("specs.traffic"),
      plan.traffic_tb === "unlimited" ? t("specs.unlimited") : t("specs.trafficTb", { count: plan.traffic_tb }),
    ],
  ];
  if (plan.gpu)
    rows.push([t("specs.gpu"), t("specs.gpuMemory", { model: plan.gpu.model, memory: plan.gpu.memory_gb })]);
  if (plan.websites) rows.push([t("specs.sites"), t("specs.websites", { count: plan.websites })]);
  return (
    <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={`${label}${value}`} className="contents">
          <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function OrderForm({ plan, catalogue }: { plan: Plan; catalogue: ServerCatalogueView }) {
  const { t } = useTranslation("servers");
  const { money, percent } = useFormat();
  const translate = useServerErrors();
  const actionData = useActionData<ServerOrderActionData>();
  const navigation = useNavigation();
  const mine = actionData?.plan === plan.id;
  const busy = navigation.state === "submitting" && navigation.formData?.get("plan") === plan.id;
  const [form, fields] = useSchemaForm({
    id: `order-${plan.id}`,
    schema: () => import("../../../core/servers").then((m) => m.serverOrderSchema),
    lastResult: mine ? actionData?.result : undefined,
    defaultValue: { plan: plan.id, cycle: "monthly", os: plan.os[0] ?? "", datacenter: plan.datacenters[0] },
    validateOn: "onBlur",
  });
  const oses = catalogue.operating_systems.filter((os) => plan.os.includes(os.id));
  const isHosting = plan.kind === "hosting";
  return (
    <details className="mt-4 rounded-xl border border-slate-200 dark:border-slate-700" open={mine}>
      <summary className="cursor-pointer rounded-xl px-4 py-2 font-medium text-indigo-700 dark:text-indigo-300">
        {t("order.open", { plan: plan.name })}
      </summary>
      <Form method="post" action="/vps" {...getFormProps(form)} className="space-y-3 p-4">
        <input type="hidden" name="plan" value={plan.id} />
        <Field id={fields.cycle.id} label={t("order.cycle")} errors={translate(fields.cycle.errors)}>
          <select {...getSelectProps(fields.cycle)} className={INPUT_CLASS}>
            {plan.prices.map((price) => (
              <option key={price.cycle} value={price.cycle}>
                {t("cyclePrice", { cycle: t(`cycles.${price.cycle}`), price: money(price.price) })}
                {price.saving > 0
                  ? ` — ${t("save", { percent: percent(price.saving_percent), amount: money(price.saving) })}`
                  : ""}
              </option>
            ))}
          </select>
        </Field>
        {isHosting ? null : (
          <Field id={fields.os.id} label={t("order.os")} errors={translate(fields.os.errors)}>
            <select {...getSelectProps(fields.os)} className={INPUT_CLASS}>
              {oses.map((os) => (
                <option key={os.id} value={os.id}>
                  {os.licence_per_month > 0
                    ? t("order.osLicence", { name: os.name, price: money(os.licence_per_month) })
                    : os.name}
                </option>
              ))}
            </select>
          </Field>
        )}
        <Field id={fields.datacenter.id} label={t("order.datacenter")} errors={translate(fields.datacenter.errors)}>
          <select {...getSelectProps(fields.datacenter)} className={INPUT_CLASS}>
            {catalogue.datacenters
              .filter((dc) => plan.datacenters.includes(dc.id))
              .map((dc) => (
                <option key={dc.id} value={dc.id}>
                  {dc.city} ({dc.country})
                </option>
              ))}
          </select>
        </Field>
        <Field
          id={fields.hostname.id}
          label={isHosting ? t("order.domain") : t("order.hostname")}
          hint={t("order.hostnameHint")}
          errors={translate(fields.hostname.errors)}
        >
          <input
            {...getInputProps(fields.hostname, { type: "text", ariaDescribedBy: `${fields.hostname.id}-hint` })}
            autoComplete="off"
            spellCheck={false}
            maxLength={253}
            className={INPUT_CLASS}
          />
        </Field>
        {isHosting ? null : (
          <Field
            id={fields.ssh_key.id}
            label={t("order.sshKey")}
            hint={t("order.sshKeyHint")}
            errors={translate(fields.ssh_key.errors)}
          >
            <textarea
              {...getTextareaProps(fields.ssh_key, { ariaDescribedBy: `${fields.ssh_key.id}-hint` })}
              rows={3}
              spellCheck={false}
              className={`${INPUT_CLASS} font-mono text-xs`}
            />
          </Field>
        )}
        <ErrorList id={form.errorId} errors={form.errors} />
        <button type="submit" className={BUTTON_CLASS} aria-busy={busy} disabled={busy}>
          {t("order.submit", { plan: plan.name })}
        </button>
      </Form>
    </details>
  );
}

export function PlanCard({ plan, catalogue }: { plan: Plan; catalogue: ServerCatalogueView }) {
  const { t } = useTranslation("servers");
  const { money, percent } = useFormat();
  const monthly = plan.prices.find((price) => price.cycle === "monthly");
  const cheapest = Math.min(...plan.prices.map((price) => price.per_month));
  return (
    <li className="flex flex-col rounded-2xl border border-slate-200 p-5 dark:border-slate-800">
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="text-lg font-semibold">{plan.name}</h3>
        {plan.popular ? (
          <span className="rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-medium text-indigo-900 dark:bg-indigo-900 dark:text-indigo-100">
            {t("popular")}
          </span>
        ) : null}
      </div>
      <p className="mt-1 text-2xl font-bold">
        {money(monthly?.price ?? 0)}
        <span className="text-sm font-normal text-slate-600 dark:text-slate-400">
          {" "}
          / {t("cycles.monthly").toLowerCase()}
        </span>
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t("fromPerMonth", { price: money(cheapest) })}</p>
      <Specs plan={plan} />
      <ul className="mt-3 space-y-0.5 text-sm">
        {plan.prices
          .filter((price) => price.cycle !== "monthly")
          .map((price) => (
            <li key={price.cycle}>
              {t("cyclePrice", { cycle: t(`cycles.${price.cycle}`), price: money(price.price) })}{" "}
              <span className="text-emerald-800 dark:text-emerald-300">
                {t("save", { percent: percent(price.saving_percent), amount: money(price.saving) })}
              </span>
            </li>
          ))}
      </ul>
      <OrderForm plan={plan} catalogue={catalogue} />
    </li>
  );
}
