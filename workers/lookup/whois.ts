/**
 * WHOIS lookups: names registered with us are answered from our own data (the same RDAP object
 * our RDAP service publishes), every other name from its registry's RDAP server through IANA's
 * bootstrap, behind the KV cache ("does not exist" is remembered briefly too).
 */
import { normaliseRdapDomain, type WhoisResult } from "../../core/whois";
import { readThrough } from "./cache";
import { LookupFailure, type LookupEnv } from "./env";
import { findOwnDomain, ownRdapDomain } from "./own-rdap";
import { rdapLookup } from "./rdap";
import { whois43Lookup } from "./whois43";

export interface WhoisAnswer {
  result: WhoisResult;
  cache: "hit" | "miss" | "ours";
}

export async function lookupWhois(
  env: LookupEnv,
  name: { ascii: string; unicode: string },
  options: { now?: () => Date; waitUntil?: (work: Promise<unknown>) => void } = {},
): Promise<WhoisAnswer> {
  const now = options.now ?? (() => new Date());
  const own = await findOwnDomain(env.DB, name.ascii);
  if (own) {
    const body = ownRdapDomain(own, now());
    const result = normaliseRdapDomain(body, {
      domain: name.ascii,
      unicode: own.unicode || name.unicode,
      server: null,
      fetchedAt: now().toISOString(),
    });
    // DNSSEC from our own setting (the RDAP object cannot claim a signed delegation without DS data).
    return { result: { ...result, source: "ours", dnssec: own.dnssec === 1 }, cache: "ours" };
  }
  // RDAP first; port-43 WHOIS only for registries that have no RDAP service.
  const load = async () => {
    try {
      return await rdapLookup(env, name, now, options.waitUntil);
    } catch (error) {
      if (error instanceof LookupFailure && error.code === "whois_no_rdap")
        return whois43Lookup(env, name, now, options.waitUntil);
      throw error;
    }
  };
  const { value, status } = await readThrough(env.CACHE, "whois", name.ascii, load, {
    waitUntil: options.waitUntil,
  });
  if (!value) {
    throw new LookupFailure(
      404,
      "whois_not_found",
      `The registry has no record of ${name.unicode}. It may be available, or reserved by the registry.`,
    );
  }
  return { result: value, cache: status };
}
