/**
 * The lookup tools' forms with the full domain-name rules (SPEC §5; WHOIS, SSL, DNS checker, URL
 * analysis), for the server: the API, the lookup worker and the pages' loaders and actions. The
 * browser checks the same forms with the light schemas next to each tool's types (`*BrowserSchema`:
 * presence and length), so no page ships the IDN table (issue 21).
 */
import tldList from "tlds";
import { dnsTypeField, expectedField } from "./dns-check";
import { normaliseHost, parseDomainName, tldToAscii, type ParseResult } from "./domain-name";
import { MAX_URL_LENGTH, strategyField, type AnalyticsUrlError } from "./pagespeed";
import { asciiNameField } from "./name-field";
import { z } from "./zod";

let ianaTlds: ReadonlySet<string> | null = null;

/** Is this ASCII TLD delegated in the root zone (the IANA list bundled through `tlds`)? Built on first use. */
export function isIanaTld(asciiTld: string): boolean {
  ianaTlds ??= new Set(
    (tldList as string[]).map((tld) => tldToAscii(tld)).filter((tld): tld is string => tld !== null),
  );
  return ianaTlds.has(asciiTld);
}

/** A name typed in the WHOIS or SSL box → its forms, or the SPEC §5 error code. */
export function parseLookupName(input: string): ParseResult {
  return parseDomainName(input, isIanaTld);
}

/** The WHOIS form (GET /tools/whois?domain=…) — shared by Conform and the server. */
export const whoisFormSchema = z.object({
  domain: asciiNameField(parseLookupName),
});

/** The SSL form (GET /tools/ssl?host=…): a host name with the SPEC §5 rules (IDN accepted). */
export const sslFormSchema = z.object({
  host: asciiNameField(parseLookupName),
});

/** SRV names start with underscores ("_sip._tcp.example.com"): allowed here, then the domain rules. */
export function parseDnsName(input: string) {
  const trimmed = input.trim();
  const underscored = trimmed.match(/^((?:_[a-z0-9-]+\.)+)(.*)$/i);
  const parsed = parseDomainName(underscored ? (underscored[2] ?? "") : trimmed);
  if (!parsed.ok) return parsed;
  if (!underscored) return parsed;
  const prefix = (underscored[1] ?? "").toLowerCase();
  return {
    ok: true as const,
    name: { ...parsed.name, ascii: `${prefix}${parsed.name.ascii}`, unicode: `${prefix}${parsed.name.unicode}` },
  };
}

/** The DNS checker form (GET /tools/dns?name&type&expected) — Conform and the server. */
export const dnsFormSchema = z.object({
  name: asciiNameField(parseDnsName),
  type: dnsTypeField,
  expected: expectedField,
});

/**
 * A URL typed in the form → its normalised form (`https://host/path?query`, no fragment), or the
 * error code. Only http(s), no credentials, and the host must be a public domain name under a
 * delegated TLD (no IP literals, localhost or internal names: PSI could not reach them anyway).
 */
export function parseAnalyticsUrl(input: string): { ok: true; url: string } | { ok: false; error: AnalyticsUrlError } {
  const trimmed = input.trim();
  if (trimmed === "") return { ok: false, error: "required" };
  if (trimmed.length > MAX_URL_LENGTH) return { ok: false, error: "too_long" };
  // A bare host ("example.com/page") is read as https.
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { ok: false, error: "invalid_url" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { ok: false, error: "invalid_scheme" };
  if (url.username !== "" || url.password !== "") return { ok: false, error: "invalid_url" };
  const host = normaliseHost(url.hostname);
  if (host.startsWith("[") || /^[0-9.]+$/.test(host)) return { ok: false, error: "not_public" };
  const parsed = parseLookupName(host);
  if (!parsed.ok)
    return {
      ok: false,
      error: parsed.error === "unknown_extension" || parsed.error === "invalid_format" ? "not_public" : "invalid_url",
    };
  url.hash = "";
  const normalised = url.toString();
  if (normalised.length > MAX_URL_LENGTH) return { ok: false, error: "too_long" };
  return { ok: true, url: normalised };
}

/** The analysis form (`url`, `strategy`) — shared by Conform, the page's action and the API. */
export const analyticsFormSchema = z.object({
  url: z
    .string({ error: "required" })
    .max(MAX_URL_LENGTH * 2, { error: "too_long" })
    .transform((value, ctx) => {
      const parsed = parseAnalyticsUrl(value);
      if (!parsed.ok) {
        ctx.addIssue({ code: "custom", message: parsed.error });
        return z.NEVER;
      }
      return parsed.url;
    }),
  strategy: strategyField,
});
