import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Prose } from "../components/content/prose";
import { seoMeta } from "../components/content/seo";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { STATIC_CONTENT_PAGE, type PageCacheHandle } from "../config/page-cache";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { apiClient } from "../server/api.server";
import { apiReference, type FieldRow, type OperationView } from "../server/api-reference.server";
import { getTranslator } from "../server/i18n.server";
import { seoLinks } from "../server/seo.server";

// /developers/api (issue 20): the OpenAPI document of /api/v1 for people, rendered on the server
// (no JavaScript shipped: `hydrate: false`), grouped by tag, with a table of contents. The API's
// own texts are English; the chrome is translated. The raw document is a download.

const OPENAPI_PATH = "/api/v1/openapi.json";

export const handle = { i18n: ["content"], ...STATIC_CONTENT_PAGE } satisfies I18nHandle & PageCacheHandle;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { t, locale } = await getTranslator(request, ["content"]);
  // Read in-process through the typed client, as every page reads the API.
  const response = await apiClient(context, request).api.v1["openapi.json"].$get();
  if (!response.ok) throw new Response(null, { status: 503 });
  const reference = apiReference(await response.json());
  // One tag's operations per page (`?tag=pricing`): all 119 on one page were 1.4 MB of HTML.
  const tag = new URL(request.url).searchParams.get("tag");
  const shown = tag === null ? [] : reference.groups.filter((group) => group.anchor === `tag-${tag}`);
  if (tag !== null && shown.length === 0) throw new Response(null, { status: 404 });
  return {
    title: t("developers.metaTitle"),
    description: t("developers.description"),
    locale,
    reference,
    shown,
    seo: seoLinks(request, locale, "/developers/api"),
  };
}
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export const meta: MetaFunction<typeof loader> = ({ data, error }) =>
  error || !data
    ? [{ title: errorTitle(error) }]
    : seoMeta({ title: `${data.title} · Trinity`, description: data.description, seo: data.seo });

const METHOD_CLASS: Record<string, string> = {
  GET: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100",
  POST: "bg-indigo-100 text-indigo-900 dark:bg-indigo-900 dark:text-indigo-100",
  PUT: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  PATCH: "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100",
  DELETE: "bg-rose-100 text-rose-900 dark:bg-rose-900 dark:text-rose-100",
};
const OTHER_METHOD_CLASS = "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100";

const LINK_CLASS =
  "font-medium text-indigo-700 underline hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-100";
const CODE_CLASS =
  "rounded bg-slate-100 px-1 py-0.5 font-mono text-sm text-slate-900 dark:bg-slate-800 dark:text-slate-100";
const BADGE_CLASS = "inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold";
const TH_CLASS = "border-b border-slate-300 py-2 pr-4 font-semibold dark:border-slate-700";
const TD_CLASS = "border-b border-slate-200 py-2 pr-4 align-top dark:border-slate-800";

/** A table that scrolls sideways on a narrow screen (a focusable region, so keyboards can scroll it). */
function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="mt-2 overflow-x-auto rounded focus:outline-none focus:ring-2 focus:ring-indigo-500"
    >
      <table className="w-full min-w-[36rem] text-left text-sm">{children}</table>
    </div>
  );
}

function FieldsTable({ label, fields, withPlace }: { label: string; fields: FieldRow[]; withPlace: boolean }) {
  const { t } = useTranslation("content");
  if (fields.length === 0)
    return <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("developers.noFields")}</p>;
  return (
    <ScrollTable label={label}>
      <thead>
        <tr>
          <th scope="col" className={TH_CLASS}>
            {t("developers.columns.name")}
          </th>
          {withPlace ? (
            <th scope="col" className={TH_CLASS}>
              {t("developers.columns.in")}
            </th>
          ) : null}
          <th scope="col" className={TH_CLASS}>
            {t("developers.columns.type")}
          </th>
          <th scope="col" className={TH_CLASS}>
            {t("developers.columns.required")}
          </th>
          <th scope="col" className={TH_CLASS}>
            {t("developers.columns.description")}
          </th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => (
          <tr key={`${field.in ?? ""}:${field.name}`}>
            <td className={TD_CLASS}>
              <code className="break-all font-mono font-semibold text-slate-900 dark:text-white">{field.name}</code>
            </td>
            {withPlace ? <td className={TD_CLASS}>{field.in}</td> : null}
            <td className={`${TD_CLASS} break-words font-mono text-xs`}>{field.type}</td>
            <td className={TD_CLASS}>{field.required ? t("developers.required") : t("developers.optional")}</td>
            <td lang="en" className={`${TD_CLASS} min-w-[12rem]`}>
              {field.description}
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

function AuthBadge({ operation }: { operation: OperationView }) {
  const { t } = useTranslation("content");
  const [label, tone] =
    operation.auth.length === 0
      ? [t("developers.noAuth"), "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200"]
      : operation.authOptional
        ? [t("developers.bearerOptional"), "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200"]
        : operation.bearer
          ? [t("developers.needsBearer"), "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100"]
          : [
              t("developers.needsAuth", { schemes: operation.auth.join(", ") }),
              "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
            ];
  return <span className={`${BADGE_CLASS} ${tone}`}>{label}</span>;
}

function Operation({ operation }: { operation: OperationView }) {
  const { t } = useTranslation("content");
  const route = `${operation.method} ${operation.path}`;
  return (
    <article
      aria-labelledby={operation.anchor}
      className="mt-6 rounded-2xl border border-slate-200 p-4 sm:p-6 dark:border-slate-800"
    >
      <h3 id={operation.anchor} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-lg font-semibold">
        <span
          className={`rounded px-2 py-0.5 font-mono text-sm font-bold ${METHOD_CLASS[operation.method] ?? OTHER_METHOD_CLASS}`}
        >
          {operation.method}
        </span>{" "}
        <code className="min-w-0 break-all font-mono text-base text-slate-900 dark:text-white">{operation.path}</code>
      </h3>
      {operation.summary ? (
        <p lang="en" className="mt-2 text-slate-700 dark:text-slate-300">
          {operation.summary}
        </p>
      ) : null}
      <p className="mt-2 flex flex-wrap gap-2">
        <AuthBadge operation={operation} />
        {operation.deprecated ? (
          <span className={`${BADGE_CLASS} bg-rose-100 text-rose-900 dark:bg-rose-900 dark:text-rose-100`}>
            {t("developers.deprecated")}
          </span>
        ) : null}
      </p>
      {operation.descriptionHtml ? (
        <div lang="en">
          <Prose html={operation.descriptionHtml} className="text-sm" />
        </div>
      ) : null}

      {operation.parameters.length > 0 ? (
        <section className="mt-4">
          <h4 className="font-semibold">{t("developers.parameters")}</h4>
          <FieldsTable label={`${t("developers.parameters")}: ${route}`} fields={operation.parameters} withPlace />
        </section>
      ) : null}

      {operation.body ? (
        <section className="mt-4">
          <h4 className="font-semibold">{t("developers.requestBody")}</h4>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {t("developers.contentType", { type: operation.body.contentType })} ·{" "}
            <span className="break-words font-mono text-xs">{operation.body.type}</span>
          </p>
          <FieldsTable
            label={`${t("developers.requestBody")}: ${route}`}
            fields={operation.body.fields}
            withPlace={false}
          />
        </section>
      ) : null}

      {operation.success ? (
        <section className="mt-4">
          <h4 className="font-semibold">{t("developers.response")}</h4>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            {t("developers.responseStatus", { status: operation.success.status })}{" "}
            <span lang="en">{operation.success.description}</span>
          </p>
          {operation.success.contentType && operation.success.contentType !== "application/json" ? (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {t("developers.contentType", { type: operation.success.contentType })}
            </p>
          ) : null}
          {operation.success.type ? (
            <p className="mt-1 break-words font-mono text-xs text-slate-600 dark:text-slate-400">
              {t("developers.dataType", { type: operation.success.type })}
            </p>
          ) : null}
          {operation.success.fields.length > 0 ? (
            <FieldsTable
              label={`${t("developers.response")}: ${route}`}
              fields={operation.success.fields}
              withPlace={false}
            />
          ) : null}
        </section>
      ) : null}

      {operation.errors.length > 0 ? (
        <section className="mt-4">
          <h4 className="font-semibold">{t("developers.errors")}</h4>
          <ScrollTable label={`${t("developers.errors")}: ${route}`}>
            <thead>
              <tr>
                <th scope="col" className={`${TH_CLASS} w-24`}>
                  {t("developers.columns.status")}
                </th>
                <th scope="col" className={TH_CLASS}>
                  {t("developers.columns.codes")}
                </th>
              </tr>
            </thead>
            <tbody>
              {operation.errors.map((error) => (
                <tr key={error.status}>
                  <td className={`${TD_CLASS} font-mono`}>{error.status}</td>
                  <td className={TD_CLASS}>
                    {error.codes.length > 0 ? (
                      <ul className="flex flex-wrap gap-2">
                        {error.codes.map((code) => (
                          <li key={code}>
                            <code className={CODE_CLASS}>{code}</code>
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <span lang="en">{error.description}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        </section>
      ) : null}
    </article>
  );
}

export default function DevelopersApiPage() {
  const { reference, shown, locale } = useLoaderData<typeof loader>();
  const { t } = useTranslation("content");
  return (
    <article className="mx-auto max-w-5xl px-4 py-12 sm:py-16">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
          {t("developers.title")}
        </h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {reference.title} · {t("developers.version", { version: reference.version, openapi: reference.openapi })}
        </p>
        <p className="mt-4 max-w-3xl text-slate-700 dark:text-slate-300">{t("developers.intro")}</p>
        {locale !== "en" ? (
          <p className="mt-3 max-w-3xl rounded-lg border border-indigo-200 bg-indigo-50 p-3 text-sm text-indigo-950 dark:border-indigo-800 dark:bg-indigo-950 dark:text-indigo-100">
            {t("developers.languageNote")}
          </p>
        ) : null}
        <p className="mt-4">
          <a
            href={OPENAPI_PATH}
            download="openapi.json"
            type="application/json"
            className="inline-flex items-center rounded-lg bg-indigo-700 px-4 py-2 font-semibold text-white hover:bg-indigo-800 focus:outline-none focus:ring-2 focus:ring-indigo-500 focus:ring-offset-2 dark:bg-indigo-300 dark:text-slate-950 dark:hover:bg-indigo-200 dark:focus:ring-offset-slate-950"
          >
            {t("developers.download")}
          </a>
          <span className="mt-1 block text-sm text-slate-600 dark:text-slate-400">{t("developers.downloadHint")}</span>
        </p>
      </header>

      {reference.descriptionHtml ? (
        <section aria-labelledby="overview" className="mt-10">
          <h2 id="overview" className="text-2xl font-bold tracking-tight">
            {t("developers.overview")}
          </h2>
          <div lang="en">
            <Prose html={reference.descriptionHtml} className="mt-2" />
          </div>
        </section>
      ) : null}

      {reference.auth.length > 0 ? (
        <section aria-labelledby="authentication" className="mt-10">
          <h2 id="authentication" className="text-2xl font-bold tracking-tight">
            {t("developers.authTitle")}
          </h2>
          <dl className="mt-4 space-y-3">
            {reference.auth.map((scheme) => (
              <div key={scheme.name} className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
                <dt>
                  <code className={CODE_CLASS}>{scheme.name}</code>{" "}
                  <span className="text-sm text-slate-600 dark:text-slate-400">({scheme.kind})</span>
                </dt>
                {scheme.descriptionHtml ? (
                  <dd lang="en">
                    <Prose html={scheme.descriptionHtml} className="text-sm [&_p]:mt-2" />
                  </dd>
                ) : null}
              </div>
            ))}
          </dl>
        </section>
      ) : null}

      <nav aria-labelledby="contents" className="mt-10">
        <h2 id="contents" className="text-2xl font-bold tracking-tight">
          {t("developers.contents")}
        </h2>
        <ul className="mt-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {reference.groups.map((group) => (
            <li key={group.anchor}>
              <a href={`?tag=${group.anchor.slice("tag-".length)}#${group.anchor}`} className={LINK_CLASS}>
                {group.name}
              </a>{" "}
              <span className="text-sm text-slate-600 dark:text-slate-400">
                ({t("developers.operations", { count: group.operations.length })})
              </span>
            </li>
          ))}
        </ul>
      </nav>

      {shown.map((group) => (
        <section key={group.anchor} aria-labelledby={group.anchor} className="mt-12">
          <h2 id={group.anchor} className="text-2xl font-bold tracking-tight">
            {group.name}
          </h2>
          {group.description ? (
            <p lang="en" className="mt-2 text-slate-700 dark:text-slate-300">
              {group.description}
            </p>
          ) : null}
          <ul className="mt-3 space-y-1 text-sm">
            {group.operations.map((operation) => (
              <li key={operation.anchor} className="break-all">
                <a href={`#${operation.anchor}`} className={LINK_CLASS}>
                  <span className="font-mono">
                    {operation.method} {operation.path}
                  </span>
                </a>
              </li>
            ))}
          </ul>
          {group.operations.map((operation) => (
            <Operation key={operation.anchor} operation={operation} />
          ))}
          <p className="mt-4 text-sm">
            <a href="#contents" className={LINK_CLASS}>
              {t("developers.backToContents")}
            </a>
          </p>
        </section>
      ))}
    </article>
  );
}

function Unavailable() {
  const { t } = useTranslation("content");
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold tracking-tight">{t("developers.title")}</h1>
      <p role="alert" className="mt-4 text-slate-700 dark:text-slate-300">
        {t("developers.unavailable")}
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 503: () => <Unavailable /> }} />;
}
