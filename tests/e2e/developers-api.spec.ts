import { readFile } from "node:fs/promises";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/test";
import { expectNoAxeViolations, expectNoAxeViolationsInEveryView } from "./support/axe";

// Issue 20: /developers/api renders the OpenAPI document of /api/v1 on the server (no JavaScript
// shipped), grouped by tag, with each route's auth, parameters, body, answer and error codes; the
// raw document is a download. Untagged tests run with JavaScript on and off (playwright.config.ts).

const PHONE = { width: 390, height: 844 };
const PAGE = "/developers/api";
const DOCUMENT = "/api/v1/openapi.json";

const PRICING_ROUTES = [
  { method: "GET", path: "/api/v1/domains/tld-pricing" },
  { method: "GET", path: "/api/v1/domains/tlds/search" },
  { method: "GET", path: "/api/v1/tld/{tld}/pricing" },
  { method: "POST", path: "/api/v1/tld/pricing" },
] as const;

type Operation = {
  tags?: string[];
  responses: Record<
    string,
    { content?: { "application/json"?: { schema?: { properties?: { code?: { enum?: string[] } } } } } }
  >;
};

/** The error codes the document gives each response status of a route. */
async function documentedCodes(
  request: APIRequestContext,
  method: string,
  path: string,
): Promise<Map<string, string[]>> {
  const document: { paths: Record<string, Record<string, Operation>> } = await (await request.get(DOCUMENT)).json();
  const operation = document.paths[path]?.[method.toLowerCase()];
  expect(operation, `${method} ${path} is in the document`).toBeDefined();
  const codes = new Map<string, string[]>();
  for (const [status, response] of Object.entries(operation?.responses ?? {})) {
    const list = response.content?.["application/json"]?.schema?.properties?.code?.enum;
    if (/^[45]/u.test(status) && list) codes.set(status, list);
  }
  return codes;
}

test.describe("the API reference in English", () => {
  test(
    "answers 200 with its title, description, canonical link and no JavaScript bundle",
    { tag: "@markup" },
    async ({ page }) => {
      const response = await page.goto(PAGE);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("API reference");
      await expect(page).toHaveTitle("API reference · Trinity");
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /OpenAPI/u);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new URL(PAGE, page.url()).href);
      await expect(page.locator('link[rel="alternate"][hreflang="tr"]')).toHaveAttribute(
        "href",
        `${new URL(PAGE, page.url()).href}?lang=tr`,
      );
      await expect(page.locator("script[src], script[type=module]")).toHaveCount(0);
    },
  );

  test("lists the pricing routes with their error codes, auth and fields", async ({ page, request }) => {
    await page.goto(PAGE);
    await expect(page.getByRole("heading", { level: 2, name: "Overview" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Authentication" })).toBeVisible();
    const contents = page.getByRole("navigation", { name: "Contents" });
    await contents.getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/#tag-pricing$/u);
    await expect(page.getByRole("heading", { level: 2, name: "Pricing" })).toBeInViewport();

    for (const route of PRICING_ROUTES) {
      const name = `${route.method} ${route.path}`;
      const card = page.getByRole("article", { name });
      await expect(card, name).toHaveCount(1);
      await expect(card.getByText("No token needed")).toBeVisible();
      const errors = card.getByRole("region", { name: `Errors: ${name}` });
      const codes = await documentedCodes(request, route.method, route.path);
      expect(codes.get("500")).toEqual(["internal_error"]);
      for (const [status, list] of codes) {
        const row = errors.getByRole("row").filter({ has: page.getByRole("cell", { name: status, exact: true }) });
        for (const code of list)
          await expect(row.getByText(code, { exact: true }), `${name} ${status} ${code}`).toBeVisible();
      }
    }

    const one = page.getByRole("article", { name: "GET /api/v1/tld/{tld}/pricing" });
    const parameters = one.getByRole("region", { name: "Parameters: GET /api/v1/tld/{tld}/pricing" });
    await expect(parameters.getByRole("row").filter({ hasText: "tld" }).first()).toContainText("path");
    await expect(one.getByRole("region", { name: "Answer: GET /api/v1/tld/{tld}/pricing" })).toContainText(
      "registration_price",
    );
    await expect(one.getByRole("region", { name: "Errors: GET /api/v1/tld/{tld}/pricing" })).toContainText(
      "tld_not_found",
    );
    const several = page.getByRole("article", { name: "POST /api/v1/tld/pricing" });
    await expect(several.getByRole("heading", { level: 4, name: "Request body" })).toBeVisible();
  });

  test("the download link answers the JSON document", async ({ page, request }) => {
    await page.goto(PAGE);
    const link = page.getByRole("link", { name: "Download openapi.json" });
    await expect(link).toHaveAttribute("href", DOCUMENT);
    await expect(link).toHaveAttribute("download", "openapi.json");
    const answer = await request.get(DOCUMENT);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toMatch(/^application\/json/u);
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe("openapi.json");
    const saved = await download.path();
    const document: { openapi: string; paths: Record<string, unknown> } = JSON.parse(await readFile(saved, "utf8"));
    expect(document.openapi).toBe("3.1.0");
    for (const route of PRICING_ROUTES) expect(Object.keys(document.paths)).toContain(route.path);
  });

  test("the footer links to it", async ({ page }) => {
    await page.goto("/about");
    await page.getByRole("contentinfo").getByRole("link", { name: "API reference" }).click();
    await expect(page).toHaveURL(new RegExp(`${PAGE}$`, "u"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("API reference");
  });

  test("is in the sitemap in both languages", { tag: "@markup" }, async ({ request, baseURL }) => {
    const xml = await (await request.get("/sitemap.xml")).text();
    expect(xml).toContain(`<loc>${baseURL}${PAGE}</loc>`);
    expect(xml).toContain(`<loc>${baseURL}${PAGE}?lang=tr</loc>`);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: PHONE });
    test("long paths wrap and the tables scroll sideways inside the page", { tag: "@markup" }, async ({ page }) => {
      await page.goto(`${PAGE}?tag=pricing`);
      const name = "POST /api/v1/tld/pricing";
      await expect(page.getByRole("article", { name })).toBeVisible();
      const pageWidth = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      expect(pageWidth[0]).toBeLessThanOrEqual(pageWidth[1] ?? 0);
      const table = page.getByRole("region", { name: `Errors: ${name}` });
      const [scroll, client] = await table.evaluate((element) => [element.scrollWidth, element.clientWidth]);
      expect(scroll).toBeGreaterThan(client);
    });
  });
});

test.describe("the API reference in Turkish", () => {
  test.use({ locale: "tr-TR" });

  test(
    "has Turkish chrome, says the reference is in English, and lists the pricing routes with their codes",
    { tag: "@markup" },
    async ({ page, request }) => {
      const response = await page.goto(PAGE);
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", "tr");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("API başvurusu");
      await expect(page).toHaveTitle("API başvurusu · Trinity");
      await expect(
        page.getByText("Başvurunun kendisi (özetler, açıklamalar, alan adları ve kodlar) İngilizcedir", {
          exact: false,
        }),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: "openapi.json dosyasını indir" })).toHaveAttribute("href", DOCUMENT);
      await expect(
        page.getByRole("navigation", { name: "İçindekiler" }).getByRole("link", { name: "Pricing" }),
      ).toHaveAttribute("href", "?tag=pricing#tag-pricing");
      await page.goto(`${PAGE}?tag=pricing`);
      for (const route of PRICING_ROUTES) {
        const name = `${route.method} ${route.path}`;
        const card = page.getByRole("article", { name });
        await expect(card.getByText("Belirteç gerekmez")).toBeVisible();
        const errors = card.getByRole("region", { name: `Hatalar: ${name}` });
        for (const list of (await documentedCodes(request, route.method, route.path)).values()) {
          for (const code of list)
            await expect(errors.getByText(code, { exact: true }).first(), `${name} ${code}`).toBeVisible();
        }
      }
      await expect(page.getByRole("contentinfo").getByRole("link", { name: "API başvurusu" })).toHaveAttribute(
        "href",
        PAGE,
      );
    },
  );
});

test.describe("axe, every OS theme and size", () => {
  test.use({ viewport: PHONE });
  // Four axe sweeps a state (expectNoAxeViolationsInEveryView): more than the default time.
  test.slow();
  test(`${PAGE} has no axe violations`, { tag: "@axe" }, async ({ page, javaScriptEnabled }) => {
    await page.goto(`${PAGE}?tag=pricing`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("API reference");
    await expectNoAxeViolationsInEveryView(page, javaScriptEnabled);
  });
});

test.describe("axe in Turkish", () => {
  test.use({ locale: "tr-TR", colorScheme: "dark", viewport: PHONE });
  test(`${PAGE} in Turkish has no axe violations`, { tag: "@axe" }, async ({ page, javaScriptEnabled }) => {
    await page.goto(`${PAGE}?tag=pricing`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("API başvurusu");
    await expectNoAxeViolations(page, javaScriptEnabled);
  });
});
