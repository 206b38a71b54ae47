import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resources } from "../server/i18n.server";

// docs/glossary.md: one Turkish word per idea. Each rule is a variant that must not appear and the
// glossary's word to use instead.
const FORBIDDEN: { variant: RegExp; use: string }[] = [
  { variant: /şifre/iu, use: "parola" },
  { variant: /tohum\s+anahtar/iu, use: "kurtarma anahtarı" },
  { variant: /yedek\s+kod/iu, use: "kurtarma kodları" },
  { variant: /iki\s+(faktörlü|aşamalı)/iu, use: "iki adımlı doğrulama" },
  { variant: /oturum\s+aç(?!ık)/iu, use: "giriş yap" },
  { variant: /\be-?mail\b|\beposta/iu, use: "e-posta" },
  { variant: /kayıt\s+şirket|(?<!\p{L})firma/iu, use: "kayıt kuruluşu" },
  { variant: /kupon/iu, use: "indirim kodu" },
  { variant: /yetki\s+kod/iu, use: "transfer kodu" },
];

function entries(value: unknown, prefix = ""): [string, string][] {
  if (typeof value === "string") return [[prefix, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    entries(child, prefix ? `${prefix}.${key}` : key),
  );
}

/** Text a reader sees: interpolation variables, markdown links' targets and inline code are not words. */
function words(text: string): string {
  return text
    .replace(/\{\{\w+\}\}/gu, "")
    .replace(/\]\([^)]*\)/gu, "]")
    .replace(/`[^`]*`/gu, "");
}

function violations(source: string, text: string): string[] {
  return FORBIDDEN.filter(({ variant }) => variant.test(words(text))).map(
    ({ variant, use }) => `${source}: "${variant.source}" → use "${use}"`,
  );
}

describe("Turkish texts follow the glossary (docs/glossary.md)", () => {
  it("every Turkish namespace string", () => {
    const found = Object.entries(resources.tr).flatMap(([ns, value]) =>
      entries(value, ns).flatMap(([key, text]) => violations(key, text)),
    );
    expect(found).toEqual([]);
  });

  it("every Turkish page and blog post", () => {
    const found = ["data/pages", "data/blog"].flatMap((dir) =>
      readdirSync(dir)
        .filter((file) => file.endsWith(".tr.md"))
        .flatMap((file) => violations(join(dir, file), readFileSync(join(dir, file), "utf8"))),
    );
    expect(found).toEqual([]);
  });

  it("catches a forbidden variant", () => {
    expect(violations("x", "Hesap şifresi")).toHaveLength(1);
    expect(violations("x", "Tohum anahtarınızı saklayın")).toHaveLength(1);
    expect(violations("x", "Hesap parolası ve kurtarma anahtarı")).toEqual([]);
  });
});
