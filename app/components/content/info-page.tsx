import type { MetaFunction } from "@remix-run/cloudflare";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { InfoPageData } from "../../server/info-page.server";
import { errorTitle } from "../error-boundary";
import { Prose } from "./prose";
import { seoMeta } from "./seo";

/** An info page: its title, "last updated" line, the Markdown body and any extra parts. */
export function InfoPage({ data, children, before }: { data: InfoPageData; children?: ReactNode; before?: ReactNode }) {
  const { t } = useTranslation("content");
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{data.title}</h1>
        {data.updated ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            {t("page.lastUpdated", { date: data.updated })}
          </p>
        ) : null}
      </header>
      {before}
      <Prose html={data.html} className="mt-6" />
      {children}
    </article>
  );
}

/** The `meta` of an info page route. */
export const infoPageMeta: MetaFunction<() => Promise<InfoPageData>> = ({ data, error }) =>
  error || !data
    ? [{ title: errorTitle(error) }]
    : seoMeta({ title: `${data.title} · Trinity`, description: data.description, seo: data.seo });
