// DNS records of a customer's domain (SPEC §7: GET and POST /dns/domains/{domain}/records, plus
// update and delete of one record), the preview of what a change breaks, the zone's history
// with rollback. Mounted inside myDomainRoutes (bearer token required there); every route
// checks that the domain is the signed-in user's (404 otherwise).
import type { z } from "zod";
import {
  changeWarnings,
  checkRecord,
  type dnsRecordBodySchema,
  MAX_RECORDS_PER_ZONE,
  sameRecord,
  zoneConflicts,
  type DnsRecord,
  type DnsRecordInput,
  type FieldError,
  type ChangeWarning,
} from "../../../core/dns";
import { exportZone, parseZone } from "../../../core/zone-file";
import { authOf, requireAuth } from "../auth/middleware";
import {
  createRecordRoute,
  deleteRecordRoute,
  exportZoneRoute,
  historyRoute,
  importZoneRoute,
  listRecordsRoute,
  previewRecordRoute,
  rollbackRoute,
  updateRecordRoute,
} from "../contract/dns";
import {
  createRecord,
  deleteRecord,
  findVersion,
  listRecords,
  listVersions,
  replaceZone,
  updateRecord,
} from "../db/dns";
import type { UserDomainRow } from "../db/user-domains";
import { ApiError } from "../errors";
import { contractRouter } from "../validate";
import { assertManageable, ownDomain } from "../domain-access";
import { onOurNameservers } from "../../../core/dns-serve";
import { ourNameservers } from "../adapters/dns";
import { publishZone } from "../dns-publish";
import type { ApiEnv } from "../env";
import type { ApiServices } from "../services";

const recordNotFound = () => new ApiError(404, "record_not_found", "No such DNS record.");

function invalidRecord(errors: FieldError[]): ApiError {
  const [first = { path: "record", message: "is invalid" }] = errors;
  return new ApiError(400, "invalid_record", `Parameter "${first.path}" ${first.message}`, errors);
}

/** The record checked alone and against the zone it joins; throws 400 naming the field. */
function validated(
  row: UserDomainRow,
  zone: readonly DnsRecord[],
  body: z.output<typeof dnsRecordBodySchema>,
  replacing?: string,
): { record: DnsRecordInput; after: DnsRecordInput[] } {
  const checked = checkRecord(body, row.name);
  if (!checked.ok) throw invalidRecord(checked.errors);
  const after: DnsRecordInput[] = [...zone.filter((record) => record.id !== replacing), checked.record];
  const conflicts = zoneConflicts(after, checked.record);
  if (conflicts.length > 0) throw invalidRecord(conflicts);
  return { record: checked.record, after };
}

/** Pushes the zone just changed to the DNS provider; the outcome lands on the domain row (never an error here). */
async function published(env: ApiEnv, services: ApiServices, row: UserDomainRow): Promise<void> {
  await publishZone(env.DB, services, ourNameservers(env), row.id);
}

/** Where the zone is served: its version, what our nameservers serve, and whether the domain points at them. */
function servingOf(env: ApiEnv, row: UserDomainRow) {
  const ours = ourNameservers(env);
  const nameservers = JSON.parse(row.nameservers) as string[];
  return {
    serial: row.zone_serial,
    served_serial: row.zone_served_serial,
    delegated: onOurNameservers(nameservers, ours),
    our_nameservers: ours,
    nameservers,
    error: row.zone_push_error,
  };
}

async function zoneOf(db: D1Database, userId: string, domain: string) {
  const row = await ownDomain(db, userId, domain);
  return { row, zone: await listRecords(db, row.id) };
}

const router = contractRouter();
router.use("/domains/dns/*", requireAuth);
router.use("/dns/domains/*", requireAuth);

export const dnsRoutes = router
  .openapi(listRecordsRoute, async (c) => {
    const { row, zone } = await zoneOf(c.env.DB, authOf(c).userId, c.req.valid("param").domain);
    return c.json(
      {
        success: true as const,
        data: { domain: row.name, unicode: row.unicode, records: zone, serving: servingOf(c.env, row) },
      },
      200,
    );
  })
  .openapi(createRecordRoute, async (c) => {
    const { now } = c.var.services;
    const { row, zone } = await zoneOf(c.env.DB, authOf(c).userId, c.req.valid("param").domain);
    assertManageable(row, now());
    if (zone.length >= MAX_RECORDS_PER_ZONE)
      throw new ApiError(409, "zone_full", `A zone holds at most ${MAX_RECORDS_PER_ZONE} records.`);
    const { record, after } = validated(row, zone, c.req.valid("json"));
    const created = await createRecord(c.env.DB, row.id, row.name, zone, record, now());
    await published(c.env, c.var.services, row);
    return c.json(
      {
        success: true as const,
        data: { record: created, warnings: changeWarnings(zone, after) },
        message: "DNS record added.",
      },
      201,
    );
  })
  // Says what a change would break before it is made (nothing is written).
  .openapi(previewRecordRoute, async (c) => {
    const { row, zone } = await zoneOf(c.env.DB, authOf(c).userId, c.req.valid("param").domain);
    const body = c.req.valid("json");
    let after: DnsRecordInput[];
    if (body.action === "delete" || body.action === "update") {
      if (!body.id || !zone.some((record) => record.id === body.id)) throw recordNotFound();
    }
    if (body.action === "delete") after = zone.filter((record) => record.id !== body.id);
    else {
      if (!body.record)
        throw new ApiError(400, "invalid_parameter", 'Parameter "record" is required', [
          { path: "record", message: "is required" },
        ]);
      after = validated(row, zone, body.record, body.id).after;
    }
    // A domain pointed at other nameservers: the preview says the change will not be served.
    const warnings: ChangeWarning[] = [
      ...changeWarnings(zone, after),
      ...(servingOf(c.env, row).delegated ? [] : (["not_served"] as const)),
    ];
    return c.json({ success: true as const, data: { warnings } }, 200);
  })
  .openapi(updateRecordRoute, async (c) => {
    const { now } = c.var.services;
    const { domain, id } = c.req.valid("param");
    const { row, zone } = await zoneOf(c.env.DB, authOf(c).userId, domain);
    if (!zone.some((record) => record.id === id)) throw recordNotFound();
    assertManageable(row, now());
    const { record, after } = validated(row, zone, c.req.valid("json"), id);
    const updated = await updateRecord(c.env.DB, row.id, row.name, zone, id, record, now());
    await published(c.env, c.var.services, row);
    return c.json(
      {
        success: true as const,
        data: { record: updated, warnings: changeWarnings(zone, after) },
        message: "DNS record updated.",
      },
      200,
    );
  })
  .openapi(deleteRecordRoute, async (c) => {
    const { now } = c.var.services;
    const { domain, id } = c.req.valid("param");
    const { row, zone } = await zoneOf(c.env.DB, authOf(c).userId, domain);
    const record = zone.find((candidate) => candidate.id === id);
    if (!record) throw recordNotFound();
    assertManageable(row, now());
    await deleteRecord(c.env.DB, row.id, zone, record, now());
    await published(c.env, c.var.services, row);
    const after = zone.filter((candidate) => candidate.id !== record.id);
    return c.json(
      {
        success: true as const,
        data: { id: record.id, warnings: changeWarnings(zone, after) },
        message: "DNS record deleted.",
      },
      200,
    );
  })
  .openapi(historyRoute, async (c) => {
    const row = await ownDomain(c.env.DB, authOf(c).userId, c.req.valid("param").domain);
    return c.json({ success: true as const, data: { versions: await listVersions(c.env.DB, row.id) } }, 200);
  })
  // One-click rollback: the zone becomes what it was before that change (itself undoable).
  .openapi(rollbackRoute, async (c) => {
    const { now } = c.var.services;
    const { domain, version } = c.req.valid("param");
    const { row, zone } = await zoneOf(c.env.DB, authOf(c).userId, domain);
    assertManageable(row, now());
    const records = await findVersion(c.env.DB, row.id, version);
    if (!records) throw new ApiError(404, "version_not_found", "No such zone version.");
    await replaceZone(c.env.DB, row.id, row.name, zone, records, { action: "rollback", version }, now());
    await published(c.env, c.var.services, row);
    return c.json(
      { success: true as const, data: { records: await listRecords(c.env.DB, row.id) }, message: "Zone restored." },
      200,
    );
  })
  // Zone file import: every supported record of the file, checked like one by one; any bad
  // line → 400 listing them, nothing written. `replace` swaps the whole zone, otherwise merged.
  .openapi(importZoneRoute, async (c) => {
    const { now } = c.var.services;
    const { row, zone } = await zoneOf(c.env.DB, authOf(c).userId, c.req.valid("param").domain);
    assertManageable(row, now());
    const body = c.req.valid("json");
    const parsed = parseZone(body.zone, row.name);
    const errors = parsed.errors.map((error) => ({ path: "zone", message: `line ${error.line}: ${error.message}` }));
    const kept: (DnsRecordInput & { id?: string })[] = body.replace ? [] : [...zone];
    const added = parsed.records.filter((record) => !kept.some((existing) => sameRecord(existing, record)));
    const after = [...kept];
    for (const record of added) {
      const [conflict] = zoneConflicts([...after, record], record);
      if (conflict) errors.push({ path: "zone", message: `${record.type} ${record.name}: ${conflict.message}` });
      after.push(record);
    }
    const [firstError] = errors;
    if (firstError) throw new ApiError(400, "invalid_zone", `Parameter "zone" ${firstError.message}`, errors);
    if (after.length > MAX_RECORDS_PER_ZONE)
      throw new ApiError(409, "zone_full", `A zone holds at most ${MAX_RECORDS_PER_ZONE} records.`);
    if (body.preview) {
      // What the import would do, nothing written: the page shows it before the customer confirms.
      return c.json(
        {
          success: true as const,
          data: { imported: added.length, skipped: parsed.skipped, records: zone, report: parsed.report },
          message: "Zone import previewed.",
        },
        200,
      );
    }
    await replaceZone(c.env.DB, row.id, row.name, zone, after, { action: "import", replace: body.replace }, now());
    await published(c.env, c.var.services, row);
    return c.json(
      {
        success: true as const,
        data: {
          imported: added.length,
          skipped: parsed.skipped,
          records: await listRecords(c.env.DB, row.id),
          report: parsed.report,
        },
        message: "Zone imported.",
      },
      200,
    );
  })
  // Zone file export (RFC 1035 master file, BIND style): not JSON, so a plain route documented below.
  .get("/dns/domains/:domain/zone", async (c) => {
    const { row, zone } = await zoneOf(c.env.DB, authOf(c).userId, c.req.param("domain"));
    const nameservers = JSON.parse(row.nameservers) as string[];
    const text = exportZone(row.name, zone, nameservers, c.var.services.now());
    return c.body(text, 200, {
      "content-type": "text/dns; charset=utf-8",
      "content-disposition": `attachment; filename="${row.name}.zone"`,
    });
  });

router.openAPIRegistry.registerPath(exportZoneRoute);
