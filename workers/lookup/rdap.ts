/**
 * RDAP client (RFC 9224 bootstrap, RFC 9082 query, RFC 7480 HTTP semantics): finds the registry's
 * RDAP server for a TLD in IANA's bootstrap file (kept in KV for a day and in memory), asks it for
 * the domain, and follows the registry's "related" link to the registrar's RDAP for the
 * registrant (thin registries such as .com publish none). Failures are LookupFailure with the
 * SPEC §8 WHOIS codes.
 */
import { normaliseRdapDomain, registrarRdapLink, type WhoisResult } from "../../core/whois";
import { readThrough } from "./cache";
import { LookupFailure, upstreamTimeout, type LookupEnv } from "./env";

export const DEFAULT_BOOTSTRAP_URL = "https://data.iana.org/rdap/dns.json";

/** One bootstrap service: the labels it serves and its base URLs (https first). */
type Services = [string[], string[]][];

const memory = new Map<string, { services: Services; until: number }>();
const MEMORY_MS = 10 * 60_000;

function bootstrapUrl(env: LookupEnv): string {
  return env.RDAP_BOOTSTRAP_URL || DEFAULT_BOOTSTRAP_URL;
}

async function fetchWithTimeout(env: LookupEnv, url: string, init: RequestInit = {}): Promise<Response> {
  return fetch(url, { ...init, signal: AbortSignal.timeout(upstreamTimeout(env)) });
}

function unreachable(what: string, cause: unknown): LookupFailure {
  console.error(`${what} unreachable`, cause);
  return new LookupFailure(502, "whois_failed", `The WHOIS lookup failed: ${what} could not be reached.`);
}

function parseServices(body: unknown): Services {
  const services = (body as { services?: unknown } | null)?.services;
  if (!Array.isArray(services)) throw new Error("bootstrap file without services");
  const valid: Services = [];
  for (const service of services) {
    if (!Array.isArray(service) || !Array.isArray(service[0]) || !Array.isArray(service[1])) continue;
    const labels = service[0]
      .filter((label): label is string => typeof label === "string")
      .map((label) => label.toLowerCase());
    const urls = service[1]
      .filter((url): url is string => typeof url === "string" && /^https?:\/\//i.test(url))
      .map((url) => (url.endsWith("/") ? url : `${url}/`))
      // RFC 9224 §3: prefer https when both are listed.
      .sort((a, b) => Number(b.startsWith("https:")) - Number(a.startsWith("https:")));
    if (labels.length > 0 && urls.length > 0) valid.push([labels, urls]);
  }
  return valid;
}

/** IANA's bootstrap services, from memory, KV or IANA. */
export async function bootstrapServices(
  env: LookupEnv,
  waitUntil?: (work: Promise<unknown>) => void,
): Promise<Services> {
  const url = bootstrapUrl(env);
  const held = memory.get(url);
  if (held && held.until > Date.now()) return held.services;
  const { value } = await readThrough<Services>(
    env.CACHE,
    "rdap-bootstrap",
    url,
    async () => {
      let response: Response;
      try {
        response = await fetchWithTimeout(env, url, { headers: { accept: "application/json" } });
      } catch (cause) {
        throw unreachable("the IANA RDAP bootstrap registry", cause);
      }
      if (!response.ok) {
        throw new LookupFailure(
          502,
          "whois_failed",
          `The WHOIS lookup failed: the IANA RDAP bootstrap answered ${response.status}.`,
        );
      }
      try {
        return parseServices(await response.json());
      } catch (cause) {
        console.error("unreadable RDAP bootstrap", cause);
        throw new LookupFailure(
          502,
          "whois_failed",
          "The WHOIS lookup failed: the IANA RDAP bootstrap was unreadable.",
        );
      }
    },
    { waitUntil },
  );
  const services = value ?? [];
  memory.set(url, { services, until: Date.now() + MEMORY_MS });
  return services;
}

/** The base URL for a name: the longest label-wise suffix match (RFC 9224 §4). */
export function findRdapBase(services: Services, asciiName: string): string | null {
  const labels = asciiName.toLowerCase().split(".");
  for (let start = 0; start < labels.length; start++) {
    const suffix = labels.slice(start).join(".");
    for (const [entries, urls] of services) if (entries.includes(suffix)) return urls[0] ?? null;
  }
  return null;
}

async function getRdap(env: LookupEnv, url: string, what: string): Promise<Response> {
  try {
    return await fetchWithTimeout(env, url, {
      headers: { accept: "application/rdap+json, application/json" },
      redirect: "follow",
    });
  } catch (cause) {
    throw unreachable(what, cause);
  }
}

/**
 * The WHOIS result of a name from its registry's RDAP server, or null when the registry has no
 * such object (404: not registered there, which is not proof the name is available).
 */
export async function rdapLookup(
  env: LookupEnv,
  name: { ascii: string; unicode: string },
  now: () => Date,
  waitUntil?: (work: Promise<unknown>) => void,
): Promise<WhoisResult | null> {
  const services = await bootstrapServices(env, waitUntil);
  const base = findRdapBase(services, name.ascii);
  if (!base) {
    throw new LookupFailure(
      404,
      "whois_no_rdap",
      `The registry of .${name.unicode.split(".").pop()} offers no RDAP service, so it cannot be looked up here.`,
    );
  }
  const response = await getRdap(env, `${base}domain/${encodeURIComponent(name.ascii)}`, "the registry's RDAP server");
  if (response.status === 404) return null;
  if (response.status === 429) {
    const retryAfter = Number.parseInt(response.headers.get("retry-after") ?? "", 10);
    throw new LookupFailure(
      429,
      "whois_rate_limited",
      "The registry's RDAP server is limiting lookups. Please try again shortly.",
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 60,
    );
  }
  if (!response.ok) {
    throw new LookupFailure(
      502,
      "whois_failed",
      `The WHOIS lookup failed: the registry's RDAP server answered ${response.status}.`,
    );
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new LookupFailure(502, "whois_failed", "The WHOIS lookup failed: the registry's RDAP answer was unreadable.");
  }

  // Thin registries point to the registrar's RDAP for the registrant; best effort.
  let registrarAnswer: unknown;
  const related = registrarRdapLink(body);
  if (related) {
    try {
      const answer = await fetchWithTimeout(env, related, {
        headers: { accept: "application/rdap+json, application/json" },
      });
      if (answer.ok) registrarAnswer = await answer.json();
    } catch (cause) {
      console.warn("registrar RDAP not reachable", related, cause);
    }
  }

  try {
    return normaliseRdapDomain(body, {
      domain: name.ascii,
      unicode: name.unicode,
      server: base,
      fetchedAt: now().toISOString(),
      registrarAnswer,
    });
  } catch (cause) {
    console.error("unexpected RDAP answer", cause);
    throw new LookupFailure(
      502,
      "whois_failed",
      "The WHOIS lookup failed: the registry's RDAP answer was not a domain.",
    );
  }
}
