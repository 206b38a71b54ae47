import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { resources } from "../server/i18n.server";
import { BrowserI18n } from "./browser-i18n";
import { i18nConfig } from "./config";

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [[prefix + key, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}

const locales = Object.keys(resources) as (keyof typeof resources)[];
const namespaces = Object.keys(resources.en) as (keyof typeof resources.en)[];

async function pair(lng: string) {
  const reference = createInstance();
  await reference.init({ ...i18nConfig, resources, lng, initImmediate: false });
  const browser = new BrowserI18n();
  await browser.init({ ...i18nConfig, resources: { [lng]: resources[lng as keyof typeof resources] }, lng });
  return { reference, browser };
}

describe.each(locales)("the browser translator gives i18next's text (%s)", (lng) => {
  it.each(namespaces)("for every key of namespace %s, with and without count and variables", async (ns) => {
    const { reference, browser } = await pair(lng);
    const expectedT = reference.getFixedT(lng, ns);
    const actualT = browser.getFixedT(lng, ns);
    const tree = resources[lng][ns] as Tree;
    // Resources never use what the browser translator leaves out.
    for (const [key, text] of leaves(tree)) {
      expect(text, `${ns}:${key}`).not.toMatch(/\$t\(|\{\{[^}]*,[^}]*\}\}/);
    }
    const keys = new Set(leaves(tree).map(([key]) => key.replace(/_(zero|one|two|few|many|other)$/, "")));
    let checked = 0;
    for (const key of keys) {
      const variables = Object.fromEntries(
        leaves(tree)
          .filter(([leaf]) => leaf === key || leaf.startsWith(`${key}_`))
          .flatMap(([, text]) =>
            [...text.matchAll(/\{\{-?\s*(\w+)\s*\}\}/g)].map((match) => [match[1], `<${match[1]}>`]),
          ),
      );
      for (const options of [
        undefined,
        variables,
        { ...variables, count: 0 },
        { ...variables, count: 1 },
        { ...variables, count: 2 },
        { ...variables, count: 21 },
      ]) {
        expect(actualT(key, options), `${ns}:${key} ${JSON.stringify(options)}`).toBe(expectedT(key, options));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("resolves ns:key, namespace lists, defaultValue, missing keys and objects like i18next", async () => {
    const { reference, browser } = await pair(lng);
    const cases: [
      string | string[],
      string | readonly string[] | undefined,
      Record<string, unknown> | string | undefined,
    ][] = [
      ["translation:header.menus.domains", "account", undefined],
      ["account:nothing.here", undefined, undefined],
      ["nothing.here", undefined, { defaultValue: "Fallback {{name}}", name: "N" }],
      ["nothing.here", undefined, "plain default"],
      ["nothing.{{x}}", undefined, { x: "y" }],
      ["header", undefined, undefined],
      [["nothing.here", "header.menus.domains"], undefined, undefined],
      ["toast.types.success", ["account", "translation"], undefined],
    ];
    for (const [key, ns, options] of cases) {
      expect(browser.getFixedT(lng, ns as string)(key, options as Record<string, unknown>), JSON.stringify(key)).toBe(
        reference.getFixedT(lng, ns as string)(key, options as Record<string, unknown>),
      );
    }
  });
});

describe("the browser translator's exists (a route asks it before translating an error code)", () => {
  it.each(locales)("answers like i18next's exists (%s)", async (lng) => {
    const { reference, browser } = await pair(lng);
    for (const key of [
      "tools:analytics.inputErrors.required",
      "tools:analytics.inputErrors.no_such_code",
      "header.menus.domains",
      "nothing.here",
      "account:nothing.here",
      "header",
    ]) {
      expect(browser.exists(key), key).toBe(reference.exists(key));
    }
  });
});

describe("the browser translator's store", () => {
  it("adds a bundle deeply (a lazily loaded part joins what is there) and reports it", async () => {
    const browser = new BrowserI18n();
    await browser.init({ ...i18nConfig, lng: "en", resources: { en: { translation: { a: { b: "B" } } } } });
    expect(browser.hasResourceBundle("en", "extra")).toBe(false);
    browser.addResourceBundle("en", "translation", { a: { c: "C" } }, true, true);
    browser.addResourceBundle("en", "extra", { d: "D {{n}}" }, true, true);
    expect(browser.t("a.b")).toBe("B");
    expect(browser.t("a.c")).toBe("C");
    expect(browser.t("extra:d", { n: 3 })).toBe("D 3");
    expect(browser.hasResourceBundle("en", "extra")).toBe(true);
  });
});
