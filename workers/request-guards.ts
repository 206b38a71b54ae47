// Guards of the storefront worker in front of Remix (issue 12): requests that Remix or an
// action would answer with a 500 are answered here with a 4xx, or cleaned of what a client
// cannot be trusted with.

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
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_TYPES.includes(type)) {
    return new Response(
      "This address accepts form posts only (application/x-www-form-urlencoded or multipart/form-data).",
      {
        status: 415,
        headers: { "content-type": "text/plain; charset=utf-8" },
      },
    );
  }
  try {
    await request.clone().formData();
    return null;
  } catch {
    return new Response("The form could not be read.", {
      status: 400,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  }
}

/** The pathname as React Router decodes it (each segment, `/` kept encoded; as is when malformed). */
function routerDecodedPath(pathname: string): string {
  try {
    return pathname
      .split("/")
      .map((segment) => decodeURIComponent(segment).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    return pathname;
  }
}

const LINK_BASE = "http://localhost";

/**
 * A page path whose decoded form holds a control character (`/%09/…`, `/%00`) or reads as another
 * host once resolved (`/%5C%25/…` decodes to `/\%/…`, which a URL parser reads as `//%/…`) is no
 * page of ours, and React Router throws (a 500) building links from such a location ("/\t/%00"
 * resolves to the host "%00"). It is answered 404 here.
 */
export function unsafePathRefusal(url: URL): Response | null {
  const decoded = routerDecodedPath(url.pathname);
  if (!/[\u0000-\u001f\u007f]/.test(decoded) && staysOnSite(decoded)) return null;
  return new Response("Not found.", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
}

/** Whether links built from this (decoded) path resolve on our own origin, as React Router's do. */
function staysOnSite(decoded: string): boolean {
  try {
    return new URL(decoded.replace(/ $/, "%20"), LINK_BASE).origin === LINK_BASE;
  } catch {
    return false;
  }
}

/**
 * `?_data=` is Remix's pre-single-fetch data request: this app uses single fetch (`.data` URLs),
 * and Remix answers a legacy data request for a route behind a redirect with a 500. No client of
 * ours sends it, so it is refused here (400).
 */
export function legacyDataRequestRefusal(url: URL): Response | null {
  if (!url.searchParams.has("_data")) return null;
  return new Response("Bad request.", { status: 400, headers: { "content-type": "text/plain; charset=utf-8" } });
}
