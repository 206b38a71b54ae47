/**
 * Writes data/registry/seed.sql, the simulated registry's ledger (`npx tsx scripts/generate-registry-seed.ts`).
 *
 * Taken names come from two public lists: the `email-providers` package (devDependency, ISC) and
 * a snapshot of the `top-sites` package's Moz top 500 (MIT) kept in data/registry/sources/ —
 * that package is not installed because its install script downloads the list from the web.
 * Only names whose extension is in our catalogue (data/tld-prices.csv) and that are valid
 * ASCII "label.tld" names are kept. Registrars, dates, locks and nameservers are SIMULATED,
 * derived from a hash of the name, so the output only changes when the inputs or this script
 * do. Reserved labels and premium names are lists of this script. See data/registry/README.md.
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { toASCII } from "punycode/punycode.es6.js";
import { parseCatalogueCsv } from "../core/catalogue-csv";
import { MAX_STATEMENT_BYTES, sqlLiteral } from "./catalogue-sql";
import { isLdhLabel } from "../core/domain-name";
import { addYears } from "../workers/api/adapters/registry";

const root = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const OUTPUT = root("data/registry/seed.sql");
const TOP_SITES = root("data/registry/sources/top-sites-1.1.222.json");
const require = createRequire(import.meta.url);

// --- inputs -------------------------------------------------------------------------------------

const catalogue = parseCatalogueCsv(readFileSync(root("data/tld-prices.csv"), "utf8"));
if (catalogue.errors.length > 0) throw new Error("data/tld-prices.csv is not valid; fix it first");
const CATALOGUE = new Set(catalogue.rows.map((row) => row.tld));

const emailProviders = require("email-providers/all.json") as string[];
const topSites = (JSON.parse(readFileSync(TOP_SITES, "utf8")) as { rootDomain: string }[]).map(
  (site) => site.rootDomain,
);

/**
 * Major corporate names: held at MarkMonitor and protected at the registry (transferable = 0),
 * so a transfer request is refused with "major corporate domain not transferable" (SPEC §8).
 */
const CORPORATE = `
google.com youtube.com gmail.com android.com blogger.com googleapis.com facebook.com instagram.com
whatsapp.com messenger.com meta.com apple.com icloud.com itunes.com microsoft.com windows.com
office.com outlook.com live.com hotmail.com bing.com msn.com xbox.com skype.com linkedin.com
github.com amazon.com amazonaws.com audible.com imdb.com twitch.tv paypal.com ebay.com netflix.com
disney.com espn.com twitter.com x.com yahoo.com adobe.com oracle.com ibm.com intel.com cisco.com
dell.com hp.com samsung.com sony.com nike.com adidas.com coca-cola.com pepsi.com mcdonalds.com
starbucks.com walmart.com target.com costco.com bestbuy.com visa.com mastercard.com
americanexpress.com chase.com bankofamerica.com wellsfargo.com citi.com jpmorgan.com
goldmansachs.com tesla.com ford.com toyota.com bmw.com mercedes-benz.com volkswagen.com honda.com
uber.com airbnb.com booking.com expedia.com spotify.com zoom.us salesforce.com shopify.com
stripe.com dropbox.com slack.com pinterest.com reddit.com tiktok.com snapchat.com wikipedia.org
mozilla.org nytimes.com cnn.com bbc.com wsj.com bloomberg.com reuters.com forbes.com fedex.com
ups.com dhl.com att.com verizon.com t-mobile.com comcast.com nvidia.com amd.com qualcomm.com
openai.com alibaba.com aliexpress.com baidu.com qq.com yandex.ru
`
  .trim()
  .split(/\s+/);

/** Weighted by a rough market share; all simulated. */
const REGISTRARS: { name: string; weight: number; nameservers: (hash: number) => string[] }[] = [
  { name: "GoDaddy.com, LLC", weight: 30, nameservers: (h) => pair("ns%.domaincontrol.com", 1 + (h % 80), 2) },
  {
    name: "NameCheap, Inc.",
    weight: 15,
    nameservers: () => ["dns1.registrar-servers.com", "dns2.registrar-servers.com"],
  },
  { name: "Tucows Domains Inc.", weight: 10, nameservers: () => ["ns1.hover.com", "ns2.hover.com"] },
  {
    name: "Cloudflare, Inc.",
    weight: 10,
    nameservers: (h) => {
      const people = ["ada", "bob", "cruz", "dana", "elle", "fred", "gina", "hugh", "iris", "jack", "kate", "lana"];
      return [people[h % 12], people[(h >> 4) % 12 === h % 12 ? (h + 1) % 12 : (h >> 4) % 12]].map(
        (person) => `${person}.ns.cloudflare.com`,
      );
    },
  },
  {
    name: "Gandi SAS",
    weight: 5,
    nameservers: (h) => ["a", "b", "c"].map((x) => `ns-${100 + (h % 200)}-${x}.gandi.net`),
  },
  {
    name: "Porkbun LLC",
    weight: 5,
    nameservers: () => ["curitiba", "fortaleza", "maceio", "salvador"].map((city) => `${city}.ns.porkbun.com`),
  },
  { name: "Key-Systems GmbH", weight: 5, nameservers: () => ["ns1.ispapi.net", "ns2.ispapi.net", "ns3.ispapi.net"] },
  {
    name: "Squarespace Domains LLC",
    weight: 7,
    nameservers: (h) => [1, 2, 3, 4].map((n) => `ns-cloud-${"abcde"[h % 5]}${n}.googledomains.com`),
  },
  {
    name: "IONOS SE",
    weight: 7,
    nameservers: (h) =>
      ["com", "de", "org", "biz"].map((tld) => `ns1${String(h % 100).padStart(2, "0")}.ui-dns.${tld}`),
  },
  { name: "OVH SAS", weight: 6, nameservers: (h) => [`dns${10 + (h % 100)}.ovh.net`, `ns${10 + (h % 100)}.ovh.net`] },
];
const MARKMONITOR = "MarkMonitor Inc.";

/** Second-level labels under which ccTLDs register (bbc.co.uk): such names are not ours to seed. */
const CC_SECOND_LEVELS = new Set(
  "co com net org ac gov gouv edu ne or go gob mil ltd plc gen nhs sch lg ad ed gr nom res ind int".split(" "),
);

/** IANA-style reserved labels (RFC 2606/6761 and registry operations), reserved on every extension. */
const RESERVED = [
  ["example", "RFC 2606 example name"],
  ["test", "RFC 2606 testing name"],
  ["invalid", "RFC 2606 invalid name"],
  ["localhost", "RFC 2606 loopback name"],
  ["nic", "registry operations"],
  ["whois", "registry operations"],
  ["rdap", "registry operations"],
] as const;

/** Premium candidates: short and dictionary words (some Turkish: kahve, istanbul…). */
const PREMIUM_WORDS = `
ai io go me my we pay vip app web bet bio car eco job law med net pro tax tv
abc xyz kod yol bank cash shop deal loan gold wine yoga food game news home love play sale
cloud crypto hotel travel money health music pizza coffee casino credit energy solar invest
estate fashion insurance market design studio digital finance kahve istanbul ankara izmir
antalya bodrum doktor emlak sigorta araba tatil oyun haber
`
  .trim()
  .split(/\s+/);
const PREMIUM_TLDS = [
  "com",
  "net",
  "org",
  "io",
  "co",
  "ai",
  "app",
  "dev",
  "xyz",
  "shop",
  "online",
  "store",
  "tech",
  "me",
  "tv",
];
const PREMIUM_TARGET = 200;

// --- helpers ------------------------------------------------------------------------------------

/** A stable 32-bit number per (name, purpose). */
function hash(name: string, purpose: string): number {
  return createHash("sha256").update(`${purpose}:${name}`).digest().readUInt32BE(0);
}

function pair(pattern: string, first: number, count: number): string[] {
  return Array.from({ length: count }, (_, index) => pattern.replace("%", String(first + index).padStart(2, "0")));
}

/** "www.Example.com" / "mail.example.com" → "example.com"; null when it is not a name we can seed. */
function registrable(raw: string): string | null {
  let ascii: string;
  try {
    ascii = toASCII(
      raw
        .trim()
        .toLowerCase()
        .replace(/^www\./, "")
        .replace(/\.$/, ""),
    );
  } catch {
    return null;
  }
  const labels = ascii.split(".");
  if (labels.length < 2) return null;
  const tld = labels[labels.length - 1] ?? "";
  const label = labels[labels.length - 2] ?? "";
  if (labels.length > 2 && tld.length === 2 && CC_SECOND_LEVELS.has(label)) return null;
  if (!CATALOGUE.has(tld) || !isLdhLabel(label)) return null;
  return `${label}.${tld}`;
}

function dateBetween(name: string, purpose: string, from: string, to: string): string {
  const start = Date.parse(from);
  const span = Date.parse(to) - start;
  const seconds = hash(name, purpose) % Math.floor(span / 1000);
  return new Date(start + seconds * 1000).toISOString();
}

function pickRegistrar(name: string): (typeof REGISTRARS)[number] {
  const total = REGISTRARS.reduce((sum, registrar) => sum + registrar.weight, 0);
  let ticket = hash(name, "registrar") % total;
  for (const registrar of REGISTRARS) {
    if (ticket < registrar.weight) return registrar;
    ticket -= registrar.weight;
  }
  throw new Error("registrar weights do not add up");
}

// --- the ledger ---------------------------------------------------------------------------------

interface SeedDomain {
  name: string;
  label: string;
  tld: string;
  registrar: string;
  created_at: string;
  expires_at: string;
  locked: number;
  transferable: number;
  nameservers: string;
  updated_at: string;
}

function seedDomain(name: string, corporate: boolean): SeedDomain {
  const dot = name.lastIndexOf(".");
  const createdAt = corporate
    ? dateBetween(name, "created", "1991-01-01T00:00:00Z", "2012-12-31T00:00:00Z")
    : dateBetween(name, "created", "1995-01-01T00:00:00Z", "2024-12-31T00:00:00Z");
  // Expiry on the creation anniversary in 2027–2030.
  const expiryYear = 2027 + (hash(name, "expires") % 4);
  const expiresAt = addYears(createdAt, expiryYear - Number(createdAt.slice(0, 4)));
  const registrar = corporate ? null : pickRegistrar(name);
  return {
    name,
    label: name.slice(0, dot),
    tld: name.slice(dot + 1),
    registrar: registrar?.name ?? MARKMONITOR,
    created_at: createdAt,
    expires_at: expiresAt,
    locked: corporate || hash(name, "locked") % 10 < 4 ? 1 : 0,
    transferable: corporate ? 0 : 1,
    nameservers: JSON.stringify(
      registrar ? registrar.nameservers(hash(name, "ns")) : [1, 2, 3, 4].map((n) => `ns${n}.${name}`),
    ),
    updated_at: createdAt,
  };
}

const corporate = new Set<string>();
for (const raw of CORPORATE) {
  const name = registrable(raw);
  if (name === null) throw new Error(`corporate name ${raw} is not seedable (extension not in the catalogue?)`);
  corporate.add(name);
}

const taken = new Map<string, SeedDomain>();
for (const name of corporate) taken.set(name, seedDomain(name, true));
let skipped = 0;
for (const raw of [...topSites, ...emailProviders]) {
  const name = registrable(raw);
  if (name === null) {
    skipped += 1;
    continue;
  }
  if (!taken.has(name)) taken.set(name, seedDomain(name, false));
}
const domains = [...taken.values()].sort((a, b) => (a.name < b.name ? -1 : 1));

// --- premium names ------------------------------------------------------------------------------

const PRICE_TIERS = [
  // label length ≤ 2, 3, 4–5, 6+: first-year prices in dollars.
  [9_500, 12_000, 15_000, 19_500, 25_000],
  [2_500, 3_500, 4_800, 6_500, 9_000],
  [1_200, 1_500, 2_000, 2_900, 4_500],
  [250, 350, 500, 750, 990, 1_500, 2_500],
] as const;

interface SeedPremium {
  name: string;
  label: string;
  tld: string;
  price_cents: number;
  renewal_cents: number | null;
}

const premiumCandidates: SeedPremium[] = [];
for (const label of PREMIUM_WORDS) {
  if (!isLdhLabel(label)) throw new Error(`premium word ${label} is not a valid label`);
  for (const tld of PREMIUM_TLDS) {
    const name = `${label}.${tld}`;
    if (!CATALOGUE.has(tld) || taken.has(name) || RESERVED.some(([reserved]) => reserved === label)) continue;
    const tier = PRICE_TIERS[label.length <= 2 ? 0 : label.length === 3 ? 1 : label.length <= 5 ? 2 : 3];
    const dollars = tier[hash(name, "price") % tier.length] ?? tier[0];
    // Two in five renew at a premium too (5% of the price, at least $50); the rest at the catalogue price.
    const renewal = hash(name, "renewal") % 5 < 2 ? Math.max(50, Math.round(dollars * 0.05)) * 100 : null;
    premiumCandidates.push({ name, label, tld, price_cents: dollars * 100, renewal_cents: renewal });
  }
}
// A stable selection of about PREMIUM_TARGET names, spread over the words.
const premium = premiumCandidates
  .map((entry) => ({ entry, rank: hash(entry.name, "premium-pick") }))
  .sort((a, b) => a.rank - b.rank)
  .slice(0, PREMIUM_TARGET)
  .map(({ entry }) => entry)
  .sort((a, b) => (a.name < b.name ? -1 : 1));

// --- SQL ----------------------------------------------------------------------------------------

const utf8 = new TextEncoder();

/** Multi-row INSERT OR IGNORE statements, each under MAX_STATEMENT_BYTES (D1's limit is 100 KB). */
function inserts<T extends object>(
  table: string,
  columns: (keyof T & string)[],
  rows: T[],
  fixed: Record<string, string> = {},
): string[] {
  const names = [...columns, ...Object.keys(fixed)];
  const prefix = `INSERT OR IGNORE INTO ${table} (${names.join(", ")}) VALUES\n`;
  const statements: string[] = [];
  let tuples: string[] = [];
  let size = utf8.encode(prefix).length + 1;
  for (const row of rows) {
    const values = columns.map((column) => sqlLiteral(row[column] as string | number | null));
    const tuple = `(${[...values, ...Object.values(fixed)].join(", ")})`;
    const bytes = utf8.encode(tuple).length + 2;
    if (size + bytes >= MAX_STATEMENT_BYTES && tuples.length > 0) {
      statements.push(`${prefix}${tuples.join(",\n")};`);
      tuples = [];
      size = utf8.encode(prefix).length + 1;
    }
    tuples.push(tuple);
    size += bytes;
  }
  if (tuples.length > 0) statements.push(`${prefix}${tuples.join(",\n")};`);
  return statements;
}

const domainStatements = inserts<SeedDomain>(
  "registry_domains",
  [
    "name",
    "label",
    "tld",
    "registrar",
    "created_at",
    "expires_at",
    "locked",
    "transferable",
    "nameservers",
    "updated_at",
  ],
  domains,
  { status: "'active'", held_here: "0", rev: "'seed'" },
);
const reservedStatements = inserts<{ label: string; tld: string; reason: string }>(
  "registry_reserved",
  ["label", "tld", "reason"],
  RESERVED.map(([label, reason]) => ({ label, tld: "*", reason })),
);
const premiumStatements = inserts<SeedPremium>(
  "registry_premium",
  ["name", "label", "tld", "price_cents", "renewal_cents"],
  premium,
);

const markmonitor = domains.filter((domain) => domain.transferable === 0).length;
const header = `-- The simulated registry's ledger: generated by scripts/generate-registry-seed.ts, do not edit.
-- ${domains.length} taken names (${markmonitor} major corporate names at ${MARKMONITOR}, not transferable),
-- ${RESERVED.length} reserved labels on every extension, ${premium.length} premium names.
-- Registrars, dates, locks and nameservers are simulated (see data/registry/README.md).
-- Load: npx wrangler d1 execute DB --local -c wrangler.toml --file data/registry/seed.sql -y
-- Idempotent (INSERT OR IGNORE): loading it again changes nothing.
`;
const sql = [header, ...reservedStatements, ...premiumStatements, ...domainStatements].join("\n") + "\n";
for (const statement of [...reservedStatements, ...premiumStatements, ...domainStatements]) {
  if (utf8.encode(statement).length >= MAX_STATEMENT_BYTES) throw new Error("a statement is too large");
}
writeFileSync(OUTPUT, sql);

console.log(
  `wrote ${OUTPUT}: ${domains.length} taken names (${markmonitor} at MarkMonitor, not transferable; ${skipped} source entries skipped), ` +
    `${RESERVED.length} reserved labels, ${premium.length} premium names, ` +
    `${domainStatements.length + reservedStatements.length + premiumStatements.length} statements, ${utf8.encode(sql).length} bytes`,
);
