// Documents go out with their modulepreload hints made inert and their module script held until
// the first paint (app/components/scripts-after-paint.tsx, issue 25): each <link> keeps no `href`
// or `rel` a browser acts on, the held script still imports the page's modules and a starter
// under the page's nonce follows it, and other answers pass untouched.
import { describe, expect, it } from "vitest";
import { HELD_MODULE_TYPE, INERT_PRELOAD_REL } from "../../app/components/scripts-after-paint";
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
    "%s keeps its modulepreload links inert, and its held module script imports the page's modules",
    async (_, path, cookie) => {
      const response = await get(path, cookie);
      expect(response.headers.get("Content-Type")).toMatch(/^text\/html/u);
      const html = await response.text();
      expect(html).toContain("</html>");
      expect(html).not.toMatch(/rel="modulepreload"/u);
      const links = [...html.matchAll(/<link\b[^>]*rel="([^"]*)"[^>]*data-href=[^>]*>/gu)];
      expect(links.length).toBeGreaterThan(0);
      for (const [tag, rel] of links) {
        expect(rel).toBe(INERT_PRELOAD_REL);
        expect(tag).not.toMatch(/\shref=/u);
        expect(tag).toMatch(/\sdata-href="\/assets\/[\w.-]+\.js"/u);
      }
      expect(html).not.toMatch(/<script[^>]* type="module"/u);
      const held = new RegExp(
        `<script nonce="([^"]+)" type="${HELD_MODULE_TYPE}"[^>]*>([\\s\\S]*?)</script><script nonce="([^"]+)">`,
        "u",
      ).exec(html);
      expect(held?.[2]).toMatch(/import \* as route0 from "\/assets\/root-[\w-]+\.js"/u);
      expect(held?.[2]).toMatch(/import\("\/assets\/entry\.client-[\w-]+\.js"\)/u);
      // The starter runs under the page's nonce (the CSP's), the same as the held script's.
      expect(held?.[3]).toBe(held?.[1]);
      expect(response.headers.get("Content-Security-Policy")).toContain(`'nonce-${held?.[1]}'`);
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
