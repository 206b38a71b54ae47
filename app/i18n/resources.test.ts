import { describe, expect, it } from "vitest";
import { resources } from "../server/i18n.server";

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value === "string") return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    keys(child, prefix ? `${prefix}.${key}` : key),
  );
}

function values(value: unknown): string[] {
  if (typeof value === "string") return [value];
  return Object.values(value as Record<string, unknown>).flatMap(values);
}

const namespaces = Object.keys(resources.en) as (keyof typeof resources.en)[];

describe.each(namespaces)("translation resources, namespace %s", (ns) => {
  const en: unknown = resources.en[ns];
  const tr: unknown = resources.tr[ns];
  it("have exactly the same keys in English and Turkish", () => {
    expect(keys(tr).sort()).toEqual(keys(en).sort());
  });

  it("have no empty texts and keep every interpolation variable", () => {
    const enKeys = keys(en);
    const trValues = values(tr);
    values(en).forEach((text, index) => {
      expect(text.trim(), enKeys[index]).not.toBe("");
      expect(trValues[index]!.trim(), enKeys[index]).not.toBe("");
    });
    const variables = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();
    const trByKey = new Map(keys(tr).map((key, index) => [key, trValues[index]]));
    keys(en).forEach((key, index) => {
      expect(variables(trByKey.get(key) ?? ""), key).toEqual(variables(values(en)[index]!));
    });
  });
});
