// Documents go out with their modulepreload hints made inert (workers/document-hints.ts, issue
// 25): each <link> stays (React hydrates it) without an `href`, the page's module script still
// imports the page's modules, and other answers pass untouched.
import { describe, expect, it } from "vitest";
import storefront from "../../workers/storefront";
import { ORIGIN } from "./fuzz/arbitraries";
import { inProcess } from "./fuzz/harness";

const send = inProcess(storefront);
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

function get(path: string, cookie?: string): Promise<Response> {
  return send(new Request(`${ORIGIN}${path}`, { headers: { "user-agent": BROWSER, ...(cookie ? { cookie } : {}) } }));
}

describe("document hints", () => {
  it.each([
    ["the home page", "/", undefined],
    [
      "a search, streamed to a browser that runs JavaScript",
      `/domain-search?q=hints-${crypto.randomUUID().slice(0, 8)}.com`,
      "js=1",
    ],
    [
      "a search, whole for a browser without it",
      `/domain-search?q=hints-${crypto.randomUUID().slice(0, 8)}.com`,
      undefined,
    ],
    ["a page that is not found", `/no-such-page-${crypto.randomUUID()}`, undefined],
  ])(
    "%s keeps its modulepreload links without an address, and its module script imports the page's modules",
    async (_, path, cookie) => {
      const response = await get(path, cookie);
      expect(response.headers.get("Content-Type")).toMatch(/^text\/html/u);
      const html = await response.text();
      expect(html).toContain("</html>");
      const links = [...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*>/gu)].map(([tag]) => tag);
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) {
        expect(link).not.toMatch(/\shref=/u);
        expect(link).toMatch(/\sdata-href="\/assets\/[\w.-]+\.js"/u);
      }
      const moduleScript = /<script[^>]* type="module"[^>]*>([\s\S]*?)<\/script>/u.exec(html)?.[1] ?? "";
      expect(moduleScript).toMatch(/import \* as route0 from "\/assets\/root-[\w-]+\.js"/u);
      expect(moduleScript).toMatch(/import\("\/assets\/entry\.client-[\w-]+\.js"\)/u);
    },
  );

  it("leaves other answers as they are", async () => {
    const robots = await get("/robots.txt");
    expect(robots.headers.get("Content-Type")).toMatch(/^text\/plain/u);
    expect(await robots.text()).toContain("Sitemap:");
    const data = await get("/domain.data");
    expect(data.status).toBeLessThan(500);
  });
});
