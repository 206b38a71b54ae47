// /vps (SPEC §2): VPS and servers, with the anchors x86, arm, root-servers-cpu and gpu-servers that
// the header's Hosting menu links, and the hosting plans. Each plan has an order form (billing
// cycle, OS, datacenter, hostname, SSH key) that adds it to the cart and goes to /cart with a
// toast; errors come back beside their field with the values kept. Works without JavaScript.
// Loader and action: app/server/server-order.server.ts; a plan's card: app/components/servers/plan-card.tsx.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BILLING_CYCLES } from "../../core/servers/cycles";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { PlanCard, type Plan } from "../components/servers/plan-card";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { CONTENT_PAGE_SECONDS, type PageCacheHandle } from "../config/page-cache";
import { loadServerCatalogue, orderServer } from "../server/server-order.server";

// The catalogue is in the repository: the page is the same for every visitor until a deploy.
export const handle = {
  i18n: [
    "servers/title",
    "servers/intro",
    "servers/sectionNav",
    "servers/sections",
    "servers/popular",
    "servers/specs",
    "servers/fromPerMonth",
    "servers/cycles",
    "servers/cyclePrice",
    "servers/save",
    "servers/order",
    "servers/errors",
    "servers/datacenters",
  ],
  pageCache: CONTENT_PAGE_SECONDS,
} satisfies I18nHandle & PageCacheHandle;

const SECTIONS = [
  { id: "x86", match: (plan: Plan) => plan.kind === "vps" && plan.arch === "x86" },
  { id: "arm", match: (plan: Plan) => plan.kind === "vps" && plan.arch === "arm" },
  { id: "root-servers-cpu", match: (plan: Plan) => plan.kind === "root" },
  { id: "gpu-servers", match: (plan: Plan) => plan.kind === "gpu" },
  { id: "hosting", match: (plan: Plan) => plan.kind === "hosting" },
] as const;

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadServerCatalogue(request, context);
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

export function action({ request, context }: ActionFunctionArgs) {
  return orderServer(request, context);
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
