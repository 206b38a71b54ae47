import type { MetaDescriptor } from "@remix-run/cloudflare";
import type { SeoLinks } from "../../server/seo.server";

const OG_LOCALE = { en: "en_US", tr: "tr_TR" } as const;

/**
 * A page's meta tags: title, description, Open Graph and Twitter card, and optional JSON-LD
 * structured data (a data block: the CSP does not apply to it). The canonical and hreflang links
 * of every page come from the root (root.tsx, `pageSeoLinks`).
 */
export function seoMeta(input: {
  title: string;
  description: string;
  seo: SeoLinks;
  type?: "website" | "article";
  publishedTime?: string;
  jsonLd?: Record<string, unknown>;
}): MetaDescriptor[] {
  const { title, description, seo } = input;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:site_name", content: "Trinity" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: seo.canonical },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:locale", content: OG_LOCALE[seo.locale] },
    ...(input.publishedTime ? [{ property: "article:published_time", content: input.publishedTime }] : []),
    { name: "twitter:card", content: "summary" },
    ...(input.jsonLd ? [{ "script:ld+json": input.jsonLd }] : []),
  ];
}
