// /vps (SPEC §2): VPS and servers, with the anchors x86, arm, root-servers-cpu and gpu-servers that
// the header's Hosting menu links, and the hosting plans. Each plan has an order form (billing
// cycle, OS, datacenter, hostname, SSH key) that adds it to the cart and goes to /cart with a
// toast; errors come back beside their field with the values kept. Works without JavaScript.
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useFormat } from "../i18n/use-format";
import { BILLING_CYCLES, SERVER_MESSAGES, serverOrderSchema } from "../../core/servers";
import type { ServerCatalogueView } from "../../workers/api/contract/servers";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { BUTTON_CLASS, ErrorList, Field, INPUT_CLASS } from "../components/ui/form";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { apiErrorText, isCode } from "../i18n/api-errors";
import { CONTENT_PAGE_SECONDS, type PageCacheHandle } from "../config/page-cache";
import { apiClient, readApi } from "../server/api.server";
import { cartApi } from "../server/cart.server";
import { cartCookie } from "../server/cookies.server";
import { getTranslator } from "../server/i18n.server";
import { createToastHeaders } from "../server/toast.server";

// The catalogue is in the repository: the page is the same for every visitor until a deploy.
export const handle = { i18n: ["servers"], pageCache: CONTENT_PAGE_SECONDS } satisfies I18nHandle & PageCacheHandle;

type Plan = ServerCatalogueView["plans"][number];

const SECTIONS = [
  { id: "x86", match: (plan: Plan) => plan.kind === "vps" && plan.arch === "x86" },
  { id: "arm", match: (plan: Plan) => plan.kind === "vps" && plan.arch === "arm" },
  { id: "root-servers-cpu", match: (plan: Plan) => plan.kind === "root" },
  { id: "gpu-servers", match: (plan: Plan) => plan.kind === "gpu" },
  { id: "hosting", match: (plan: Plan) => plan.kind === "hosting" },
] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [{ t }, answer] = await Promise.all([
    getTranslator(request, ["servers"]),
    apiClient(context, request)
      .api.v1.vps.plans.$get()
      .then((response) => readApi(response)),
  ]);
  if (!answer.ok) throw new Response(answer.message, { status: 503 });
  return { title: t("servers:metaTitle"), catalogue: answer.data };
}
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : `${data?.title ?? "VPS and servers"} · Trinity` },
  {
    name: "description",
    content:
      "x86 and ARM64 VPS, CPU and GPU root servers and web hosting, billed monthly, quarterly, annually or biennially.",
  },
];

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const plan = String(formData.get("plan") ?? "").slice(0, 32);
  const [{ t }, { cartId: existingCartId, client: cart }] = await Promise.all([
    getTranslator(request, ["servers"]),
    cartApi(request, context),
  ]);
  const submission = parseWithZod(formData, { schema: serverOrderSchema });
  const reply = (result: SubmissionResult<string[]>) => data({ plan, result }, { status: 400 });
  if (submission.status !== "success") return reply(submission.reply());
  const answer = await readApi(await cart.servers.$post({ json: submission.value }));
  if (!answer.ok) {
    const [detail] = answer.details;
    if (
      answer.status === 400 &&
      detail?.path &&
      ["plan", "cycle", "os", "datacenter", "hostname", "ssh_key"].includes(detail.path)
    ) {
      return reply(submission.reply({ fieldErrors: { [detail.path]: [detail.message] } }));
    }
    const message = apiErrorText(t, answer, "vps.order");
    if (isCode(answer, "already_in_cart")) return reply(submission.reply({ fieldErrors: { hostname: [message] } }));
    return data(
      { plan, result: submission.reply({ formErrors: [message] }) },
      { status: answer.status >= 500 ? 503 : 409 },
    );
  }
  const headers = new Headers();
  if (answer.data.id !== existingCartId)
    headers.append("Set-Cookie", await cartCookie(context).serialize(answer.data.id));
  const line = answer.data.items.at(-1);
  for (const [name, value] of await createToastHeaders({
    type: "success",
    description: t("servers:order.added", {
      plan: line?.type === "vps" ? line.planName : plan,
      hostname: submission.value.hostname,
    }),
  })) {
    headers.append(name, value);
  }
  return redirect("/cart", { status: 303, headers });
}

const MESSAGE_KEYS = new Map<string, string>(Object.entries(SERVER_MESSAGES).map(([key, message]) => [message, key]));

function useServerErrors(): (errors: string[] | undefined) => string[] | undefined {
  const { t } = useTranslation("servers");
  return (errors) =>
    errors?.map((message) => {
      const key = MESSAGE_KEYS.get(message);
      return key ? t(`errors.${key === "password" ? "required" : key}`) : message;
    });
}

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
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const mine = actionData?.plan === plan.id;
  const busy = navigation.state === "submitting" && navigation.formData?.get("plan") === plan.id;
  const [form, fields] = useForm({
    id: `order-${plan.id}`,
    lastResult: mine ? actionData?.result : undefined,
    defaultValue: { plan: plan.id, cycle: "monthly", os: plan.os[0] ?? "", datacenter: plan.datacenters[0] },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: serverOrderSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
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

function PlanCard({ plan, catalogue }: { plan: Plan; catalogue: ServerCatalogueView }) {
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

export default function VpsPage() {
  const { catalogue } = useLoaderData<typeof loader>();
  const { t } = useTranslation("servers");
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-3 max-w-3xl text-slate-700 dark:text-slate-300">{t("intro")}</p>
      <nav aria-label={t("sectionNav")} className="mt-6">
        <ul className="flex flex-wrap gap-3">
          {SECTIONS.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="rounded-full border border-slate-300 px-3 py-1 text-sm text-indigo-700 underline dark:border-slate-700 dark:text-indigo-300"
              >
                {t(`sections.${section.id}.title`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {SECTIONS.map((section) => {
        const plans = catalogue.plans.filter(section.match);
        const datacenters = [...new Set(plans.flatMap((plan) => plan.datacenters))].map(
          (id) => catalogue.datacenters.find((dc) => dc.id === id)?.city ?? id,
        );
        return (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-title`}
            className="mt-12 scroll-mt-20"
          >
            <h2 id={`${section.id}-title`} className="text-2xl font-semibold">
              {t(`sections.${section.id}.title`)}
            </h2>
            <p className="mt-1 text-slate-700 dark:text-slate-300">{t(`sections.${section.id}.text`)}</p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {t("datacenters", { list: datacenters.join(", ") })}
            </p>
            <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {plans.map((plan) => (
                <PlanCard key={plan.id} plan={plan} catalogue={catalogue} />
              ))}
            </ul>
          </section>
        );
      })}
      <p className="mt-10 text-sm text-slate-600 dark:text-slate-400">
        {BILLING_CYCLES.map((cycle) => t(`cycles.${cycle}`)).join(" · ")}
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
