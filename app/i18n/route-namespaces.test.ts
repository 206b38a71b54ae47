import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import home from "./namespaces/home.en";
import shop from "./namespaces/shop.en";
import { SHELL_PARTS, type ShellPart } from "./namespaces";

// A shell part's texts (e.g. the cart's "ICANN fees") reach the browser only when the page's route
// lists the part in `handle.i18n`; the server has them all. A route that uses them without listing
// them renders the text on the server and the raw key in the browser: a hydration mismatch
// (React #418/#425) and a visible `cart.icannFees` (issue 19 point 4).

const ROUTES = join(import.meta.dirname, "..", "routes");
const GROUPS: Record<ShellPart, string[]> = { home: Object.keys(home), shop: Object.keys(shop) };

/** The shell parts whose keys a route module's source uses: `t("translation:GROUP.…")`, or `t("cart.…")`. */
function shellPartsUsed(source: string): ShellPart[] {
  return SHELL_PARTS.filter((part) =>
    GROUPS[part].some((group) => {
      const prefixes = group === "cart" ? `translation:${group}|${group}` : `translation:${group}`;
      return new RegExp(`\\bt\\(\\s*["'\`](?:${prefixes})\\.`, "u").test(source);
    }),
  );
}

/** The namespaces of the route's `export const handle = { i18n: [...] }`. */
function handleNamespaces(source: string): string[] {
  const list = /export const handle[^=]*=\s*\{\s*i18n:\s*\[([^\]]*)\]/u.exec(source)?.[1] ?? "";
  return [...list.matchAll(/"([^"]+)"/gu)].map((match) => match[1]!);
}

const routeFiles = readdirSync(ROUTES).filter((file) => file.endsWith(".tsx"));

describe("route namespaces", () => {
  it("finds the route files and the cart's texts", () => {
    expect(routeFiles).toContain("checkout._index.tsx");
    expect(GROUPS.shop).toContain("cart");
    expect(shellPartsUsed(`t("translation:cart.icannFees")`)).toEqual(["shop"]);
    expect(shellPartsUsed(`t("cart.title")`)).toEqual(["shop"]);
    expect(shellPartsUsed(`t("status.total")`)).toEqual([]);
  });

  it.each(routeFiles)("%s lists in handle.i18n every shell part it uses", (file) => {
    const source = readFileSync(join(ROUTES, file), "utf8");
    const used = shellPartsUsed(source);
    if (used.length === 0) return;
    expect(handleNamespaces(source)).toEqual(expect.arrayContaining(used));
  });

  it("the checkout page loads the cart's texts and the address form's in the browser", () => {
    const source = readFileSync(join(ROUTES, "checkout._index.tsx"), "utf8");
    expect(handleNamespaces(source)).toEqual(
      expect.arrayContaining(["checkout", "payment", "shop", "dashboard/addresses", "account"]),
    );
  });
});
