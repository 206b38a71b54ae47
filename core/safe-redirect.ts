/**
 * The site origin used to resolve a candidate path: any fixed origin works, since only whether the
 * resolved URL stays on it matters. `.invalid` can never be a real host (RFC 2606).
 */
const SITE = "https://site.invalid";

/** C0/C1 control characters and whitespace (browsers strip tabs and newlines from URLs). */
const UNSAFE_ANYWHERE = /[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/;
/** The same in a (decoded) path, plus backslashes, which browsers read as "/". */
const UNSAFE_IN_PATH = /[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff\\]/;

/**
 * A same-origin path (path, query, hash) to go back to after a form post or sign-in, or
 * `fallback`. Only a value that starts with one "/" and resolves, against the site's origin, to
 * that same origin passes. Refused: absolute and protocol-relative URLs; control characters and
 * whitespace anywhere (browsers drop tabs and newlines, so "/\t/evil.example" would become
 * "//evil.example"; newlines also break the Location header); backslashes in the path (read as
 * "/"); and percent-encoded forms of those in the path ("/%09/", "/%2F/", "/%5C"), up to three
 * encodings deep. The query and hash may hold encoded characters ("?q=a%20b"). The answer is the
 * URL's own serialisation, so it is always a valid header value.
 */
export function safeRedirectPath(value: File | string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string" || value.length > 2048 || !value.startsWith("/") || UNSAFE_ANYWHERE.test(value)) {
    return fallback;
  }
  const pathEnd = value.search(/[?#]/);
  let path = pathEnd === -1 ? value : value.slice(0, pathEnd);
  for (let round = 0; ; round += 1) {
    if (UNSAFE_IN_PATH.test(path) || path.startsWith("//")) return fallback;
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
  return resolved.startsWith("//") ? fallback : resolved;
}
