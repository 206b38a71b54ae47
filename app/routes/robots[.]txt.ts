import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

/**
 * /robots.txt: pages may be crawled, the API and the development mailbox not. Names the sitemap.
 * The account area (/dashboard, the checkout) is not listed: it is behind a sign-in, so a crawler
 * is sent to /signin and never sees it, and a Disallow line would only make its pages fail
 * Lighthouse's "page is blocked from indexing" audit (issue 25).
 */
export function loader({ request }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /dev/",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
