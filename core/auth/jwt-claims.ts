// Reading (not verifying) the claims of an access token, for the session timers (SPEC §3: a
// decoded token carries an exp claim; it is readable only if it has 3 dot-separated parts).
// Never use this to trust a token: the API verifies signatures; the browser only needs `exp`.

export type JwtClaims = { exp?: number; iat?: number; sub?: string };

const SEGMENT = /^[A-Za-z0-9_-]+$/u;

function decodeSegment(segment: string): string | null {
  if (!SEGMENT.test(segment) || segment.length % 4 === 1) return null;
  const padded = segment.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (segment.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * The payload's `exp`, `iat` (seconds since the epoch, finite numbers) and `sub` (a string), or
 * null when the token is not three dot-separated parts with a base64url JSON-object payload.
 * Claims of the wrong type are left out rather than trusted.
 */
export function decodeJwtPayload(token: string | null | undefined): JwtClaims | null {
  if (typeof token !== "string") return null;
  const parts = token.split(".");
  const [header, body] = parts;
  if (parts.length !== 3 || !header || body === undefined) return null;
  const json = decodeSegment(body);
  if (json === null) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) return null;
  const claims: JwtClaims = {};
  const { exp, iat, sub } = payload as Record<string, unknown>;
  if (typeof exp === "number" && Number.isFinite(exp)) claims.exp = exp;
  if (typeof iat === "number" && Number.isFinite(iat)) claims.iat = iat;
  if (typeof sub === "string") claims.sub = sub;
  return claims;
}

/** When the token expires, in epoch milliseconds; null when unreadable or without `exp`. */
export function tokenExpiresAt(token: string | null | undefined): number | null {
  const exp = decodeJwtPayload(token)?.exp;
  return exp === undefined ? null : exp * 1000;
}

/**
 * Milliseconds left before the token expires (negative once expired); null when the token is
 * unreadable or has no `exp` — the session monitor treats that as an invalid token.
 */
export function msUntilExpiry(token: string | null | undefined, nowMs: number): number | null {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt === null ? null : expiresAt - nowMs;
}
