/**
 * Cross-site request forgery guard for the storefront's form posts (DESIGN §9): a state-changing
 * request (anything but GET/HEAD/OPTIONS) to the Remix app is refused when the browser says it
 * comes from another site: an `Origin` header naming another origin (`null` included), or, when
 * there is no `Origin`, `Sec-Fetch-Site: cross-site`. Requests without either header (curl,
 * scripts) pass: they carry no victim's cookies. The session cookie is SameSite=Lax as well.
 */
export function isCrossSiteRequest(request: Request): boolean {
  if (["GET", "HEAD", "OPTIONS"].includes(request.method)) return false;
  const origin = request.headers.get("origin");
  if (origin !== null) return origin !== new URL(request.url).origin;
  return request.headers.get("sec-fetch-site") === "cross-site";
}

export function crossSiteRefusal(): Response {
  return new Response("Cross-site form posts are not accepted.", {
    status: 403,
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
}
