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

/**
 * The worker is the edge: nothing in front of it sets `X-Forwarded-Host`, so the header is
 * whatever the client typed. Remix compares it with `Origin` on every action and throws (a 500)
 * when they differ; without it Remix compares `Origin` with `Host`, as isCrossSiteRequest does.
 */
export function withoutForwardedHost(request: Request): Request {
  if (!request.headers.has("x-forwarded-host")) return request;
  const headers = new Headers(request.headers);
  headers.delete("x-forwarded-host");
  return new Request(request, { headers });
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * Every page action reads `request.formData()`, which throws on a body that is not a form (no
 * or another Content-Type, a broken multipart body): such a request gets a 415 or 400 here
 * instead of a 500 from the action. Browsers posting our forms never see this.
 */
export async function unreadableFormRefusal(request: Request): Promise<Response | null> {
  if (["GET", "HEAD", "OPTIONS"].includes(request.method)) return null;
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) {
    return new Response("This address accepts form posts only (application/x-www-form-urlencoded or multipart/form-data).", {
      status: 415,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  }
  try {
    await request.clone().formData();
    return null;
  } catch {
    return new Response("The form could not be read.", { status: 400, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
}
