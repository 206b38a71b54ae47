/**
 * WHOIS results (SPEC §3 "WHOIS result"): the RDAP domain object (RFC 9083) of any registry or
 * registrar, normalised to one shape the UI shows. Pure: no I/O. The lookup worker fetches the
 * RDAP JSON (workers/lookup/rdap.ts) and calls `normaliseRdapDomain`.
 */
import { normaliseHost } from "./host-name";
import { typedNameField } from "./typed-name";
import { z } from "./zod";
import { REGISTRANT_FIELDS, type RegistrantField, type WhoisResult } from "./whois-result";

export { REGISTRANT_FIELDS } from "./whois-result";
export type { RegistrantField, WhoisResult, WhoisStatus } from "./whois-result";

// ---------------------------------------------------------------------------------------------
// Input (SPEC §5: required, invalid format, too long, invalid characters, valid TLD; IDN accepted).
// The full rules run on the server (core/lookup-forms.ts `whoisFormSchema`); the browser checks this.

/** The WHOIS form as the browser checks it. */
export const whoisBrowserSchema = z.object({ domain: typedNameField() });

// ---------------------------------------------------------------------------------------------
// Statuses (RFC 8056 §2 names, the EPP codes behind them as keys)

const STATUS_KEYS: Record<string, string> = {
  active: "active",
  ok: "active",
  associated: "associated",
  inactive: "inactive",
  locked: "locked",
  "pending create": "pendingCreate",
  "pending delete": "pendingDelete",
  "pending renew": "pendingRenew",
  "pending transfer": "pendingTransfer",
  "pending update": "pendingUpdate",
  "pending restore": "pendingRestore",
  "client hold": "clientHold",
  "server hold": "serverHold",
  "client delete prohibited": "clientDeleteProhibited",
  "client renew prohibited": "clientRenewProhibited",
  "client transfer prohibited": "clientTransferProhibited",
  "client update prohibited": "clientUpdateProhibited",
  "server delete prohibited": "serverDeleteProhibited",
  "server renew prohibited": "serverRenewProhibited",
  "server transfer prohibited": "serverTransferProhibited",
  "server update prohibited": "serverUpdateProhibited",
  "server recover prohibited": "serverRecoverProhibited",
  "delete prohibited": "deleteProhibited",
  "renew prohibited": "renewProhibited",
  "transfer prohibited": "transferProhibited",
  "update prohibited": "updateProhibited",
  "add period": "addPeriod",
  "auto renew period": "autoRenewPeriod",
  "renew period": "renewPeriod",
  "transfer period": "transferPeriod",
  "redemption period": "redemptionPeriod",
};

/** The explanation key of an RDAP or EPP status ("clientTransferProhibited" works too). */
export function statusKey(value: string): string | null {
  const spaced = value
    .trim()
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase();
  return STATUS_KEYS[spaced] ?? null;
}

export const STATUS_EXPLANATION_KEYS = [...new Set(Object.values(STATUS_KEYS))];

// ---------------------------------------------------------------------------------------------
// RDAP → WhoisResult

type Json = unknown;

function asObject(value: Json): Record<string, Json> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, Json>) : null;
}
function asArray(value: Json): Json[] {
  return Array.isArray(value) ? value : [];
}
function asString(value: Json): string | null {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

/** RFC 3339 → ISO in UTC; null when missing or unreadable. */
function isoDate(value: Json): string | null {
  const text = asString(value);
  if (!text) return null;
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

interface Entity {
  roles: string[];
  handle: string | null;
  vcard: Json[];
  publicIds: { type: string; identifier: string }[];
  entities: Entity[];
  links: Json[];
}

function readEntity(value: Json): Entity | null {
  const object = asObject(value);
  if (!object) return null;
  const vcardArray = asArray(object.vcardArray);
  return {
    roles: asArray(object.roles).map((role) => String(role).toLowerCase()),
    handle: asString(object.handle),
    vcard: vcardArray[0] === "vcard" ? asArray(vcardArray[1]) : [],
    publicIds: asArray(object.publicIds)
      .map(asObject)
      .filter((id): id is Record<string, Json> => id !== null)
      .map((id) => ({ type: String(id.type ?? ""), identifier: String(id.identifier ?? "") })),
    entities: asArray(object.entities)
      .map(readEntity)
      .filter((entity): entity is Entity => entity !== null),
    links: asArray(object.links),
  };
}

/** The first jCard property of this name: [name, params, type, value…]. */
function vcardProperty(vcard: Json[], name: string): Json[] | null {
  for (const property of vcard) {
    const row = asArray(property);
    if (String(row[0]).toLowerCase() === name) return row;
  }
  return null;
}

function vcardText(vcard: Json[], name: string): string | null {
  const row = vcardProperty(vcard, name);
  if (!row) return null;
  const value = row[3];
  if (Array.isArray(value)) return asString(value.filter((part) => typeof part === "string" && part !== "").join(" "));
  return asString(value);
}

function vcardTel(vcard: Json[]): string | null {
  const tel = vcardText(vcard, "tel");
  return tel ? tel.replace(/^tel:/i, "") : null;
}

/** Country from `adr` (the `cc` parameter, else the last element of the address), or `country-name`. */
function vcardCountry(vcard: Json[]): string | null {
  const adr = vcardProperty(vcard, "adr");
  if (adr) {
    const params = asObject(adr[1]);
    const cc = asString(params?.cc);
    if (cc) return cc.toUpperCase();
    const parts = asArray(adr[3]);
    const country = asString(parts[6]);
    if (country) return country;
  }
  return null;
}

const REDACTED_TEXT = /redacted|withheld|not disclosed|non-public|privacy|data protected|gdpr masked/i;

function isRedactedText(value: string | null): boolean {
  return value !== null && REDACTED_TEXT.test(value) && !/privacy service provided by/i.test(value);
}

function findEntity(entities: Entity[], role: string): Entity | null {
  for (const entity of entities) {
    if (entity.roles.includes(role)) return entity;
  }
  for (const entity of entities) {
    const nested = findEntity(entity.entities, role);
    if (nested) return nested;
  }
  return null;
}

/** RFC 9537 `redacted[].name.type` ("Registrant Name") → our registrant field. */
const REDACTION_NAMES: Record<string, RegistrantField> = {
  "registrant name": "name",
  "registrant organization": "organization",
  "registrant email": "email",
  "registrant phone": "phone",
  "registrant country": "country",
};

function eventDate(events: Json[], ...actions: string[]): string | null {
  for (const action of actions) {
    for (const event of events) {
      const object = asObject(event);
      if (object && String(object.eventAction).toLowerCase() === action) {
        const date = isoDate(object.eventDate);
        if (date) return date;
      }
    }
  }
  return null;
}

export class RdapShapeError extends Error {}

/**
 * One RDAP domain answer (registry or registrar) → the WHOIS result. `extra` is the registrar's
 * own answer when the registry's pointed to it ("related" link): its registrant and dates win.
 */
export function normaliseRdapDomain(
  body: Json,
  options: { domain: string; unicode: string; server: string | null; fetchedAt: string; registrarAnswer?: Json },
): WhoisResult {
  const object = asObject(body);
  if (!object || (object.objectClassName !== undefined && object.objectClassName !== "domain")) {
    throw new RdapShapeError("The answer is not an RDAP domain object.");
  }
  const registrarObject = asObject(options.registrarAnswer);
  // The registry is the authority on dates; the registrar's answer only fills gaps.
  const events = [...asArray(object.events), ...asArray(registrarObject?.events)];
  const entities = asArray(object.entities)
    .map(readEntity)
    .filter((e): e is Entity => e !== null);
  const registrarEntities = asArray(registrarObject?.entities)
    .map(readEntity)
    .filter((e): e is Entity => e !== null);

  const registrarEntity = findEntity(entities, "registrar") ?? findEntity(registrarEntities, "registrar");
  let registrar: WhoisResult["registrar"] = null;
  if (registrarEntity) {
    const abuse = findEntity(registrarEntity.entities, "abuse");
    const url = registrarEntity.links
      .map(asObject)
      .find((link) => link && (link.rel === "about" || link.rel === "related") && typeof link.href === "string");
    registrar = {
      name: vcardText(registrarEntity.vcard, "fn") ?? vcardText(registrarEntity.vcard, "org"),
      ianaId: registrarEntity.publicIds.find((id) => /iana/i.test(id.type))?.identifier || null,
      url: url ? String(url.href) : vcardText(registrarEntity.vcard, "url"),
      abuseEmail: abuse ? vcardText(abuse.vcard, "email") : null,
      abusePhone: abuse ? vcardTel(abuse.vcard) : null,
    };
  }

  const registrantEntity = findEntity(registrarEntities, "registrant") ?? findEntity(entities, "registrant");
  const registrant: WhoisResult["registrant"] = {
    organization: null,
    name: null,
    email: null,
    phone: null,
    country: null,
  };
  const redacted = new Set<RegistrantField>();
  if (registrantEntity) {
    const vcard = registrantEntity.vcard;
    const fields: Record<RegistrantField, string | null> = {
      organization: vcardText(vcard, "org"),
      name: vcardText(vcard, "fn"),
      email: vcardText(vcard, "email"),
      phone: vcardTel(vcard),
      country: vcardCountry(vcard),
    };
    for (const field of REGISTRANT_FIELDS) {
      const value = fields[field];
      if (isRedactedText(value)) redacted.add(field);
      else registrant[field] = value;
    }
  }
  for (const redaction of [...asArray(object.redacted), ...asArray(registrarObject?.redacted)]) {
    const type = asString(asObject(asObject(redaction)?.name)?.type);
    const field = type ? REDACTION_NAMES[type.toLowerCase()] : undefined;
    if (field && registrant[field] === null) redacted.add(field);
  }

  const statusValues = [...asArray(object.status), ...asArray(registrarObject?.status)]
    .map(asString)
    .filter((value): value is string => value !== null);
  const statuses = [...new Set(statusValues.map((value) => value.toLowerCase()))].map((value) => ({
    value,
    key: statusKey(value),
  }));

  const nameservers = [
    ...new Set(
      (asArray(object.nameservers).length > 0 ? asArray(object.nameservers) : asArray(registrarObject?.nameservers))
        .map(asObject)
        .map((ns) => asString(ns?.unicodeName) ?? asString(ns?.ldhName))
        .filter((name): name is string => name !== null)
        .map(normaliseHost),
    ),
  ];

  const secureDns = asObject(object.secureDNS) ?? asObject(registrarObject?.secureDNS);
  let dnssec: boolean | null = null;
  if (secureDns) {
    if (typeof secureDns.delegationSigned === "boolean") dnssec = secureDns.delegationSigned;
    else dnssec = asArray(secureDns.dsData).length > 0 || asArray(secureDns.keyData).length > 0;
  }

  return {
    domain: options.domain,
    unicode: options.unicode,
    source: "rdap",
    server: options.server,
    createdAt: eventDate(events, "registration"),
    updatedAt: eventDate(events, "last changed", "last update"),
    expiresAt: eventDate(events, "expiration", "registrar expiration"),
    statuses,
    registrar,
    registrant,
    redacted: REGISTRANT_FIELDS.filter((field) => redacted.has(field)),
    nameservers,
    dnssec,
    fetchedAt: options.fetchedAt,
  };
}

/** The registrar's RDAP URL for this domain from a registry answer's links (rel "related"). */
export function registrarRdapLink(body: Json): string | null {
  for (const link of asArray(asObject(body)?.links)) {
    const object = asObject(link);
    if (!object || object.rel !== "related") continue;
    const href = asString(object.href);
    const type = asString(object.type);
    if (href && /^https?:\/\//i.test(href) && (!type || /rdap\+json/i.test(type)) && /\/domain\//i.test(href))
      return href;
  }
  return null;
}
