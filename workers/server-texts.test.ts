// The en/tr parity of the texts the API writes itself (resources.test.ts checks the pages'):
// every mail (workers/api/adapters/mail/templates.ts) and every error text and renewal reason the
// API answers (workers/api/texts.ts) exists in both languages with the same placeholders, the
// Turkish has no English left in it (only allow-listed names and codes), uses the glossary's
// words, and every error an API route throws with a literal English text has its Turkish one.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fill, MAIL_TEXTS, mailLanguage } from "./api/adapters/mail/templates";
import { API_TEXTS, translateApiText } from "./api/texts";

function entries(value: unknown, prefix = ""): [string, string][] {
  if (typeof value === "string") return [[prefix, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    entries(child, prefix ? `${prefix}.${key}` : key),
  );
}

const placeholders = (text: string) => (text.match(/\{\w+\}/gu) ?? []).sort();

/** Words a Turkish text may share with the English one: names, codes and loan words. */
const ALLOWED = new Set([
  "trinity",
  "api",
  "ssh",
  "dns",
  "epp",
  "usd",
  "vps",
  "root",
  "transfer",
  "auth",
  "code",
  "json",
  "content",
  "type",
  "application",
  "x",
  "cart",
  "id",
  "utc",
  "com",
  "xyz",
  "net",
  "org",
  "a",
  "aaaa",
  "cname",
  "mx",
  "ns",
  "txt",
  "srv",
  "caa",
  "soa",
]);
/** Identical in both languages on purpose (a loan word or only placeholders and punctuation). */
const SAME_ON_PURPOSE = new Set(["operations.domain.transfer"]);
/** Common English words that must not appear in a Turkish text. */
const ENGLISH = new Set(
  "the a an and or of to for in on is are was be your you we our it this that with not no please order orders year years day days password seed key hello thank thanks status total refunded completed registration renewal failed pending cancelled paid card server domain link code email sign signed new reply ticket support confirm".split(
    " ",
  ),
);

function turkishWords(text: string): string[] {
  return text
    .replace(/\{\w+\}/gu, " ")
    .replace(/https?:\S+/gu, " ")
    .toLocaleLowerCase("tr-TR")
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
}

const catalogues = [
  { name: "mail templates", en: MAIL_TEXTS.en, tr: MAIL_TEXTS.tr },
  { name: "API texts", en: API_TEXTS.en, tr: API_TEXTS.tr },
];

describe.each(catalogues)("$name", ({ en, tr }) => {
  const enEntries = entries(en);
  const trByKey = new Map(entries(tr));

  it("have exactly the same keys in English and Turkish, none empty", () => {
    expect([...trByKey.keys()].sort()).toEqual(enEntries.map(([key]) => key).sort());
    for (const [key, text] of enEntries) {
      expect(text.trim(), key).not.toBe("");
      expect(trByKey.get(key)?.trim(), key).not.toBe("");
    }
  });

  it("keep every placeholder", () => {
    for (const [key, text] of enEntries) expect(placeholders(trByKey.get(key) ?? ""), key).toEqual(placeholders(text));
  });

  it("leave no English in Turkish", () => {
    for (const [key, text] of enEntries) {
      const turkish = trByKey.get(key) ?? "";
      const hasWords = turkishWords(turkish).some((word) => !ALLOWED.has(word));
      if (hasWords && !SAME_ON_PURPOSE.has(key)) expect(turkish, `${key} is not translated`).not.toBe(text);
      const english = turkishWords(turkish).filter((word) => ENGLISH.has(word) && !ALLOWED.has(word));
      expect(english, `${key}: "${turkish}"`).toEqual([]);
    }
  });

  it("use the glossary: parola (not şifre), kurtarma anahtarı (not tohum anahtarı)", () => {
    for (const [key, turkish] of trByKey) {
      expect(turkish, key).not.toMatch(/şifre/iu);
      expect(turkish, key).not.toMatch(/tohum/iu);
    }
  });
});

describe("the recipient's formatting", () => {
  it("formats money, dates and counts with Intl for en-US and tr-TR", () => {
    const en = mailLanguage("en");
    const tr = mailLanguage("tr");
    expect(en.money(1062, "usd")).toBe("$10.62");
    expect(tr.money(1062, "usd")).toBe("$10,62");
    expect(en.date("2026-12-01T00:00:00.000Z")).toBe("December 1, 2026");
    expect(tr.date("2026-12-01T00:00:00.000Z")).toBe("1 Aralık 2026");
    expect(tr.dateTime(new Date("2026-11-27T21:45:37Z"))).toBe("27 Kasım 2026 21:45:37 UTC");
    expect([en.years(1), en.years(2), tr.years(1), tr.years(2)]).toEqual(["1 year", "2 years", "1 yıl", "2 yıl"]);
    expect([en.days(1), en.days(7), tr.days(7)]).toEqual(["1 day", "7 days", "7 gün"]);
    expect([
      tr.operation("domain", "registration"),
      tr.operation("vps", "registration"),
      tr.cycle("quarterly"),
      tr.status("completed"),
    ]).toEqual(["kayıt", "yeni sunucu", "üç aylık", "tamamlandı"]);
  });

  it("refuses a text whose placeholder has no value", () => {
    expect(() => fill("Hello {username}", {})).toThrow(/username/u);
  });
});

describe("translating the API's English texts", () => {
  it("answers every catalogue text in Turkish, values carried over, and leaves English as it is", () => {
    for (const group of ["errors", "renewal", "registry"] as const) {
      for (const [key, text] of entries(API_TEXTS.en[group])) {
        const code = group === "renewal" ? undefined : key.split(".")[0];
        const values = Object.fromEntries(
          placeholders(text).map((name, index) => [name.slice(1, -1), `v${index}-x.com`]),
        );
        const english = fill(text, values);
        expect(translateApiText("tr", group, english, code), key).toBe(
          fill(entries(API_TEXTS.tr[group]).find(([trKey]) => trKey === key)?.[1] ?? "", values),
        );
        expect(translateApiText("en", group, english, code)).toBe(english);
      }
    }
    expect(translateApiText("tr", "errors", "Something the catalogue does not know.", "internal_error")).toBe(
      "Something the catalogue does not know.",
    );
    // A status or action named by its code is said in Turkish too.
    expect(
      translateApiText(
        "tr",
        "errors",
        "örnek.com cannot be changed while its status is expired.",
        "domain_not_manageable",
      ),
    ).toBe("örnek.com şu anda değiştirilemez (durumu: süresi doldu).");
    expect(translateApiText("tr", "errors", "The server is stopped: it cannot reboot now.", "invalid_state")).toBe(
      "Sunucunun durumu: durduruldu. Şu anda bu işlem (yeniden başlatma) yapılamaz.",
    );
    expect(
      translateApiText(
        "tr",
        "registry",
        "örnek.com is in redemption: restore it before you renew it.",
        "invalid_state",
      ),
    ).toBe("örnek.com kurtarma döneminde: yenilemek için önce geri yükleyin.");
    expect(translateApiText("tr", "registry", "A transfer is for exactly 1 year.", "invalid_period")).toBe(
      "Bu işlem (transfer) tam olarak 1 yıllıktır.",
    );
    // The most specific text wins.
    expect(translateApiText("tr", "errors", "A server named web-1 is already in your cart.", "already_in_cart")).toBe(
      "web-1 adlı bir sunucu zaten sepetinizde.",
    );
  });

  it("has a Turkish text for every error an API route throws with a literal English text", () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith(".ts") && !path.endsWith(".test.ts")) files.push(path);
      }
    };
    walk("workers/api");
    const thrown = /new ApiError\(\s*\d{3},\s*"([a-z_]+)",\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`)/gu;
    // Validation texts ("Parameter "x" must be …") come from core's zod schemas, which the pages
    // show by their own field texts; not_transferable's reasons are its `not_transferable.*` texts.
    const exempt = new Set(["invalid_parameter", "invalid_record", "invalid_zone", "not_transferable"]);
    const missing: string[] = [];
    let count = 0;
    for (const file of files) {
      for (const match of readFileSync(file, "utf8").matchAll(thrown)) {
        const [, code, literal] = match;
        // A template literal's ${…} stands for a value (a domain name, a status).
        const english = literal!
          .slice(1, -1)
          .replace(/\\(["'`])/gu, "$1")
          .replace(/\$\{[^}]*\}/gu, "value");
        count += 1;
        if (exempt.has(code!)) continue;
        if (translateApiText("tr", "errors", english, code) === english) missing.push(`${file}: ${code} "${english}"`);
      }
    }
    expect(count).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });
});
