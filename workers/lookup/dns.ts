/**
 * The DNS checker: the same question to several public DoH resolvers (JSON API) in parallel. Each
 * resolver's failure stays in its own row; the whole check is cached for a minute per name,
 * type and expected value (KV's minimum), so a refresh storm does not reach the resolvers.
 */
import {
  matchesExpected,
  readDohAnswer,
  resolversAgree,
  type DnsCheck,
  type DnsRow,
  type DnsType,
} from "../../core/dns-check";
import { readThrough } from "./cache";
import { LookupFailure, upstreamTimeout, type LookupEnv } from "./env";

/** Cloudflare and Google are documented; Quad9's JSON endpoint is not [U] in the reference. */
export const DEFAULT_DOH_RESOLVERS =
  "Cloudflare=https://cloudflare-dns.com/dns-query,Google=https://dns.google/resolve,Quad9=https://dns.quad9.net:5053/dns-query";

export function dohResolvers(env: LookupEnv): { name: string; url: string }[] {
  return (env.DOH_RESOLVERS || DEFAULT_DOH_RESOLVERS)
    .split(",")
    .map((pair) => pair.trim())
    .filter((pair) => pair.includes("="))
    .map((pair) => {
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      return { name: name.charAt(0).toUpperCase() + name.slice(1), url: pair.slice(at + 1).trim() };
    })
    .filter((resolver) => /^https?:\/\//i.test(resolver.url));
}

async function ask(
  env: LookupEnv,
  resolver: { name: string; url: string },
  name: string,
  type: DnsType,
  expected: string | null,
): Promise<DnsRow> {
  const started = Date.now();
  const url = new URL(resolver.url);
  url.searchParams.set("name", name);
  url.searchParams.set("type", type);
  let row: Pick<DnsRow, "status" | "answers" | "ttl" | "error">;
  try {
    const response = await fetch(url, {
      headers: { accept: "application/dns-json" },
      signal: AbortSignal.timeout(upstreamTimeout(env)),
    });
    if (!response.ok) row = { status: "ERROR", answers: [], ttl: null, error: `HTTP ${response.status}` };
    else row = readDohAnswer(type, await response.json().catch(() => null));
  } catch (cause) {
    const timedOut = cause instanceof Error && (cause.name === "TimeoutError" || cause.name === "AbortError");
    row = { status: "ERROR", answers: [], ttl: null, error: timedOut ? "timed out" : "unreachable" };
  }
  return {
    resolver: resolver.name,
    ...row,
    timeMs: Math.max(0, Date.now() - started),
    matches: expected && row.status !== "ERROR" ? matchesExpected(type, row.answers, expected) : null,
  };
}

export async function checkDns(
  env: LookupEnv,
  query: { name: string; unicode: string; type: DnsType; expected: string | null },
  options: { waitUntil?: (work: Promise<unknown>) => void } = {},
): Promise<{ check: DnsCheck; cache: "hit" | "miss" }> {
  const key = `${query.name}:${query.type}:${query.expected ?? ""}`;
  const { value, status } = await readThrough<DnsCheck>(
    env.CACHE,
    "dns",
    key,
    async () => {
      const rows = await Promise.all(
        dohResolvers(env).map((resolver) => ask(env, resolver, query.name, query.type, query.expected)),
      );
      // Nothing answered (offline, or every resolver down): a failure, not a result, and not cached.
      if (rows.every((row) => row.status === "ERROR")) {
        throw new LookupFailure(502, "dns_failed", "The DNS check failed: none of the DNS resolvers could be reached.");
      }
      return { ...query, rows, agree: resolversAgree(rows), checkedAt: new Date().toISOString() };
    },
    { ttl: 60, waitUntil: options.waitUntil },
  );
  // The loader never returns null, so neither does the cache.
  if (!value) throw new Error("DNS check missing");
  return { check: value, cache: status };
}
