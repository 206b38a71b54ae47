// Contract of the free tools (SPEC §2, §7): WHOIS/RDAP, the SSL check, the DNS check and our own
// RDAP service. The result shapes are core/'s (WhoisResult, SslCheck, DnsCheck) as the lookup
// worker answers them; the schemas below describe them (a drift does not compile: see the end).
import { z } from "zod";
import { DNS_TYPE_NAMES, type DnsCheck, type DnsType } from "../../../core/dns-check";
import type { SslCheck } from "../../../core/ssl";
import { REGISTRANT_FIELDS, type WhoisResult } from "../../../core/whois";
import { DOMAIN_NAME_ERRORS } from "./domains";
import type { ApiErrorCode } from "./errors";
import { apiRoute, ok } from "./route";

/** What a name typed in a tool can be refused for (SPEC §5). */
export const LOOKUP_NAME_ERRORS = DOMAIN_NAME_ERRORS satisfies readonly ApiErrorCode[];
/** Every call through the lookup worker: unreachable, unreadable, or its per-client limit. */
const LOOKUP_ERRORS = [
  "lookup_unavailable",
  "lookup_bad_response",
  "rate_limited",
] as const satisfies readonly ApiErrorCode[];

const isoTime = z.string().meta({ description: "UTC, ISO 8601.", example: "2026-03-01T00:00:00.000Z" });

export const whoisResultSchema = z
  .object({
    domain: z.string().meta({ description: "Registry (ASCII) form.", example: "xn--bcher-kva.com" }),
    unicode: z.string().meta({ description: "Display form.", example: "bücher.com" }),
    source: z.enum(["rdap", "whois", "ours"]).meta({
      description:
        "rdap: a registry's or registrar's RDAP server; whois: port-43 WHOIS (no RDAP); ours: registered with us.",
    }),
    server: z.string().nullable().meta({ description: "The server that answered (its base URL)." }),
    createdAt: isoTime.nullable(),
    updatedAt: isoTime.nullable(),
    expiresAt: isoTime.nullable(),
    statuses: z.array(
      z.object({
        value: z.string().meta({ description: "The status as published.", example: "client transfer prohibited" }),
        key: z
          .string()
          .nullable()
          .meta({ description: "Stable key of the plain-words explanation.", example: "clientTransferProhibited" }),
      }),
    ),
    registrar: z
      .object({
        name: z.string().nullable(),
        ianaId: z.string().nullable(),
        url: z.string().nullable(),
        abuseEmail: z.string().nullable(),
        abusePhone: z.string().nullable(),
      })
      .nullable(),
    registrant: z
      .object({
        organization: z.string().nullable(),
        name: z.string().nullable(),
        email: z.string().nullable(),
        phone: z.string().nullable(),
        country: z.string().nullable(),
      })
      .meta({ description: "Each field as published, or null when the answer does not carry it." }),
    redacted: z
      .array(z.enum(REGISTRANT_FIELDS))
      .meta({ description: "Registrant fields the server says it withheld." }),
    nameservers: z.array(z.string()),
    dnssec: z.boolean().nullable().meta({ description: "null when the answer says nothing about DNSSEC." }),
    fetchedAt: isoTime,
  })
  .meta({ id: "WhoisResult" });

const sslEndpointSchema = z.object({
  ipAddress: z.string(),
  serverName: z.string().nullable(),
  grade: z.string().nullable(),
  statusMessage: z.string().nullable().meta({ description: "Why the endpoint could not be graded." }),
  protocols: z.array(z.string()).meta({ example: ["TLS 1.2", "TLS 1.3"] }),
});

const sslCertificateSchema = z.object({
  subject: z.string(),
  issuer: z.string(),
  serialNumber: z.string().nullable(),
  algorithm: z.string().nullable().meta({ example: "SHA256withRSA" }),
  validFrom: isoTime.nullable(),
  validTo: isoTime.nullable(),
  daysRemaining: z.number().int().nullable().meta({ description: "Whole days to validTo; negative once expired." }),
  keyAlgorithm: z.string().nullable(),
  keySize: z.number().int().nullable(),
  altNames: z.array(z.string()),
});

export const sslResultSchema = z
  .object({
    host: z.string(),
    grade: z.string().nullable().meta({ example: "A+" }),
    certificate: sslCertificateSchema.nullable(),
    endpoints: z.array(sslEndpointSchema),
    protocols: z.array(z.string()),
    testedAt: isoTime.nullable(),
    checkedAt: isoTime,
  })
  .meta({ id: "SslResult" });

export const sslCheckSchema = z
  .discriminatedUnion("state", [
    z.object({
      state: z.literal("running"),
      host: z.string(),
      status: z.enum(["DNS", "IN_PROGRESS"]),
      message: z.string().nullable(),
      progress: z.number().nullable().meta({ description: "Percent done, when known." }),
    }),
    z.object({ state: z.literal("ready"), host: z.string(), result: sslResultSchema }),
  ])
  .meta({ id: "SslCheck", description: "One poll: `running` (poll again) or `ready` with the result." });

const dnsTypeSchema = z.enum(DNS_TYPE_NAMES as [DnsType, ...DnsType[]]);

export const dnsCheckSchema = z
  .object({
    name: z.string().meta({ example: "example.com" }),
    unicode: z.string(),
    type: dnsTypeSchema,
    expected: z.string().nullable(),
    rows: z.array(
      z.object({
        resolver: z.string().meta({ example: "Cloudflare" }),
        status: z.enum(["NOERROR", "NODATA", "NXDOMAIN", "SERVFAIL", "REFUSED", "ERROR"]),
        answers: z.array(z.string()).meta({ description: "Record data in presentation form, normalised, sorted." }),
        ttl: z.number().int().nullable(),
        timeMs: z.number(),
        matches: z.boolean().nullable().meta({ description: "With an expected value: does an answer match it?" }),
        error: z.string().nullable(),
      }),
    ),
    agree: z.boolean().meta({ description: "Every answering resolver gave the same answers." }),
    checkedAt: isoTime,
  })
  .meta({ id: "DnsCheck" });

export type WhoisResultData = z.infer<typeof whoisResultSchema>;
export type SslCheckData = z.infer<typeof sslCheckSchema>;
export type DnsCheckData = z.infer<typeof dnsCheckSchema>;

export const whoisRoute = apiRoute(
  {
    method: "get",
    path: "/domains/whois/{domain}",
    tags: ["Tools"],
    summary: "WHOIS/RDAP of any domain name",
    request: { params: z.object({ domain: z.string().meta({ example: "example.com" }) }) },
    responses: { 200: ok(whoisResultSchema, "The registration data, normalised.") },
  },
  [...DOMAIN_NAME_ERRORS, ...LOOKUP_ERRORS, "whois_not_found", "whois_no_rdap", "whois_rate_limited", "whois_failed"],
);

export const sslRoute = apiRoute(
  {
    method: "get",
    path: "/ssl",
    tags: ["Tools"],
    summary: "One poll of the SSL check of a host",
    request: {
      query: z.object({
        host: z.string().optional().meta({ description: "Host name (IDN accepted).", example: "example.com" }),
      }),
    },
    responses: { 200: ok(sslCheckSchema, "`running` with progress, or `ready` with the result.") },
  },
  [
    ...DOMAIN_NAME_ERRORS,
    ...LOOKUP_ERRORS,
    "ssl_invalid_host",
    "ssl_not_found",
    "ssl_rate_limited",
    "ssl_overloaded",
    "ssl_failed",
    "ssl_registration_required",
  ],
);

export const dnsCheckRoute = apiRoute(
  {
    method: "get",
    path: "/dns/check",
    tags: ["Tools"],
    summary: "The DNS (propagation) check: one question to several public resolvers",
    request: {
      query: z.object({
        name: z
          .string()
          .optional()
          .meta({ description: "The name (SRV names with their _service._proto prefix).", example: "example.com" }),
        type: z
          .string()
          .optional()
          .meta({ description: `One of ${DNS_TYPE_NAMES.join(", ")}; A when empty.`, example: "A" }),
        expected: z.string().optional().meta({ description: "The value the answers should match." }),
      }),
    },
    responses: { 200: ok(dnsCheckSchema, "Each resolver's answer.") },
  },
  [...DOMAIN_NAME_ERRORS, "invalid_type", ...LOOKUP_ERRORS, "dns_failed"],
);

/** Documented only: the handler passes the lookup worker's application/rdap+json answer through. */
export const rdapRoute = apiRoute({
  method: "get",
  path: "/rdap/domain/{name}",
  tags: ["Tools"],
  summary: "Our RDAP service (ICANN gTLD RDAP profile) for names registered with us",
  request: { params: z.object({ name: z.string().meta({ example: "example.com" }) }) },
  responses: {
    200: {
      description: "The RDAP domain object (RFC 9083).",
      content: { "application/rdap+json": { schema: z.string() } },
    },
    400: {
      description: "RFC 9083 error object: not a domain name.",
      content: { "application/rdap+json": { schema: z.string() } },
    },
    404: {
      description: "RFC 9083 error object: not registered with us.",
      content: { "application/rdap+json": { schema: z.string() } },
    },
    429: {
      description: "RFC 9083 error object: too many lookups (Retry-After).",
      content: { "application/rdap+json": { schema: z.string() } },
    },
  },
});

// core/ types and the schemas describe the same answers (either drifting breaks the build).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShapes: [Same<WhoisResult, WhoisResultData>, Same<SslCheck, SslCheckData>, Same<DnsCheck, DnsCheckData>] = [
  true,
  true,
  true,
];
void sameShapes;
