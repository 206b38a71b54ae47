import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Prose } from "../components/content/prose";
import { seoMeta } from "../components/content/seo";
import { CODE_CLASS, LINK_CLASS, Operation } from "../components/developers/operation";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { STATIC_CONTENT_PAGE, type PageCacheHandle } from "../config/page-cache";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { loadDevelopersApiPage } from "../server/developers-api.server";

// /developers/api (issue 20): the OpenAPI document of /api/v1 for people, rendered on the server
// (no JavaScript shipped: `hydrate: false`), grouped by tag, with a table of contents. The API's
// own texts are English; the chrome is translated. The raw document is a download. Loader:
// app/server/developers-api.server.ts; one operation: app/components/developers/operation.tsx.

const OPENAPI_PATH = "/api/v1/openapi.json";

export const handle = { i18n: ["content"], ...STATIC_CONTENT_PAGE } satisfies I18nHandle & PageCacheHandle;

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadDevelopersApiPage(request, context);
}
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export const meta: MetaFunction<typeof loader> = ({ data, error }) =>
  error || !data
    ? [{ title: errorTitle(error) }]
    : seoMeta({ title: `${data.title} · Trinity`, description: data.description, seo: data.seo });

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
