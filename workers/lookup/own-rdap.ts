/**
 * Our own RDAP service for the names registered with us (D1 `user_domains`), as a registrar
 * serves it under the ICANN gTLD RDAP profile (February 2024 TIG and Response Profile): the
 * three conformance values plus `redacted`, the Terms of Service / Status Codes / RDDS
 * Inaccuracy notices, registration, expiration, last changed, registrar expiration and "last
 * update of RDAP database" events, the registrar entity with its IANA id and abuse contact, and a
 * registrant whose personal data is withheld (RFC 9537) while WHOIS privacy is on, which is the
 * default. The same object feeds our WHOIS answer for these names.
 */
import { isALabel, normaliseHost, toDisplayName } from "../../core/domain-name";
import type { LookupEnv } from "./env";

interface UserDomainRow {
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

function registrarIdentity(env: LookupEnv) {
  return {
    name: env.REGISTRAR_NAME || "Trinity",
    // 9999 is IANA's reserved id for a registry acting as registrar; set REGISTRAR_IANA_ID to ours.
    ianaId: env.REGISTRAR_IANA_ID || "9999",
    url: env.REGISTRAR_URL || "https://trinity.example/",
    abuseEmail: env.REGISTRAR_ABUSE_EMAIL || "abuse@trinity.example",
    abusePhone: env.REGISTRAR_ABUSE_PHONE || "+1.5555550100",
    rdapBase: (env.RDAP_BASE_URL || "https://rdap.trinity.example/").replace(/\/?$/, "/"),
  };
}

function rdapStatuses(row: UserDomainRow): string[] {
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

/** The registrant entity: withheld fields are left empty and listed in `redacted[]` (RFC 9537). */
function registrantEntity(row: UserDomainRow, privacy: boolean) {
  const name = [row.first_name, row.last_name].filter(Boolean).join(" ");
  const country = (row.country ?? "").toUpperCase();
  const vcard: unknown[] = [["version", {}, "text", "4.0"]];
  if (privacy) {
    vcard.push(["fn", {}, "text", ""]);
    if (country) vcard.push(["adr", { cc: country }, "text", ["", "", "", "", "", "", ""]]);
  } else {
    vcard.push(["fn", {}, "text", name]);
    if (row.organization) vcard.push(["org", {}, "text", row.organization]);
    if (country) vcard.push(["adr", { cc: country }, "text", ["", "", "", "", "", "", ""]]);
    if (row.phone) vcard.push(["tel", { type: "voice" }, "uri", `tel:${row.phone}`]);
    if (row.email) vcard.push(["email", {}, "text", row.email]);
  }
  return {
    objectClassName: "entity",
    roles: ["registrant"],
    vcardArray: ["vcard", vcard],
  };
}

const REDACTIONS = [
  { type: "Registry Registrant ID", path: "$.entities[?(@.roles[0]=='registrant')].handle", method: "removal" },
  {
    type: "Registrant Name",
    path: "$.entities[?(@.roles[0]=='registrant')].vcardArray[1][?(@[0]=='fn')][3]",
    method: "emptyValue",
  },
  {
    type: "Registrant Organization",
    path: "$.entities[?(@.roles[0]=='registrant')].vcardArray[1][?(@[0]=='org')][3]",
    method: "removal",
  },
  {
    type: "Registrant Street",
    path: "$.entities[?(@.roles[0]=='registrant')].vcardArray[1][?(@[0]=='adr')][3][:3]",
    method: "emptyValue",
  },
  {
    type: "Registrant City",
    path: "$.entities[?(@.roles[0]=='registrant')].vcardArray[1][?(@[0]=='adr')][3][3]",
    method: "emptyValue",
  },
  {
    type: "Registrant Postal Code",
    path: "$.entities[?(@.roles[0]=='registrant')].vcardArray[1][?(@[0]=='adr')][3][5]",
    method: "emptyValue",
  },
  {
    type: "Registrant Phone",
    path: "$.entities[?(@.roles[0]=='registrant')].vcardArray[1][?(@[0]=='tel')]",
    method: "removal",
  },
  {
    type: "Registrant Email",
    path: "$.entities[?(@.roles[0]=='registrant')].vcardArray[1][?(@[0]=='email')]",
    method: "removal",
  },
] as const;

/** The RDAP domain object of one of our names (application/rdap+json). */
export function ownRdapDomain(env: LookupEnv, row: UserDomainRow, now: Date): Record<string, unknown> {
  const registrar = registrarIdentity(env);
  const privacy = row.whois_privacy === 1;
  const self = `${registrar.rdapBase}domain/${row.name}`;
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

  const body: Record<string, unknown> = {
    rdapConformance: [
      "rdap_level_0",
      "icann_rdap_technical_implementation_guide_1",
      "icann_rdap_response_profile_1",
      ...(privacy ? ["redacted"] : []),
    ],
    objectClassName: "domain",
    handle: `${row.name.toUpperCase().replace(/[^A-Z0-9]/g, "_")}-TRINITY`,
    ldhName: row.name,
    ...(isIdn ? { unicodeName: unicode } : {}),
    status: rdapStatuses(row),
    events,
    // We sign the zones we host when DNSSEC is on; DS records at the registry are not in our data,
    // and the profile requires dsData/keyData with delegationSigned true.
    secureDNS: { zoneSigned: row.dnssec === 1, delegationSigned: false },
    nameservers: nameserversOf(row).map((ns) => ({
      objectClassName: "nameserver",
      ldhName: normaliseHost(ns),
    })),
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
        links: [{ value: self, rel: "about", href: registrar.url, type: "text/html" }],
        entities: [
          {
            objectClassName: "entity",
            roles: ["abuse"],
            vcardArray: [
              "vcard",
              [
                ["version", {}, "text", "4.0"],
                ["fn", {}, "text", `${registrar.name} abuse desk`],
                ["tel", { type: "voice" }, "uri", `tel:${registrar.abusePhone}`],
                ["email", {}, "text", registrar.abuseEmail],
              ],
            ],
          },
        ],
      },
      registrantEntity(row, privacy),
    ],
    links: [{ value: self, rel: "self", href: self, type: "application/rdap+json" }],
    notices: [
      {
        title: "Terms of Service",
        description: [
          `This RDAP service of ${registrar.name} is provided for information about domain names registered with us. By querying it you agree to use the data only for lawful purposes.`,
        ],
        links: [
          {
            value: self,
            rel: "terms-of-service",
            href: new URL("/terms", registrar.url).toString(),
            type: "text/html",
          },
        ],
      },
      {
        title: "Status Codes",
        description: ["For more information on domain status codes, please visit https://icann.org/epp"],
        links: [{ value: self, rel: "glossary", href: "https://icann.org/epp", type: "text/html" }],
      },
      {
        title: "RDDS Inaccuracy Complaint Form",
        description: ["URL of the ICANN RDDS Inaccuracy Complaint Form: https://icann.org/wicf"],
        links: [{ value: self, rel: "help", href: "https://icann.org/wicf", type: "text/html" }],
      },
    ],
  };
  if (privacy) {
    body.redacted = REDACTIONS.map((redaction) => ({
      name: { type: redaction.type },
      ...(redaction.method === "removal" ? { prePath: redaction.path } : { postPath: redaction.path }),
      pathLang: "jsonpath",
      method: redaction.method,
      reason: { description: "Server policy" },
    }));
  }
  return body;
}
