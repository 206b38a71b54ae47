import { notFoundResponse } from "../components/error-boundary";
import { formatMonth } from "../../core/format";
import type { Locale } from "../../core/locale";
import { getPage } from "./content.server";
import { getLocale } from "./i18n.server";
import { seoLinks } from "./seo.server";

/** "August 2025" / "Ağustos 2025": formatted on the server, so hydration sees the same text. */
export function monthYear(isoDate: string, locale: Locale): string {
  return formatMonth(locale, `${isoDate}T00:00:00Z`) ?? isoDate;
}

/** The loader data of an info page (data/pages/<slug>.<locale>.md) at `/<slug>`. */
export async function loadInfoPage(request: Request, slug: string) {
  const locale = await getLocale(request);
  const page = getPage(slug, locale);
  if (!page) notFoundResponse();
  return {
    slug,
    title: page.meta.title,
    description: page.meta.description,
    updated: page.meta.updated ? monthYear(page.meta.updated, locale) : null,
    html: page.html,
    seo: seoLinks(request, locale, `/${slug}`),
  };
}

export type InfoPageData = Awaited<ReturnType<typeof loadInfoPage>>;
