/**
 * Our own RDAP service for the names registered with us (D1 `user_domains`), as a registrar
 * serves it under the ICANN gTLD RDAP profile (February 2024 TIG and Response Profile): the
 * three conformance values plus `redacted`, the Terms of Service / Status Codes / RDDS
 * Inaccuracy notices, registration, expiration, last changed, registrar expiration and "last
 * update of RDAP database" events, the registrar entity with its IANA id and abuse contact, and a
 * registrant whose personal data is withheld (RFC 9537) while WHOIS privacy is on, which is the
 * default. The same object feeds our WHOIS answer for these names.
 *
 * The registrar's identity comes from config/registrar.json, the one file the EPP gateway
 * (services/epp-gateway) reads too, bundled at build time (a Worker reads no files at run time).
 */
import registrarJson from "../../config/registrar.json";
import { isALabel, normaliseHost, toDisplayName } from "../../core/domain-name";

export interface UserDomainRow {
  name: string;
  unicode: string;
  status: string;
  registered_at: string | null;
  expires_at: string | null;
  locked: number;
  whois_privacy: number;
  dnssec: number;
  nameservers: string;
  updated_at: string;
  organization: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  country: string | null;
}

/** Statuses of names we no longer hold: those are not answered from our data. */
const GONE = ["deleted", "transferred_out"];

export async function findOwnDomain(db: D1Database, asciiName: string): Promise<UserDomainRow | null> {
  return db
    .prepare(
      `SELECT d.name, d.unicode, d.status, d.registered_at, d.expires_at, d.locked, d.whois_privacy, d.dnssec,
              d.nameservers, d.updated_at,
              a.organization, a.first_name, a.last_name, a.email, a.phone, a.country
         FROM user_domains d
         LEFT JOIN addresses a ON a.id = (
           SELECT id FROM addresses WHERE user_id = d.user_id ORDER BY is_default DESC, created_at LIMIT 1)
        WHERE d.name = ? AND d.status NOT IN (${GONE.map(() => "?").join(",")})`,
    )
    .bind(asciiName, ...GONE)
    .first<UserDomainRow>();
}

/** Who we are as a registrar (config/registrar.json, shared with the EPP gateway). */
export interface RegistrarIdentity {
  name: string;
  /** Our IANA Registrar ID (9999 is IANA's reserved id for a registry acting as registrar). */
  ianaId: string;
  /** Our EPP ROID suffix (the EPPROID registry): the part after "-" in the handles we publish. */
  roidSuffix: string;
  /** Our RDAP base URL as IANA's Registrar IDs registry lists it (the registrar's "about" link value). */
  rdapBaseUrl: string;
  /** Our web site (the registrar's "about" link href). */
  url: string;
  abuseEmail: string;
  abusePhone: string;
}

export const REGISTRAR: RegistrarIdentity = registrarJson;

/**
 * A stored phone number ("+90.5551234567" as EPP writes it, "+33 1 23 45 67 89" as a visitor
 * types it) as an RFC 3966 global-number `tel:` URI with "-" between the digit groups
 * (`tel:+33-1-23-45-67-89`), an extension as `;ext=`. A number without its country code cannot
 * be a global number, and a local one needs a phone-context we do not know: null, then it is
 * withheld like a redacted one.
 */
export function telUri(phone: string): string | null {
  const match = /^\s*\+\s*([0-9][0-9 ()./-]*[0-9])\s*(?:(?:x|ext\.?|#)\s*([0-9]{1,10}))?\s*$/iu.exec(phone);
  if (!match?.[1]) return null;
  const groups = match[1].split(/[^0-9]+/u).filter((group) => group !== "");
  const digits = groups.join("").length;
  // E.164: at most 15 digits with the country code; fewer than 4 is not a number anyone can call.
  if (digits < 4 || digits > 15) return null;
  return `tel:+${groups.join("-")}${match[2] ? `;ext=${match[2]}` : ""}`;
}

function rdapStatuses(row: UserDomainRow, delegated: boolean): string[] {
  const statuses: string[] = [];
  switch (row.status) {
    case "pending":
    case "pending_manual_intervention":
      statuses.push("pending create");
      break;
    case "pending_transfer":
    case "transfer_out_pending":
      statuses.push("pending transfer");
      break;
    case "suspended":
      statuses.push("client hold");
      break;
    default:
      if (!row.locked) statuses.push("active");
  }
  if (row.locked) statuses.push("client transfer prohibited", "client delete prohibited", "client update prohibited");
  // RFC 5731 "inactive" (RFC 8056: RDAP "inactive"): no nameservers, so the name is not in the zone.
  if (!delegated) statuses.push("inactive");
  return statuses;
}

function nameserversOf(row: UserDomainRow): string[] {
  try {
    const parsed: unknown = JSON.parse(row.nameservers);
    return Array.isArray(parsed) ? parsed.filter((ns): ns is string => typeof ns === "string" && ns.trim() !== "") : [];
  } catch {
    return [];
  }
}

function isoOrNull(value: string | null): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** One RFC 9537 redaction: "emptyValue" names where the emptied value is (postPath), "removal" where it would be (prePath). */
interface Redaction {
  type: string;
  path: string;
  method: "removal" | "emptyValue";
}

const REGISTRANT = "$.entities[?(@.roles[0]=='registrant')]";
const REDACTION = {
  id: { type: "Registry Registrant ID", path: `${REGISTRANT}.handle`, method: "removal" },
  name: { type: "Registrant Name", path: `${REGISTRANT}.vcardArray[1][?(@[0]=='fn')][3]`, method: "emptyValue" },
  organization: {
    type: "Registrant Organization",
    path: `${REGISTRANT}.vcardArray[1][?(@[0]=='org')][3]`,
    method: "removal",
  },
  street: {
    type: "Registrant Street",
    path: `${REGISTRANT}.vcardArray[1][?(@[0]=='adr')][3][:3]`,
    method: "emptyValue",
  },
  city: { type: "Registrant City", path: `${REGISTRANT}.vcardArray[1][?(@[0]=='adr')][3][3]`, method: "emptyValue" },
  postalCode: {
    type: "Registrant Postal Code",
    path: `${REGISTRANT}.vcardArray[1][?(@[0]=='adr')][3][5]`,
    method: "emptyValue",
  },
  phone: { type: "Registrant Phone", path: `${REGISTRANT}.vcardArray[1][?(@[0]=='tel')]`, method: "removal" },
  email: { type: "Registrant Email", path: `${REGISTRANT}.vcardArray[1][?(@[0]=='email')]`, method: "removal" },
} as const satisfies Record<string, Redaction>;

/**
 * The registrant entity and what it withholds. We never publish a registrant handle, street,
 * city or postal code (privacy on or off: the Registration Data Policy's minimum), so those are
 * always listed in `redacted[]`. The profile (RP 2.7.4.3–2.7.4.6; conformance tool -63400 and
 * on) wants the street, city and postal code positions of `adr` present, so they are the
 * emptyValue method's empty strings, each named by a redaction, never a bare "". With privacy on
 * the name is emptied and the organization, phone and email removed; with it off whatever we do
 * not have (or cannot write as RFC 3966) is listed the same way, as the profile requires.
 */
function registrantEntity(row: UserDomainRow, privacy: boolean) {
  const redacted: Redaction[] = [REDACTION.id];
  const name = privacy ? "" : [row.first_name, row.last_name].filter(Boolean).join(" ");
  const country = (row.country ?? "").toUpperCase();
  const vcard: unknown[] = [
    ["version", {}, "text", "4.0"],
    ["fn", {}, "text", name],
  ];
  if (name === "") redacted.push(REDACTION.name);
  if (!privacy && row.organization) vcard.push(["org", {}, "text", row.organization]);
  else redacted.push(REDACTION.organization);
  // Region and country name are not withheld, only not kept: the country is the cc parameter.
  vcard.push(["adr", /^[A-Z]{2}$/u.test(country) ? { cc: country } : {}, "text", ["", "", "", "", "", "", ""]]);
  redacted.push(REDACTION.street, REDACTION.city, REDACTION.postalCode);
  const tel = !privacy && row.phone ? telUri(row.phone) : null;
  if (tel) vcard.push(["tel", { type: "voice" }, "uri", tel]);
  else redacted.push(REDACTION.phone);
  if (!privacy && row.email) vcard.push(["email", {}, "text", row.email]);
  else redacted.push(REDACTION.email);
  return {
    entity: { objectClassName: "entity", roles: ["registrant"], vcardArray: ["vcard", vcard] },
    redacted,
  };
}

/**
 * The links of an answer: `value` is the URL the client queried, as it sent it (upper case, a
 * trailing dot, a U-label percent-encoded — RFC 9083 §4.2, RP 2.6.3 / 2.10 and the conformance
 * tool's -46606 and -46706 compare it with the request URL), `href` the canonical URL of the
 * object: the same RDAP service's `domain/` path with the lower-case A-label.
 */
function answerUrls(queryUrl: string | undefined, asciiName: string, registrar: RegistrarIdentity) {
  const fallbackBase = registrar.rdapBaseUrl.replace(/\/?$/u, "/");
  const query = queryUrl && URL.canParse(queryUrl) ? new URL(queryUrl) : null;
  const at = query ? query.pathname.lastIndexOf("/domain/") : -1;
  const base = query && at >= 0 ? `${query.origin}${query.pathname.slice(0, at + 1)}` : fallbackBase;
  const canonical = `${base}domain/${asciiName}`;
  return { value: query ? query.toString() : canonical, canonical };
}

export interface OwnRdapOptions {
  /** The URL the client queried (the storefront's `/rdap/domain/{name}` or the API's), as sent. */
  queryUrl?: string;
  registrar?: RegistrarIdentity;
}

/** The RDAP domain object of one of our names (application/rdap+json). */
export function ownRdapDomain(row: UserDomainRow, now: Date, options: OwnRdapOptions = {}): Record<string, unknown> {
  const registrar = options.registrar ?? REGISTRAR;
  const privacy = row.whois_privacy === 1;
  const { value, canonical } = answerUrls(options.queryUrl, row.name, registrar);
  const link = (rel: string, href: string, type: string) => ({ value, rel, href, type });
  const events: { eventAction: string; eventDate: string }[] = [];
  const registered = isoOrNull(row.registered_at);
  const expires = isoOrNull(row.expires_at);
  const changed = isoOrNull(row.updated_at);
  if (registered) events.push({ eventAction: "registration", eventDate: registered });
  if (expires)
    events.push(
      { eventAction: "expiration", eventDate: expires },
      { eventAction: "registrar expiration", eventDate: expires },
    );
  if (changed) events.push({ eventAction: "last changed", eventDate: changed });
  events.push({ eventAction: "last update of RDAP database", eventDate: now.toISOString() });

  const unicode = row.unicode || (toDisplayName(row.name) ?? row.name);
  const isIdn = row.name.split(".").some(isALabel);
  const nameservers = nameserversOf(row);
  const registrant = registrantEntity(row, privacy);
  const abuseTel = telUri(registrar.abusePhone);

  return {
    rdapConformance: [
      "rdap_level_0",
      "icann_rdap_technical_implementation_guide_1",
      "icann_rdap_response_profile_1",
      "redacted",
    ],
    objectClassName: "domain",
    handle: `${row.name.toUpperCase().replace(/[^A-Z0-9]/g, "_")}-${registrar.roidSuffix}`,
    ldhName: row.name,
    ...(isIdn ? { unicodeName: unicode } : {}),
    status: rdapStatuses(row, nameservers.length > 0),
    events,
    // We sign the zones we host when DNSSEC is on; DS records at the registry are not in our data,
    // and the profile requires dsData/keyData with delegationSigned true.
    secureDNS: { zoneSigned: row.dnssec === 1, delegationSigned: false },
    nameservers: nameservers.map((ns) => ({ objectClassName: "nameserver", ldhName: normaliseHost(ns) })),
    entities: [
      {
        objectClassName: "entity",
        handle: registrar.ianaId,
        roles: ["registrar"],
        publicIds: [{ type: "IANA Registrar ID", identifier: registrar.ianaId }],
        vcardArray: [
          "vcard",
          [
            ["version", {}, "text", "4.0"],
            ["fn", {}, "text", registrar.name],
          ],
        ],
        // RP 2.4.6: value is our RDAP base URL as IANA lists it, href our web site.
        links: [{ value: registrar.rdapBaseUrl, rel: "about", href: registrar.url, type: "text/html" }],
        entities: [
          {
            objectClassName: "entity",
            roles: ["abuse"],
            vcardArray: [
              "vcard",
              [
                ["version", {}, "text", "4.0"],
                ["fn", {}, "text", `${registrar.name} abuse desk`],
                ...(abuseTel ? [["tel", { type: "voice" }, "uri", abuseTel]] : []),
                ["email", {}, "text", registrar.abuseEmail],
              ],
            ],
          },
        ],
      },
      registrant.entity,
    ],
    links: [link("self", canonical, "application/rdap+json")],
    notices: [
      {
        title: "Terms of Service",
        description: [
          `This RDAP service of ${registrar.name} is provided for information about domain names registered with us. By querying it you agree to use the data only for lawful purposes.`,
        ],
        links: [link("terms-of-service", new URL("/terms", registrar.url).toString(), "text/html")],
      },
      {
        title: "Status Codes",
        description: ["For more information on domain status codes, please visit https://icann.org/epp"],
        links: [link("glossary", "https://icann.org/epp", "text/html")],
      },
      {
        title: "RDDS Inaccuracy Complaint Form",
        description: ["URL of the ICANN RDDS Inaccuracy Complaint Form: https://icann.org/wicf"],
        links: [link("help", "https://icann.org/wicf", "text/html")],
      },
    ],
    redacted: registrant.redacted.map((redaction) => ({
      name: { type: redaction.type },
      ...(redaction.method === "removal" ? { prePath: redaction.path } : { postPath: redaction.path }),
      pathLang: "jsonpath",
      method: redaction.method,
      reason: { description: "Server policy" },
    })),
  };
}
