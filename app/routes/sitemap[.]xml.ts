import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { SUPPORTED_LOCALES, type Locale } from "../../core/locale";
import { contentSlugs, listPosts } from "../server/content.server";
import { localizedUrl } from "../server/seo.server";

/** The public pages of SPEC §2 (the dashboard, cart and sign-in flows are not for search engines). */
const STATIC_PATHS = [
  "/",
  "/domain",
  "/domain/transfer",
  "/vps",
  "/tools/whois",
  "/tools/speedtest",
  "/tools/ssl",
  "/blog",
  "/developers/api",
];

function escapeXml(text: string): string {
  return text.replace(/&/gu, "&amp;").replace(/</gu, "&lt;").replace(/>/gu, "&gt;");
}

/**
 * /sitemap.xml: every public page in both languages (`?lang=tr` for Turkish), each entry with
 * its hreflang alternates (xhtml:link), blog posts with their date.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  const posts = new Map(listPosts("en").map((post) => [`/blog/${post.slug}`, post.meta.date]));
  const paths = [...STATIC_PATHS, ...contentSlugs().pages.map((slug) => `/${slug}`), ...posts.keys()];
  const entry = (path: string, locale: Locale) => {
    const lastmod = posts.get(path);
    return [
      "  <url>",
      `    <loc>${escapeXml(localizedUrl(origin, path, locale))}</loc>`,
      ...(lastmod ? [`    <lastmod>${lastmod}</lastmod>`] : []),
      ...SUPPORTED_LOCALES.map(
        (code) =>
          `    <xhtml:link rel="alternate" hreflang="${code}" href="${escapeXml(localizedUrl(origin, path, code))}"/>`,
      ),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(localizedUrl(origin, path, "en"))}"/>`,
      "  </url>",
    ].join("\n");
  };
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...paths.flatMap((path) => SUPPORTED_LOCALES.map((locale) => entry(path, locale))),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
