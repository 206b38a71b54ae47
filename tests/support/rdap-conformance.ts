// The ICANN RDAP conformance tool's checks we can run in a test: its draft-07 JSON schemas
// (/work/shared/fixtures/rdap-schema, copied byte for byte in tests/fakes/fixtures/rdap-schema so
// the suites run anywhere; provenance in the shared fixtures README §2) under ajv, with the
// tool's custom formats over the IANA registries they consult, and the JSONPath subset the gTLD
// RDAP profile's RFC 9537 redaction paths use. Shared by the unit test of our RDAP object
// (workers/lookup/own-rdap.test.ts) and the API test of the answers (tests/api/rdap.test.ts);
// the schemas are bundled (import.meta.glob), as workerd has no file system to read them from.
import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";

const SCHEMA_DIR = "/rdap-schema/";
const SCHEMA_FILES = import.meta.glob<unknown>("../fakes/fixtures/rdap-schema/**/*.json", {
  eager: true,
  import: "default",
});

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

// The RDAP JSON values registry's role values, the RDAP Extensions registry's identifiers we use
// or may meet, the notice/remark types and the media types of links (the tool's own format lists).
const ROLES = new Set([
  "registrant",
  "technical",
  "administrative",
  "abuse",
  "billing",
  "registrar",
  "reseller",
  "sponsor",
  "proxy",
  "notifications",
  "noc",
]);
const EXTENSIONS = new Set([
  "rdap_level_0",
  "icann_rdap_technical_implementation_guide_0",
  "icann_rdap_technical_implementation_guide_1",
  "icann_rdap_response_profile_0",
  "icann_rdap_response_profile_1",
  "redacted",
]);
const NOTICE_TYPES = new Set([
  "result set truncated due to authorization",
  "result set truncated due to excessive load",
  "result set truncated due to unexplainable reasons",
  "object truncated due to authorization",
  "object truncated due to excessive load",
  "object truncated due to unexplainable reasons",
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

function schemas(): Ajv {
  // strict off for the tool's own keywords (errorCode, validationName…); every format the
  // schemas use is defined below, so none is skipped silently.
  const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false, logger: false });
  addFormats(ajv);
  ajv.addFormat("status", (value: string) => STATUS_VALUES.has(value));
  ajv.addFormat("eventAction", (value: string) => EVENT_ACTIONS.has(value));
  ajv.addFormat("linkRelations", (value: string) => LINK_RELATIONS.has(value));
  ajv.addFormat("role", (value: string) => ROLES.has(value));
  ajv.addFormat("rdapExtensions", (value: string) => EXTENSIONS.has(value));
  ajv.addFormat("noticeAndRemark", (value: string) => NOTICE_TYPES.has(value));
  ajv.addFormat("mediaTypes", (value: string) => /^[a-z]+\/[a-z0-9.+-]+$/u.test(value));
  ajv.addFormat("variantRelation", (value: string) => value.length > 0);
  ajv.addFormat("image", (value: string) => URL.canParse(value));
  ajv.addFormat("idn-email", (value: string) => /^[^\s@]+@[^\s@]+$/u.test(value));
  ajv.addFormat("ipv4-validation", (value: string) => /^(\d{1,3}\.){3}\d{1,3}$/.test(value));
  ajv.addFormat("ipv6-validation", (value: string) => value.includes(":"));
  ajv.addFormat("idn-hostname", (value: string) => value.length > 0 && value.length <= 253);
  ajv.addFormat("hostname-in-uri", (value: string) => URL.canParse(value) && new URL(value).hostname !== "");
  for (const [path, json] of Object.entries(SCHEMA_FILES)) {
    const file = path.slice(path.indexOf(SCHEMA_DIR) + SCHEMA_DIR.length);
    const schema = dropNestedIds(json, true) as { $id?: string };
    ajv.addSchema(schema, schema.$id === file ? undefined : file);
  }
  return ajv;
}

/** Every vCard property of every entity of an answer, nested ones included, with where it is. */
function vcardProperties(value: unknown, at = "$"): { at: string; property: unknown[] }[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => vcardProperties(item, `${at}[${index}]`));
  if (typeof value !== "object" || value === null) return [];
  const object = value as Record<string, unknown>;
  const own =
    Array.isArray(object.vcardArray) && Array.isArray(object.vcardArray[1])
      ? (object.vcardArray[1] as unknown[]).map((property, index) => ({
          at: `${at}.vcardArray[1][${index}]`,
          property: Array.isArray(property) ? property : [property],
        }))
      : [];
  return [
    ...own,
    ...Object.entries(object)
      .filter(([key]) => key !== "vcardArray")
      .flatMap(([key, item]) => vcardProperties(item, `${at}.${key}`)),
  ];
}

/**
 * What the conformance tool's schema validation reports for a domain answer: the domain schema
 * (without RFC 9537's `redacted`, which the schemas predate and is checked on its own), then every
 * jCard property against its category in jcard_categories.json (as the tool's vCard validation
 * does; jcard.json alone only checks the generic shape, so a `tel` with spaces would pass it).
 * An empty list is a pass.
 */
export function rdapDomainValidator(): (body: Record<string, unknown>) => unknown[] {
  const ajv = schemas();
  const domain: ValidateFunction | undefined = ajv.getSchema("rdap_domain.json");
  if (!domain) throw new Error("rdap_domain.json not loaded");
  return (body) => {
    const { redacted: _redacted, ...rest } = body;
    const errors: unknown[] = domain(rest) ? [] : [...(domain.errors ?? [])];
    for (const { at, property } of vcardProperties(rest)) {
      const name = property[0];
      const category =
        typeof name === "string" ? ajv.getSchema(`jcard_categories.json#/definitions/${name}`) : undefined;
      if (!category) errors.push({ at, message: `unknown vCard property ${JSON.stringify(name)}` });
      else if (!category(property)) errors.push({ at, errors: category.errors });
    }
    return errors;
  };
}

/**
 * The JSONPath subset the profile's redaction paths use (`$`, `.member`, `[n]`, `[:n]` and the
 * `[?(@… == '…')]` filter), evaluated as the conformance tool does to check that a removal's
 * prePath finds nothing and an emptyValue's postPath finds the emptied values (-63104, -63203…).
 */
export function jsonPath(document: unknown, path: string): unknown[] {
  const step = /^(?:\.([A-Za-z_]\w*)|\[(\d+)\]|\[:(\d+)\]|\[\?\(@((?:\.[A-Za-z_]\w*|\[\d+\])*)==\s*'([^']*)'\)\])/u;
  const walk = (node: unknown, rest: string): unknown[] => {
    if (rest === "") return [node];
    const match = step.exec(rest);
    if (!match) throw new Error(`unsupported JSONPath at ${rest}`);
    const next = rest.slice(match[0].length);
    const [, member, index, sliceEnd, filterPath, filterValue] = match;
    if (member !== undefined)
      return typeof node === "object" && node !== null && !Array.isArray(node) && member in node
        ? walk((node as Record<string, unknown>)[member], next)
        : [];
    if (!Array.isArray(node)) return [];
    if (index !== undefined) return Number(index) < node.length ? walk(node[Number(index)], next) : [];
    if (sliceEnd !== undefined) return node.slice(0, Number(sliceEnd)).flatMap((item) => walk(item, next));
    return node
      .filter((item) => walk(item, filterPath ?? "").some((found) => found === filterValue))
      .flatMap((item) => walk(item, next));
  };
  if (!path.startsWith("$")) throw new Error(`not a JSONPath: ${path}`);
  return walk(document, path.slice(1));
}
