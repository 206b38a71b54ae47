/**
 * Writes the sample price list data/tld-prices.csv (`npm run catalogue:generate`).
 *
 * Source: the IANA root zone list in the `tlds` package. We are a retail registrar, so brand and
 * restricted TLDs are left out: the catalogue is every ASCII two-letter ccTLD, the IDN ccTLDs,
 * and a curated list of open generic TLDs — each only if present in the IANA list. Prices are
 * sample retail USD prices, deterministic (derived from a hash of the name, no randomness), so
 * re-running the script gives the same file. An operator replaces the file with real prices.
 */
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { toASCII } from "punycode/punycode.es6.js";
import type { CatalogueRow } from "../core/catalogue";
import { catalogueToCsv, normaliseCatalogueTld, parseCatalogueCsv } from "../core/catalogue-csv";
import { DEFAULT_GTLD_ICANN_FEE_CENTS } from "../core/pricing";

const OUTPUT = fileURLToPath(new URL("../data/tld-prices.csv", import.meta.url));
const MINIMUM_TLDS = 500;

/** Legacy gTLDs that are open to everyone (not .aero, .coop, .museum, .jobs, .travel, .gov…). */
const LEGACY_GTLDS = ["com", "net", "org", "info", "biz", "name", "pro", "mobi", "asia", "tel", "xxx"];

/** Well-known open new gTLDs (no brand TLDs such as .google, .aaa, .abbott). */
const OPEN_NEW_GTLDS = `
xyz online site store tech app dev page blog shop club live space website fun icu top vip cloud
digital email life world today solutions agency company network group media news studio design art
academy accountant actor ads africa apartments associates attorney auction audio auto baby band bar
bargains beer best bet bid bike bingo bio black blue boutique build builders business buzz cab cafe
cam camera camp capital car cards care career careers cars casa cash casino catering center ceo
charity chat cheap church city claims cleaning click clinic clothing codes coffee college community
computer condos construction consulting contractors cooking cool country coupons courses credit
creditcard cricket cruises dance date dating deals degree delivery democrat dental dentist diamonds
diet direct directory discount doctor dog domains download earth eco education energy engineer
engineering enterprises equipment estate events exchange expert exposed express fail faith family
fan fans farm fashion film finance financial fish fishing fit fitness flights florist flowers
football forsale foundation fund furniture futbol fyi gallery game games garden gay gift gifts gives
glass global gmbh gold golf graphics gratis green gripe guide guitars guru hair haus health
healthcare help hiphop hockey holdings holiday homes horse hospital host hosting house how immo
immobilien inc industries ink institute insure international investments irish jetzt jewelry juegos
kaufen kim kitchen land lat law lawyer lease legal lgbt limited limo link loan loans lol love ltd
luxury maison management market marketing markets mba memorial men menu moda moe mom money monster
mortgage movie music navy ninja observer one ong onl organic partners parts party photo photography
photos pics pictures pink pizza place plumbing plus poker porn press productions promo properties
property protection pub qpon quest racing radio realty recipes red rehab reise reisen rent rentals
repair report republican rest restaurant review reviews rich rip rocks rodeo run sale salon sarl
school schule science security services sex sexy shiksha shoes shopping show singles ski soccer
social software solar srl storage style sucks supplies supply support surf surgery systems tattoo
tax taxi team technology tennis theater theatre tienda tips tires tools tours town toys trade trading
training tube university uno vacations vegas ventures vet viajes video villas vin vision vodka vote
voto voyage wang watch webcam wedding wiki win wine work works wtf yoga zone
`;

/** Open IDN gTLDs (Cyrillic, Chinese, Korean, Japanese). */
const OPEN_IDN_GTLDS = `
онлайн сайт орг ком 在线 中文网 移动 商店 网址 网店 网站 网络 公司 商城 我爱你 手机 集团 信息 娱乐 时尚
购物 企业 健康 닷컴 닷넷 コム みんな
`;

/** IDN country-code TLDs (IANA's IDN ccTLDs). */
const IDN_CCTLDS = `
ελ ευ бг бел ею мкд мон рф срб укр қаз հայ ישראל الاردن البحرين الجزائر السعودية المغرب امارات ایران
بارت بھارت تونس سودان سورية عراق عمان فلسطين قطر مصر مليسيا موريتانيا پاکستان ڀارت भारत भारतम् भारोत
বাংলা ভারত ভাৰত ਭਾਰਤ ભારત ଭାରତ இந்தியா இலங்கை சிங்கப்பூர் భారత్ ಭಾರತ ഭാരതം ලංකා ไทย ລາວ გე 中国
中國 台湾 台灣 新加坡 澳門 香港 한국
`;

/** Shown first, in this order (SPEC §2 home, popular extensions). */
const POPULAR = ["com", "net", "org", "io", "ai", "co", "app", "dev", "xyz", "online", "store", "tech"];
const RECOMMENDED = ["com", "net", "org", "co", "io", "app", "dev", "me", "shop", "xyz"];

/** Hand-set sample prices in cents: [registration, renewal, transfer?, max_years?]. */
const FIXED: Record<string, [number, number, number?, number?]> = {
  com: [1044, 1044, 1044],
  net: [1198, 1198, 1198],
  org: [1098, 1098, 1098],
  info: [398, 2298],
  biz: [498, 1898],
  name: [898, 1098],
  pro: [398, 2198],
  mobi: [298, 2398],
  asia: [998, 1398],
  tel: [998, 1498],
  xxx: [8998, 9998],
  xyz: [198, 1498],
  online: [98, 3298],
  site: [198, 2998],
  store: [98, 5298],
  tech: [498, 5298],
  website: [198, 2298],
  space: [98, 2298],
  fun: [198, 2998],
  icu: [198, 998],
  top: [198, 598],
  app: [1498, 1498],
  dev: [1298, 1298],
  page: [1098, 1098],
  blog: [298, 2498],
  shop: [198, 3298],
  club: [198, 1598],
  live: [298, 2598],
  vip: [298, 1798],
  cloud: [298, 2298],
  io: [3998, 3998],
  ai: [7998, 7998, 7998, 2],
  co: [2498, 2498],
  me: [998, 1998],
  tv: [2998, 3498],
  cc: [1198, 1198],
  us: [698, 898],
  uk: [698, 798],
  de: [798, 798],
  eu: [698, 898],
  ca: [1098, 1298],
  fr: [998, 998],
  nl: [698, 898],
  in: [598, 1098],
  ws: [1498, 1498],
  gg: [5898, 5898],
};

/** Generic TLDs that retail well above the usual range (sample renewal prices in cents). */
const PREMIUM_GENERIC: Record<string, number> = {
  casino: 14998,
  poker: 5498,
  bet: 2498,
  bingo: 4998,
  sex: 9998,
  sexy: 2498,
  porn: 9998,
  sucks: 24998,
  rich: 149998,
  credit: 9998,
  creditcard: 14998,
  loans: 9998,
  mortgage: 4498,
  insure: 6998,
  attorney: 4998,
  lawyer: 4998,
  law: 9998,
  doctor: 9998,
  dentist: 4998,
  hospital: 4998,
  surgery: 4998,
  healthcare: 4998,
  luxury: 4998,
  diamonds: 4998,
  jewelry: 4998,
  gold: 9998,
  vodka: 3998,
  vegas: 5498,
  mba: 3998,
  investments: 9998,
  auto: 299998,
  car: 299998,
  cars: 299998,
};

const GENERIC_RENEWALS = [1498, 1898, 2298, 2498, 2898, 3298, 3498, 3998, 4498, 4998];
const PROMO_FIRST_YEAR = [98, 198, 298, 398, 498];
const CCTLD_RENEWALS = [898, 1098, 1298, 1498, 1898, 2298, 2898, 3498, 3998, 4998, 5998];
const CCTLD_MAX_YEARS = [10, 10, 10, 10, 10, 10, 5, 5, 2, 1];

/** FNV-1a, 32 bits: a stable number per name and purpose. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

function pick<T>(list: readonly T[], name: string, purpose: string): T {
  const item = list[hash(`${purpose}:${name}`) % list.length];
  if (item === undefined) throw new Error(`nothing to pick from for ${purpose}`);
  return item;
}

function words(list: string): string[] {
  return list.split(/\s+/).filter((word) => word !== "");
}

interface Entry {
  tld: string;
  display: string;
  kind: CatalogueRow["kind"];
}

function price(
  entry: Entry,
): Pick<
  CatalogueRow,
  "registration_cents" | "renewal_cents" | "transfer_cents" | "max_years" | "on_sale" | "sale_cents"
> {
  const fixed = FIXED[entry.tld];
  let registration: number;
  let renewal: number;
  let transfer: number;
  let maxYears = 10;
  if (fixed) {
    [registration, renewal] = fixed;
    transfer = fixed[2] ?? renewal;
    maxYears = fixed[3] ?? 10;
  } else if (entry.kind === "country-code") {
    renewal = pick(CCTLD_RENEWALS, entry.tld, "renewal");
    // About one in five ccTLDs has a cheaper first year.
    registration = hash(`promo:${entry.tld}`) % 5 === 0 ? Math.max(698, renewal - 400) : renewal;
    transfer = renewal;
    maxYears = pick(CCTLD_MAX_YEARS, entry.tld, "years");
  } else {
    renewal = PREMIUM_GENERIC[entry.tld] ?? pick(GENERIC_RENEWALS, entry.tld, "renewal");
    // About one in three generic TLDs has a low promotional first year.
    const promo = PREMIUM_GENERIC[entry.tld] === undefined && hash(`promo:${entry.tld}`) % 3 === 0;
    registration = promo ? pick(PROMO_FIRST_YEAR, entry.tld, "first-year") : renewal;
    transfer = renewal;
  }
  // About 5% on sale (not the hand-priced ones, not the ones already at a promotional price).
  const onSale = !fixed && registration >= 800 && hash(`sale:${entry.tld}`) % 20 === 0;
  const sale = onSale ? Math.round((registration * 0.7) / 100) * 100 - 2 : null;
  return {
    registration_cents: registration,
    renewal_cents: renewal,
    transfer_cents: transfer,
    max_years: maxYears,
    on_sale: onSale ? 1 : 0,
    sale_cents: sale,
  };
}

function compareCodePoints(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function main(): void {
  const require = createRequire(import.meta.url);
  const iana: unknown = require("tlds/index.json");
  if (!Array.isArray(iana) || !iana.every((name): name is string => typeof name === "string")) {
    throw new Error("tlds/index.json is not a list of names");
  }
  const present = new Set(iana.map((name) => name.toLowerCase()));

  const entries = new Map<string, Entry>();
  const missing: string[] = [];
  const add = (name: string, kind: Entry["kind"]) => {
    if (!present.has(name)) {
      missing.push(name);
      return;
    }
    const normalised = normaliseCatalogueTld(name);
    if (!normalised.ok) throw new Error(`${name}: ${normalised.message}`);
    if (!entries.has(normalised.tld))
      entries.set(normalised.tld, { tld: normalised.tld, display: normalised.display, kind });
  };

  for (const name of present) if (/^[a-z]{2}$/.test(name)) add(name, "country-code");
  for (const name of words(IDN_CCTLDS)) add(name, "country-code");
  for (const name of [...LEGACY_GTLDS, ...words(OPEN_NEW_GTLDS), ...words(OPEN_IDN_GTLDS)]) add(name, "generic");

  const ordered = [...entries.values()].sort((a, b) => {
    const pa = POPULAR.indexOf(a.tld);
    const pb = POPULAR.indexOf(b.tld);
    if (pa !== -1 || pb !== -1) return (pa === -1 ? Infinity : pa) - (pb === -1 ? Infinity : pb);
    return compareCodePoints(a.display, b.display);
  });

  const rows: CatalogueRow[] = ordered.map((entry, index) => ({
    tld: entry.tld,
    display: entry.display,
    kind: entry.kind,
    currency: "USD",
    ...price(entry),
    icann_fee_cents: entry.kind === "generic" ? DEFAULT_GTLD_ICANN_FEE_CENTS : 0,
    is_popular: POPULAR.includes(entry.tld) ? 1 : 0,
    is_recommended: RECOMMENDED.includes(entry.tld) ? 1 : 0,
    sort_order: index,
  }));

  const text = catalogueToCsv(rows);
  const check = parseCatalogueCsv(text);
  if (check.errors.length > 0) {
    for (const error of check.errors) console.error(`generated line ${error.line}: ${error.message}`);
    throw new Error("the generated price list does not pass its own validation");
  }
  if (check.rows.length < MINIMUM_TLDS) {
    throw new Error(`only ${check.rows.length} TLDs; the catalogue must have at least ${MINIMUM_TLDS}`);
  }
  for (const name of [...POPULAR, ...RECOMMENDED]) {
    if (!entries.has(toASCII(name))) throw new Error(`.${name} is missing from the IANA list`);
  }

  writeFileSync(OUTPUT, text);
  const counts = { generic: 0, "country-code": 0 };
  for (const row of rows) counts[row.kind] += 1;
  console.log(
    `Wrote ${rows.length} TLDs (${counts.generic} generic, ${counts["country-code"]} country-code, ` +
      `${rows.filter((row) => row.on_sale === 1).length} on sale) to data/tld-prices.csv.`,
  );
  if (missing.length > 0) console.log(`Not in the IANA list, left out: ${missing.join(" ")}`);
}

main();
