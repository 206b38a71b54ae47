// Our own RDAP answers against ICANN's RDAP conformance JSON schemas (the rdap-conformance-tool's
// draft-07 schemas, copied in tests/fakes/fixtures/rdap-schema), plus the gTLD RDAP profile's
// own requirements the schemas do not express (conformance values, notices, events, registrar).
import { readdirSync, readFileSync } from "node:fs";
import Ajv from "ajv";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { normaliseRdapDomain } from "../../core/whois";
import type { LookupEnv } from "./env";
import { ownRdapDomain } from "./own-rdap";

const SCHEMAS = new URL("../../tests/fakes/fixtures/rdap-schema/", import.meta.url);

// The conformance tool implements these formats in Java; here are the same checks over the IANA
// registries they consult (RDAP JSON values: status and event actions; link relations).
const STATUS_VALUES = new Set([
  "validated",
  "renew prohibited",
  "update prohibited",
  "transfer prohibited",
  "delete prohibited",
  "proxy",
  "private",
  "removed",
  "obscured",
  "associated",
  "active",
  "inactive",
  "locked",
  "pending create",
  "pending renew",
  "pending transfer",
  "pending update",
  "pending delete",
  "add period",
  "auto renew period",
  "client delete prohibited",
  "client hold",
  "client renew prohibited",
  "client transfer prohibited",
  "client update prohibited",
  "pending restore",
  "redemption period",
  "renew period",
  "server delete prohibited",
  "server renew prohibited",
  "server transfer prohibited",
  "server update prohibited",
  "server hold",
  "transfer period",
  "administrative",
  "reserved",
]);
const EVENT_ACTIONS = new Set([
  "registration",
  "reregistration",
  "last changed",
  "expiration",
  "deletion",
  "reinstantiation",
  "transfer",
  "locked",
  "unlocked",
  "last update of RDAP database",
  "registrar expiration",
  "enum validation expiration",
]);
const LINK_RELATIONS = new Set([
  "self",
  "related",
  "about",
  "alternate",
  "terms-of-service",
  "glossary",
  "help",
  "copyright",
  "license",
  "privacy-policy",
]);

/**
 * The conformance tool's Java validator treats a nested `$id` ("vcardArray" inside jcard.json) as
 * a label, resolving "#/definitions/…" against the file; draft-07 would re-base them. Nothing
 * refers to those labels, so they are dropped to get the tool's resolution.
 */
function dropNestedIds(value: unknown, root = false): unknown {
  if (Array.isArray(value)) return value.map((item) => dropNestedIds(item));
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => root || key !== "$id")
      .map(([key, item]) => [key, dropNestedIds(item)]),
  );
}

function validator() {
  const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false, logger: false });
  addFormats(ajv);
  ajv.addFormat("status", (value: string) => STATUS_VALUES.has(value));
  ajv.addFormat("eventAction", (value: string) => EVENT_ACTIONS.has(value));
  ajv.addFormat("linkRelations", (value: string) => LINK_RELATIONS.has(value));
  ajv.addFormat("ipv4-validation", (value: string) => /^(\d{1,3}\.){3}\d{1,3}$/.test(value));
  ajv.addFormat("ipv6-validation", (value: string) => value.includes(":"));
  ajv.addFormat("idn-hostname", (value: string) => value.length > 0 && value.length <= 253);
  ajv.addFormat("hostname-in-uri", (value: string) => URL.canParse(value) && new URL(value).hostname !== "");
  for (const file of readdirSync(SCHEMAS)) {
    if (!file.endsWith(".json")) continue;
    const schema = dropNestedIds(JSON.parse(readFileSync(new URL(file, SCHEMAS), "utf8")), true) as { $id?: string };
    ajv.addSchema(schema, schema.$id === file ? undefined : file);
  }
  const validate = ajv.getSchema("rdap_domain.json");
  if (!validate) throw new Error("rdap_domain.json not loaded");
  return validate;
}

const env = { REGISTRAR_NAME: "Trinity", REGISTRAR_IANA_ID: "9999" } as LookupEnv;

function row(overrides: Partial<Parameters<typeof ownRdapDomain>[1]> = {}): Parameters<typeof ownRdapDomain>[1] {
  return {
    name: "xn--bcher-kva.com",
    unicode: "bücher.com",
    status: "active",
    registered_at: "2025-01-15T08:00:00.000Z",
    expires_at: "2027-01-15T08:00:00.000Z",
    locked: 1,
    whois_privacy: 1,
    dnssec: 1,
    nameservers: '["ns1.trinity.example","ns2.trinity.example"]',
    updated_at: "2026-11-20T10:00:00.000Z",
    organization: "Yılmaz Ltd",
    first_name: "Ada",
    last_name: "Yılmaz",
    email: "ada@example.test",
    phone: "+90.5551234567",
    country: "tr",
    ...overrides,
  };
}

describe("our RDAP service (ICANN gTLD RDAP profile)", () => {
  const validate = validator();
  const now = new Date("2026-11-25T12:00:00.000Z");

  it.each([
    ["privacy on, locked", row()],
    ["privacy off, unlocked", row({ whois_privacy: 0, locked: 0 })],
    [
      "pending transfer without dates",
      row({
        status: "pending_transfer",
        registered_at: null,
        expires_at: null,
        name: "example.com",
        unicode: "example.com",
      }),
    ],
  ])("validates against the conformance schema: %s", (_label, domain) => {
    // The schemas predate RFC 9537: its registered `redacted` member is checked by the profile test below.
    const { redacted: _redacted, ...body } = ownRdapDomain(env, domain, now);
    const valid = validate(body);
    expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
    expect(valid).toBe(true);
  });

  it("carries the profile's conformance values, notices, events and registrar", () => {
    const body = ownRdapDomain(env, row(), now) as Record<string, unknown> & {
      rdapConformance: string[];
      notices: { title: string; links: { href: string }[] }[];
      events: { eventAction: string }[];
      entities: {
        roles: string[];
        handle?: string;
        publicIds?: { type: string; identifier: string }[];
        entities?: { roles: string[]; vcardArray: [string, unknown[][]] }[];
      }[];
      redacted: { name: { type: string } }[];
    };
    expect(body.rdapConformance).toEqual(
      expect.arrayContaining([
        "rdap_level_0",
        "icann_rdap_technical_implementation_guide_1",
        "icann_rdap_response_profile_1",
        "redacted",
      ]),
    );
    expect(body.notices.map((notice) => notice.title)).toEqual([
      "Terms of Service",
      "Status Codes",
      "RDDS Inaccuracy Complaint Form",
    ]);
    expect(body.notices[1]!.links[0]!.href).toBe("https://icann.org/epp");
    expect(body.notices[2]!.links[0]!.href).toBe("https://icann.org/wicf");
    expect(body.events.map((event) => event.eventAction)).toEqual(
      expect.arrayContaining([
        "registration",
        "expiration",
        "last changed",
        "registrar expiration",
        "last update of RDAP database",
      ]),
    );
    const registrar = body.entities.find((entity) => entity.roles.includes("registrar"));
    expect(registrar?.handle).toBe("9999");
    expect(registrar?.publicIds).toEqual([{ type: "IANA Registrar ID", identifier: "9999" }]);
    const abuse = registrar?.entities?.find((entity) => entity.roles.includes("abuse"));
    const properties = abuse?.vcardArray[1].map((property) => property[0]);
    expect(properties).toEqual(expect.arrayContaining(["tel", "email"]));
    expect(body.entities.some((entity) => entity.roles.includes("registrant"))).toBe(true);
    expect(body.redacted.map((redaction) => redaction.name.type)).toEqual(
      expect.arrayContaining(["Registrant Name", "Registrant Email", "Registrant Phone"]),
    );
    expect(body.unicodeName).toBe("bücher.com");
    expect(JSON.stringify(body)).not.toContain("ada@example.test");
  });

  it("reads back through the WHOIS normaliser", () => {
    const result = normaliseRdapDomain(ownRdapDomain(env, row({ whois_privacy: 0 }), now), {
      domain: "xn--bcher-kva.com",
      unicode: "bücher.com",
      server: null,
      fetchedAt: now.toISOString(),
    });
    expect(result.registrant).toEqual({
      organization: "Yılmaz Ltd",
      name: "Ada Yılmaz",
      email: "ada@example.test",
      phone: "+90.5551234567",
      country: "TR",
    });
    expect(result.dnssec).toBe(false);
  });
});
