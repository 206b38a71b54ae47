/**
 * The site origin used to resolve a candidate path: any fixed origin works, since only whether the
 * resolved URL stays on it matters. `.invalid` can never be a real host (RFC 2606).
 */
const SITE = "https://site.invalid";

/**
 * C0/C1 control characters and whitespace (browsers strip tabs and newlines from URLs, newlines
 * break the Location header) and backslashes (browsers read them as "/" in a path, and the URL
 * parser leaves them raw in a query or hash, so a Location header would carry them).
 */
const UNSAFE = /[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff\\]/;

/**
 * A same-origin path (path, query, hash) to go back to after a form post or sign-in, or
 * `fallback`. Only a value that starts with one "/" and resolves, against the site's origin, to
 * that same origin passes. Refused (the fallback, never a repaired value): absolute and
 * protocol-relative URLs; control characters, whitespace and backslashes anywhere — path, query or
 * hash (browsers drop tabs and newlines, so "/\t/evil.example" would become "//evil.example";
 * "/#\" would put a raw backslash in the Location header); and percent-encoded forms of those in
 * the path ("/%09/", "/%2F/", "/%5C"), up to three encodings deep. The query and hash may hold
 * encoded characters ("?q=a%20b", "#%5C"). The answer is the URL's own serialisation, so it is
 * always a valid header value. Every redirect parameter of the site (locale, theme, sign-in, cart,
 * checkout, 3-D Secure return, e-mail verification) goes through here.
 */
export function safeRedirectPath(value: File | string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string" || value.length > 2048 || !value.startsWith("/") || UNSAFE.test(value)) {
    return fallback;
  }
  const pathEnd = value.search(/[?#]/);
  let path = pathEnd === -1 ? value : value.slice(0, pathEnd);
  for (let round = 0; ; round += 1) {
    if (UNSAFE.test(path) || path.startsWith("//")) return fallback;
    let next: string;
    try {
      next = decodeURIComponent(path);
    } catch {
      return fallback;
    }
    if (next === path) break;
    if (round === 3) return fallback;
    path = next;
  }
  let url: URL;
  try {
    url = new URL(value, SITE);
  } catch {
    return fallback;
  }
  if (url.origin !== SITE) return fallback;
  const resolved = `${url.pathname}${url.search}${url.hash}`;
  return resolved.startsWith("//") || UNSAFE.test(resolved) ? fallback : resolved;
}
