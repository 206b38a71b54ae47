// THE rule of what a personal API token may call (issue 20), in one place: the bearer middleware
// refuses everything else with 403 `insufficient_scope`, and the OpenAPI document lists, per
// route, the scopes that allow it (workers/api/openapi.ts). Paths are relative to /api/v1 and may
// be concrete (/dns/domains/example.com/records) or templated (/dns/domains/{domain}/records).
//
//   read     GET of domains, DNS, transfers, servers, billing (orders, payments, invoices, cards)
//   domains  read + changes to the customer's domains, DNS and transfers
//   billing  read + cart, checkout, saved cards and orders
//
// A renewal of a domain both changes the domain and charges the card: it needs domains and
// billing. Servers are read-only to tokens. /account/**, /auth/**, the profile and everything not
// listed here (support tickets, analytics, the test payment pages) never take a personal token.
import type { ApiTokenScope } from "../contract/api-tokens";

type Area = "domains" | "servers" | "billing" | "checkout";

/** Path → area; the first match wins. */
const AREAS: readonly (readonly [RegExp, Area])[] = [
  [/^\/(user-domains|dns\/domains|domains\/dns)(\/|$)/, "domains"],
  [/^\/domains\/[^/]+\/transfer-(status|check)$/, "domains"],
  [/^\/(vps|hosting)(\/|$)/, "servers"],
  [/^\/(orders|payments|invoices|user\/payment-methods?)(\/|$)/, "billing"],
  [/^\/(cart|discount\/validate|payment\/unified)(\/|$)/, "checkout"],
];

/** Writes that need more than their area's scope. */
const EXTRA: readonly (readonly [RegExp, ApiTokenScope])[] = [[/^\/user-domains\/[^/]+\/renew$/, "billing"]];

const READS = new Set(["GET", "HEAD"]);
const ANY_SCOPE: readonly ApiTokenScope[][] = [["read"], ["domains"], ["billing"]];

/**
 * The scope sets that allow a call: a token may make it when it holds every scope of at least
 * one set. Empty: no personal token may make it.
 */
export function scopesAllowing(method: string, path: string): readonly ApiTokenScope[][] {
  const area = AREAS.find(([pattern]) => pattern.test(path))?.[1];
  if (!area) return [];
  const read = READS.has(method.toUpperCase());
  if (area === "checkout") return [["billing"]];
  if (read) return ANY_SCOPE;
  if (area === "servers") return [];
  const extra = EXTRA.filter(([pattern]) => pattern.test(path)).map(([, scope]) => scope);
  return [[...new Set<ApiTokenScope>([area, ...extra])]];
}

/** Whether a token with these scopes may make the call. */
export function scopesAllow(scopes: readonly ApiTokenScope[], method: string, path: string): boolean {
  return scopesAllowing(method, path).some((needed) => needed.every((scope) => scopes.includes(scope)));
}
