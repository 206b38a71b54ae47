// Contract of the DNS calls of a customer's domain (SPEC §7 "DNS and domains", issue 14): its
// records, the preview of what a change breaks, the zone's history with rollback, zone file
// import and export. Every route needs the bearer token; another user's domain answers 404.
import { z } from "zod";
import { dnsRecordBodySchema, RECORD_TYPES, type ChangeWarning } from "../../../core/dns";
import { apiRoute, BEARER, jsonBody, ok } from "./route";
import { domainParamSchema } from "./transfers";

const time = z.string().meta({ description: "UTC ISO 8601 time.", example: "2026-05-01T12:00:00.000Z" });

export const dnsRecordSchema = z
  .object({
    id: z.string(),
    type: z.enum(RECORD_TYPES),
    name: z.string().meta({ description: '"@" for the domain itself, or the name under it.', example: "www" }),
    content: z.string(),
    ttl: z.number().int().meta({ description: "Seconds; 0 = automatic." }),
    priority: z.number().int().nullable(),
    weight: z.number().int().nullable(),
    port: z.number().int().nullable(),
    redirect_type: z.union([z.literal(301), z.literal(302)]).nullable(),
    page_title: z.string().nullable(),
  })
  .meta({ id: "DnsRecord" });

const CHANGE_WARNINGS = [
  "last_mx",
  "second_spf",
  "apex_address_removed",
  "not_served",
] as const satisfies readonly ChangeWarning[];
export const changeWarningsSchema = z.array(z.enum(CHANGE_WARNINGS)).meta({
  description:
    "What the change breaks: the last MX removed, a second SPF record at a name, the apex's last address removed.",
});
export type DnsWarning = (typeof CHANGE_WARNINGS)[number];

export const zoneChangeSchema = z
  .union([
    z.object({ action: z.enum(["add", "edit", "delete"]), type: z.enum(RECORD_TYPES), name: z.string() }),
    z.object({ action: z.literal("rollback"), version: z.number().int() }),
    z.object({ action: z.literal("import"), replace: z.boolean() }),
  ])
  .meta({ id: "ZoneChange" });

export const zoneVersionSchema = z
  .object({
    id: z.number().int(),
    summary: z.string().meta({ description: 'The change in English ("add A www"); `change` is the same as data.' }),
    change: zoneChangeSchema.nullable(),
    created_at: time,
    record_count: z.number().int(),
  })
  .meta({ id: "ZoneVersion" });
export type ZoneVersionView = z.infer<typeof zoneVersionSchema>;

export const recordParamSchema = z.object({ domain: z.string(), id: z.uuid({ error: "must be a record id" }) });
export const versionParamSchema = z.object({
  domain: z.string(),
  version: z
    .string()
    .regex(/^\d{1,12}$/, { error: "must be a version number" })
    .transform(Number),
});
export const previewBodySchema = z.strictObject({
  action: z.enum(["create", "update", "delete"], { error: "must be create, update or delete" }),
  id: z.uuid({ error: "must be a record id" }).optional(),
  record: dnsRecordBodySchema.optional(),
});

const ZONE_TEXT_MAX = 1_000_000;
export const importBodySchema = z.strictObject({
  zone: z
    .string({ error: "is required" })
    .min(1, { error: "is required" })
    .max(ZONE_TEXT_MAX, { error: "is too large (at most 1 MB)" }),
  replace: z.boolean({ error: "must be true or false" }).default(false),
  /** Answer the report without writing anything: what an import would do. */
  preview: z.boolean({ error: "must be true or false" }).default(false),
});

const records = z.array(dnsRecordSchema);

/** Where the zone is served (issue 22): live when `served_serial` equals `serial` and the domain is delegated to us. */
export const zoneServingSchema = z
  .object({
    serial: z.number().int().meta({ description: "The zone's version (its SOA serial), bumped with every change." }),
    served_serial: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The version our nameservers confirmed serving; null before the first push." }),
    delegated: z
      .boolean()
      .meta({ description: "Whether the domain's nameservers are all ours (else nothing is served)." }),
    our_nameservers: z.array(z.string()),
    nameservers: z.array(z.string()).meta({ description: "The domain's nameservers at the registry." }),
    error: z.string().nullable().meta({ description: "Why the last push failed (retried by the scheduled job)." }),
  })
  .meta({ id: "ZoneServing" });
export type ZoneServing = z.infer<typeof zoneServingSchema>;

/** What became of one record line of an imported zone file (core/zone-file.ts ZoneLineReport). */
export const zoneLineReportSchema = z
  .discriminatedUnion("outcome", [
    z.object({
      line: z.number().int(),
      outcome: z.literal("imported"),
      type: z.enum(RECORD_TYPES),
      name: z.string(),
      notes: z.array(z.string()).meta({ description: "A TTL changed to the editor's nearest, a doubled name…" }),
    }),
    z.object({
      line: z.number().int(),
      outcome: z.literal("skipped"),
      type: z.string(),
      name: z.string(),
      reason: z.string(),
    }),
    z.object({ line: z.number().int(), outcome: z.literal("refused"), reason: z.string() }),
  ])
  .meta({ id: "ZoneLineReport" });

export const listRecordsRoute = apiRoute(
  {
    method: "get",
    path: "/dns/domains/{domain}/records",
    tags: ["DNS"],
    summary: "The DNS records of a domain",
    security: BEARER,
    request: { params: domainParamSchema },
    responses: {
      200: ok(z.object({ domain: z.string(), unicode: z.string(), records, serving: zoneServingSchema }), "The zone."),
    },
  },
  ["domain_not_found"],
);

export const createRecordRoute = apiRoute(
  {
    method: "post",
    path: "/dns/domains/{domain}/records",
    tags: ["DNS"],
    summary: "Add a DNS record",
    security: BEARER,
    request: { params: domainParamSchema, body: jsonBody(dnsRecordBodySchema) },
    responses: { 201: ok(z.object({ record: dnsRecordSchema, warnings: changeWarningsSchema }), "The record added.") },
  },
  ["domain_not_found", "domain_not_manageable", "zone_full", "invalid_record"],
);

export const previewRecordRoute = apiRoute(
  {
    method: "post",
    path: "/dns/domains/{domain}/records/preview",
    tags: ["DNS"],
    summary: "What a change would break, before it is made (nothing is written)",
    security: BEARER,
    request: { params: domainParamSchema, body: jsonBody(previewBodySchema) },
    responses: {
      200: ok(z.object({ warnings: changeWarningsSchema }), "The change's warnings (empty: nothing breaks)."),
    },
  },
  ["domain_not_found", "record_not_found", "invalid_record"],
);

export const updateRecordRoute = apiRoute(
  {
    method: "put",
    path: "/dns/domains/{domain}/records/{id}",
    tags: ["DNS"],
    summary: "Change a DNS record",
    security: BEARER,
    request: { params: recordParamSchema, body: jsonBody(dnsRecordBodySchema) },
    responses: {
      200: ok(z.object({ record: dnsRecordSchema, warnings: changeWarningsSchema }), "The record after the change."),
    },
  },
  ["domain_not_found", "record_not_found", "domain_not_manageable", "invalid_record"],
);

export const deleteRecordRoute = apiRoute(
  {
    method: "delete",
    path: "/dns/domains/{domain}/records/{id}",
    tags: ["DNS"],
    summary: "Delete a DNS record",
    security: BEARER,
    request: { params: recordParamSchema },
    responses: { 200: ok(z.object({ id: z.string(), warnings: changeWarningsSchema }), "The record deleted.") },
  },
  ["domain_not_found", "record_not_found", "domain_not_manageable"],
);

export const historyRoute = apiRoute(
  {
    method: "get",
    path: "/dns/domains/{domain}/history",
    tags: ["DNS"],
    summary: "The zone's latest versions, newest first",
    security: BEARER,
    request: { params: domainParamSchema },
    responses: { 200: ok(z.object({ versions: z.array(zoneVersionSchema) }), "The zone's history.") },
  },
  ["domain_not_found"],
);

export const rollbackRoute = apiRoute(
  {
    method: "post",
    path: "/dns/domains/{domain}/history/{version}/rollback",
    tags: ["DNS"],
    summary: "Make the zone what it was before that change (itself undoable)",
    security: BEARER,
    request: { params: versionParamSchema },
    responses: { 200: ok(z.object({ records }), "The zone after the rollback.") },
  },
  ["domain_not_found", "domain_not_manageable", "version_not_found"],
);

/** Documented only (the answer is a zone file, not JSON). */
export const exportZoneRoute = apiRoute(
  {
    method: "get",
    path: "/dns/domains/{domain}/zone",
    tags: ["DNS"],
    summary: "The zone as a file (RFC 1035 master file, BIND style)",
    security: BEARER,
    request: { params: domainParamSchema },
    responses: {
      200: {
        description: "The zone file, as an attachment named after the domain.",
        content: { "text/dns": { schema: z.string() } },
      },
    },
  },
  ["domain_not_found"],
);

export const importZoneRoute = apiRoute(
  {
    method: "post",
    path: "/dns/domains/{domain}/zone",
    tags: ["DNS"],
    summary: "Import a zone file (or preview what an import would do): merged with the zone, or replacing it",
    description:
      "The file is read as RFC 1035 §5 and BIND write it (escapes, $ORIGIN, $TTL, the RFC 3597 generic form). Every record of a type the editor holds is checked as if added one by one; any refused line is a 400 listing each with its line number, and nothing is written. Skipped lines (other types, other classes, names outside the domain, SOA and apex NS) and changed TTLs are listed in `report`.",
    security: BEARER,
    request: { params: domainParamSchema, body: jsonBody(importBodySchema) },
    responses: {
      200: ok(
        z.object({
          imported: z.number().int(),
          skipped: z
            .number()
            .int()
            .meta({ description: "Records of other types or names outside the domain, and apex NS." }),
          records,
          report: z.array(zoneLineReportSchema).meta({
            description: "Every record line of the file, in order: imported (with notes) or skipped (and why).",
          }),
        }),
        "The zone after the import.",
      ),
    },
  },
  ["domain_not_found", "domain_not_manageable", "invalid_zone", "zone_full"],
);
