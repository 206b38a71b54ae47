// Domain forwarding, served for real (issue 14): a request whose Host is a customer's host name
// with a FORWARD record answers its 301/302 (path and query kept); with a STEALTH record, a page
// titled as the customer chose that frames the target. The customer points the host at us
// (A/AAAA or CNAME to the storefront; a Cloudflare custom hostname in production).
import { normaliseHost } from "../core/domain-name";
import { findForwarding } from "./api/db/dns";

/** Our own host names: never looked up as a customer's. STOREFRONT_HOSTS adds the deployed ones. */
export function isOwnHost(host: string, extra: string | undefined): boolean {
  if (host === "localhost" || host === "127.0.0.1" || host === "[::1]" || host.endsWith(".workers.dev")) return true;
  const own = (extra ?? "")
    .split(",")
    .map((value) => value.trim().toLowerCase())
    .filter(Boolean);
  return own.some((name) => host === name || host.endsWith(`.${name}`));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The target with the request's path appended and both queries kept. */
export function forwardTarget(target: string, request: URL): string {
  const url = new URL(target);
  if (request.pathname !== "/") url.pathname = `${url.pathname.replace(/\/$/, "")}${request.pathname}`;
  for (const [key, value] of request.searchParams) url.searchParams.append(key, value);
  return url.toString();
}

export async function forwardingResponse(
  request: Request,
  env: { DB: D1Database; STOREFRONT_HOSTS?: string },
  now: Date = new Date(),
): Promise<Response | null> {
  const url = new URL(request.url);
  const host = normaliseHost(url.hostname);
  if (isOwnHost(host, env.STOREFRONT_HOSTS)) return null;
  const record = await findForwarding(env.DB, host, now);
  if (!record) return null;
  const target = forwardTarget(record.content, url);
  if (record.type === "FORWARD") {
    return new Response(null, {
      status: record.redirect_type ?? 301,
      headers: { location: target, "cache-control": "no-store" },
    });
  }
  const title = escapeHtml(record.page_title ?? host);
  const origin = new URL(record.content).origin;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>html,body,iframe{margin:0;padding:0;border:0;width:100%;height:100%;overflow:hidden}</style></head>
<body><iframe src="${escapeHtml(target)}" title="${title}"></iframe></body>
</html>`;
  return new Response(html, {
    status: 200,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": `default-src 'none'; style-src 'unsafe-inline'; frame-src ${origin}; frame-ancestors 'none'; base-uri 'none'`,
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "cache-control": "no-store",
    },
  });
}
