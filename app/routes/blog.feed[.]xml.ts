import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { fixedT, getLocale } from "../server/i18n.server";
import { listPosts } from "../server/content.server";
import { localizedUrl } from "../server/seo.server";

function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/gu,
    (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[char] ?? char,
  );
}

/** /blog/feed.xml (Atom 1.0, RFC 4287): the blog's posts in the request's language (`?lang=tr`). */
export async function loader({ request }: LoaderFunctionArgs) {
  const locale = await getLocale(request);
  const t = fixedT(locale, "content");
  const origin = new URL(request.url).origin;
  const posts = listPosts(locale);
  const self = localizedUrl(origin, "/blog/feed.xml", locale);
  const updated = posts[0]?.meta.date ?? "2025-01-01";
  const entries = posts
    .map((post) => {
      const url = localizedUrl(origin, `/blog/${post.slug}`, locale);
      return [
        "  <entry>",
        `    <title>${escapeXml(post.meta.title)}</title>`,
        `    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
        `    <id>${escapeXml(url)}</id>`,
        `    <published>${post.meta.date}T00:00:00Z</published>`,
        `    <updated>${post.meta.date}T00:00:00Z</updated>`,
        `    <author><name>${escapeXml(post.meta.author)}</name></author>`,
        `    <category term="${escapeXml(post.meta.category)}"/>`,
        ...post.meta.tags.map((tag) => `    <category term="${escapeXml(tag)}"/>`),
        `    <summary>${escapeXml(post.meta.description)}</summary>`,
        "  </entry>",
      ].join("\n");
    })
    .join("\n");
  const xml = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${locale}">`,
    `  <title>${escapeXml(t("blog.title"))}</title>`,
    `  <subtitle>${escapeXml(t("blog.description"))}</subtitle>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(self)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(localizedUrl(origin, "/blog", locale))}"/>`,
    `  <id>${escapeXml(self)}</id>`,
    `  <updated>${updated}T00:00:00Z</updated>`,
    entries,
    "</feed>",
    "",
  ].join("\n");
  return new Response(xml, {
    headers: {
      "Content-Type": "application/atom+xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
      "Content-Language": locale,
    },
  });
}
