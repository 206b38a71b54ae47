// The shared page cache (workers/page-cache.ts, issue 10) through the storefront worker as a
// browser calls it: a visitor without account or cart gets the kept page with a fresh CSP nonce;
// a signed-in visitor always gets their own render.
import { describe, expect, it, vi } from "vitest";
import storefront from "../../workers/storefront";
import { ORIGIN } from "./fuzz/arbitraries";
import { inProcess } from "./fuzz/harness";
import { api, seedSampleCatalogue, signedInUser } from "./helpers";
import { freshLabel } from "./registry-fixtures";

vi.setConfig({ testTimeout: 60_000 });

const send = inProcess(storefront);
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

function page(path: string, cookie?: string): Promise<Response> {
  return send(new Request(`${ORIGIN}${path}`, { headers: { "user-agent": BROWSER, ...(cookie ? { cookie } : {}) } }));
}

/** The nonce of the CSP header, and that every inline script of the body carries it. */
async function nonceOf(response: Response): Promise<{ nonce: string; body: string }> {
  const csp = response.headers.get("Content-Security-Policy") ?? "";
  const nonce = /'nonce-([^']+)'/u.exec(csp)?.[1] ?? "";
  const body = await response.text();
  expect(nonce).not.toBe("");
  const scriptNonces = [...body.matchAll(/<script[^>]* nonce="([^"]*)"/gu)].map((m) => m[1]);
  expect(scriptNonces.length).toBeGreaterThan(0);
  expect(new Set(scriptNonces)).toEqual(new Set([nonce]));
  return { nonce, body };
}

describe("page cache", () => {
  it("answers a visitor's second request for a post from the cache, with its own nonce and the same page", async () => {
    const path = `/blog/what-is-rdap?v=${crypto.randomUUID()}`;
    const first = await page(path);
    expect(first.status).toBe(200);
    expect(first.headers.get("Server-Timing") ?? "").not.toContain("page-cache");
    expect(first.headers.has("X-Page-Cache-Seconds")).toBe(false);
    const a = await nonceOf(first);

    const second = await page(path);
    expect(second.status).toBe(200);
    expect(second.headers.get("Server-Timing")).toContain("page-cache");
    expect(second.headers.get("Content-Language")).toBe("en");
    const b = await nonceOf(second);
    expect(b.nonce).not.toBe(a.nonce);
    expect(b.body.split(b.nonce).join("N")).toBe(a.body.split(a.nonce).join("N"));
  });

  it("keeps languages apart and never serves a page that did not opt in or answered 404", async () => {
    const path = `/donate?v=${crypto.randomUUID()}`;
    await page(path);
    // The language cookie as the TR button writes it (a Remix cookie: base64 JSON).
    const turkish = await page(path, `locale=${encodeURIComponent(btoa(JSON.stringify("tr")))}`);
    expect(turkish.headers.get("Content-Language")).toBe("tr");
    expect(turkish.headers.get("Server-Timing") ?? "").not.toContain("page-cache");

    const missing = `/blog/no-such-post-${crypto.randomUUID()}`;
    expect((await page(missing)).status).toBe(404);
    expect((await page(missing)).headers.get("Server-Timing") ?? "").not.toContain("page-cache");

    const signin = `/signin?v=${crypto.randomUUID()}`;
    await page(signin);
    expect((await page(signin)).headers.get("Server-Timing") ?? "").not.toContain("page-cache");
  });

  it("renders the page again for a signed-in visitor, who sees their own name", async () => {
    const path = `/about?v=${crypto.randomUUID()}`;
    await page(path);
    expect((await page(path)).headers.get("Server-Timing")).toContain("page-cache");

    const user = await signedInUser({ verified: true });
    const signin = await send(
      new Request(`${ORIGIN}/signin`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          host: new URL(ORIGIN).host,
          origin: ORIGIN,
          "user-agent": BROWSER,
        },
        body: new URLSearchParams({
          intent: "credentials",
          username: user.username,
          password: user.password,
          seed_key: user.seedKey,
        }),
        redirect: "manual",
      }),
    );
    expect(signin.status, await signin.clone().text()).toBe(303);
    const session = signin.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .find((c) => c!.startsWith("__session="));
    expect(session).toBeDefined();
    const mine = await page(path, session);
    expect(mine.headers.get("Server-Timing") ?? "").not.toContain("page-cache");
    expect(await mine.text()).toContain(user.username);
  });
});

// Issue 19 point 4: the checkout's summary line "ICANN fees" comes from the shop namespace (the
// server has every namespace; the route's handle.i18n makes the browser load it too, which
// app/i18n/route-namespaces.test.ts checks). Here: the server render shows the text, not the key.
describe("checkout page render", () => {
  it("shows the translated 'ICANN fees' in English and Turkish, never the raw key", async () => {
    await seedSampleCatalogue();
    const user = await signedInUser({ verified: true });
    const added = await api("/cart/items", {
      method: "POST",
      headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
      body: JSON.stringify({ domain: `${freshLabel()}.com` }),
    });
    expect(added.status, await added.clone().text()).toBe(201);
    const signin = await send(
      new Request(`${ORIGIN}/signin`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          host: new URL(ORIGIN).host,
          origin: ORIGIN,
          "user-agent": BROWSER,
        },
        body: new URLSearchParams({
          intent: "credentials",
          username: user.username,
          password: user.password,
          seed_key: user.seedKey,
        }),
        redirect: "manual",
      }),
    );
    expect(signin.status, await signin.clone().text()).toBe(303);
    const session =
      signin.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .find((c) => c!.startsWith("__session=")) ?? "";
    for (const [locale, text] of [
      ["en", "ICANN fees"],
      ["tr", "ICANN ücretleri"],
    ] as const) {
      const response = await page(
        "/checkout",
        `${session}; locale=${encodeURIComponent(btoa(JSON.stringify(locale)))}`,
      );
      const body = await response.text();
      expect(response.status, body.slice(0, 500)).toBe(200);
      expect(body).toContain(`<dt>${text}</dt>`);
      expect(body).not.toContain("cart.icannFees");
    }
  });
});
