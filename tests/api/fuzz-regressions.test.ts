// Regression tests of what the fuzz suites (tests/api/fuzz-*.test.ts) found, each in the worker
// as a client would meet it. The rule (docs/decisions/2026-11-25-threat-model.md): every
// counterexample any run finds — local, CI, a clean clone — is added here as a fixed case, with
// the seed that found it (the suite prints `fuzz <route> seed=<n>`; FUZZ_SEED=<n> replays it),
// beside the fix, so it is checked on every run whatever the generators draw next.
import { beforeAll, describe, expect, it } from "vitest";
import apiApp from "../../workers/api/app";
import storefront from "../../workers/storefront";
import { ORIGIN } from "./fuzz/arbitraries";
import { inProcess, redirectProblem } from "./fuzz/harness";
import { env } from "cloudflare:workers";
import { setDefaultPaymentMethod } from "../../workers/api/db/payment-methods";
import { api, seedSampleCatalogue, signedInUser } from "./helpers";

const send = inProcess(storefront);
const host = new URL(ORIGIN).host;

function postPage(path: string, headers: Record<string, string>, body: string): Promise<Response> {
  return send(
    new Request(`${ORIGIN}${path}`, {
      method: "POST",
      headers: { host, origin: ORIGIN, ...headers },
      body,
      redirect: "manual",
    }),
  );
}

describe("page actions and bodies that are not forms (were 500)", () => {
  it("answers 415 to a post with no or another Content-Type", async () => {
    for (const path of ["/signin", "/session", "/locale", "/theme", "/cart"]) {
      expect((await postPage(path, {}, "")).status, path).toBe(415);
      expect((await postPage(path, { "content-type": "application/json" }, "{}")).status, path).toBe(415);
    }
  });

  it("answers 400 to a multipart body it cannot read", async () => {
    const body = '--b\r\nContent-Disposition: form-data; name=""\r\n\r\nx\r\n--b--\r\n';
    expect((await postPage("/forgot", { "content-type": "multipart/form-data; boundary=b" }, body)).status).toBe(400);
  });

  it("ignores a client-typed X-Forwarded-Host (Remix threw on it: a 500)", async () => {
    const response = await postPage(
      "/theme",
      { "content-type": "application/x-www-form-urlencoded", "x-forwarded-host": "evil.example" },
      "theme=dark&redirectTo=/cart",
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/cart");
  });
});

describe("cart refusals write nothing", () => {
  beforeAll(async () => {
    await seedSampleCatalogue();
  });

  it("removing an item that is not in an empty cart is a 404 that runs no write", async () => {
    const label = `fzr${crypto.randomUUID().replace(/-/g, "").slice(0, 10)}`;
    const added = await api("/cart/items", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ domain: `${label}.com`, years: 1, operation: "registration" }),
    });
    const cart = (await added.json<{ data: { id: string; items: { id: string }[] } }>()).data;
    expect(
      (await api(`/cart/items/${cart.items[0]!.id}`, { method: "DELETE", headers: { "x-cart-id": cart.id } })).status,
    ).toBe(200);
    const sendApi = inProcess(apiApp);
    const missing = await sendApi(
      new Request(`${ORIGIN}/api/v1/cart/items/${crypto.randomUUID()}`, {
        method: "DELETE",
        headers: { "x-cart-id": cart.id },
      }),
    );
    expect(missing.status).toBe(404);
    expect(sendApi.writes.take()).toEqual([]);
  });
});

describe("page paths with control characters (were 500)", () => {
  it("answers 404 to /%09/%2500 and its kind, and still renders the 404 page for other unknown paths", async () => {
    for (const path of ["/%09/%2500", "/%0a/%2500", "/%00", "/dashboard/%09/%2500"]) {
      const response = await send(new Request(`${ORIGIN}${path}`, { headers: { host } }));
      expect(response.status, path).toBe(404);
    }
    const unknown = await send(new Request(`${ORIGIN}/no/such/page`, { headers: { host } }));
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-type")).toContain("text/html");
  });
});

describe("saved cards", () => {
  // Two different cards: the same card saved twice is one row (issue 19, fingerprints).
  async function saveCard(token: string, number: string): Promise<{ id: string; is_default: boolean }> {
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const tokenised = await api("/payment/test/payment-methods", {
      method: "POST",
      headers,
      body: JSON.stringify({ number, exp_month: 4, exp_year: 2031, cvc: "123" }),
    });
    const pm = (await tokenised.json<{ data: { payment_method_id: string } }>()).data.payment_method_id;
    const saved = await api("/user/payment-methods", {
      method: "POST",
      headers,
      body: JSON.stringify({ stripe_payment_method_id: pm }),
    });
    expect(saved.status).toBe(201);
    return (await saved.json<{ payment_method: { id: string; is_default: boolean } }>()).payment_method;
  }

  it("making a card the default while another tab removes it answers not found and keeps the old default", async () => {
    const user = await signedInUser();
    const first = await saveCard(user.token, "4242424242424242");
    const second = await saveCard(user.token, "5555555555554444");
    expect(first.is_default).toBe(true);
    // The card goes between the lookup and the update.
    const racing = new Proxy(env.DB, {
      get(target, property) {
        if (property === "batch") {
          return async (statements: D1PreparedStatement[]) => {
            await target.prepare("DELETE FROM payment_methods WHERE id = ?1").bind(second.id).run();
            return target.batch(statements);
          };
        }
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    expect(await setDefaultPaymentMethod(racing, user.id, second.id, new Date())).toBeNull();
    const row = await env.DB.prepare("SELECT is_default FROM payment_methods WHERE id = ?1")
      .bind(first.id)
      .first<{ is_default: number }>();
    expect(row?.is_default).toBe(1);
  });
});

describe("page paths and legacy data requests (were 500 after the SEO links and billing pages)", () => {
  it("answers a path that reads as another host (//%) without a server error", async () => {
    const response = await send(new Request(`${ORIGIN}//%`, { headers: { host }, redirect: "manual" }));
    await response.arrayBuffer();
    expect(response.status).toBeLessThan(500);
  });

  it("refuses Remix's legacy ?_data= requests with 400, signed in or not", async () => {
    const user = await signedInUser({ verified: true });
    const signin = await postPage(
      "/signin",
      { "content-type": "application/x-www-form-urlencoded" },
      new URLSearchParams({
        intent: "credentials",
        username: user.username,
        password: user.password,
        seed_key: user.seedKey,
      }).toString(),
    );
    const cookie = signin.headers
      .getSetCookie()
      .map((header) => header.split(";")[0])
      .join("; ");
    for (const path of ["/dashboard/billing?_data=", "/dashboard/settings?_data=routes%2Fdashboard", "/blog?_data="]) {
      for (const headers of [{ host }, { host, cookie }] as Record<string, string>[]) {
        const response = await send(new Request(`${ORIGIN}${path}`, { headers, redirect: "manual" }));
        await response.arrayBuffer();
        expect(response.status, path).toBe(400);
      }
    }
  });
});

describe("search text with replacement characters and look-alike paths (were 500 in CI)", () => {
  it("searches my domains with text longer than D1's 50-byte LIKE pattern limit", async () => {
    const user = await signedInUser({ verified: true });
    const label = `search-${crypto.randomUUID().replace(/-/g, "")}`;
    const name = `${label}.com`;
    const now = new Date().toISOString();
    await env.DB.prepare(
      `INSERT INTO user_domains (id, user_id, name, unicode, tld, status, registered_at, expires_at, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?3, 'com', 'active', ?4, ?5, ?4, ?4)`,
    )
      .bind(crypto.randomUUID(), user.id, name, now, new Date(Date.now() + 200 * 86_400_000).toISOString())
      .run();
    const headers = { authorization: `Bearer ${user.token}` };
    const odd =
      "\uFFFD\uFFFD\uFFFD\uFFFD\u00A0\uFFFD\uFFFD\uFFFD\uFFFD\u0800\uFFFD\uFFFD\u00A0\uFFFD\uFFFD\uFFFD\uFFFD";
    for (const [q, expected] of [
      [odd, []],
      ["%_\\".repeat(40), []],
      [name.toUpperCase(), [name]],
      [label.slice(3, 30), [name]],
    ] as const) {
      const response = await api(`/user-domains?q=${encodeURIComponent(q)}`, { headers });
      const body = await response.text();
      expect(response.status, body).toBe(200);
      expect(
        (JSON.parse(body) as { data: { domains: { name: string }[] } }).data.domains.map((domain) => domain.name),
        q,
      ).toEqual(expected);
    }
  });

  it("answers /%5C%25/example.com without a server error", async () => {
    const response = await send(new Request(`${ORIGIN}/%5C%25/example.com`, { headers: { host }, redirect: "manual" }));
    const body = await response.text();
    expect(response.status, body.slice(0, 500)).toBeLessThan(500);
  });
});

describe("redirect parameters holding a backslash in the hash (seed -364967783: POST /locale redirectTo=%2F%23%5C answered 303 Location: /#\\)", () => {
  const FORM = { "content-type": "application/x-www-form-urlencoded" };
  const HOSTILE = ["%2F%23%5C", "%2F%3Fx%3D%5C", "%2F%23%09"];

  async function location(response: Response): Promise<string> {
    await response.arrayBuffer();
    expect(response.status).toBe(303);
    const value = response.headers.get("location") ?? "";
    expect(redirectProblem(value), value).toBeNull();
    return value;
  }

  it("/locale, /theme and /cart fall back to their default page", async () => {
    for (const value of HOSTILE) {
      expect(await location(await postPage("/locale", FORM, `locale=tr&redirectTo=${value}`)), value).toBe("/");
      expect(await location(await postPage("/theme", FORM, `theme=dark&redirectTo=${value}`)), value).toBe("/");
      expect(await location(await postPage("/cart", FORM, `intent=remove&redirectTo=${value}`)), value).toBe("/cart");
    }
    // A clean value still goes back where it asked.
    expect(await location(await postPage("/locale", FORM, "locale=en&redirectTo=%2Fcart%23list"))).toBe("/cart#list");
  });

  it("sign-in, e-mail verification and sign-out fall back to their default page", async () => {
    const user = await signedInUser({ verified: true });
    for (const value of HOSTILE) {
      const credentials = new URLSearchParams({
        intent: "credentials",
        username: user.username,
        password: user.password,
        seed_key: user.seedKey,
      }).toString();
      const signin = await postPage("/signin", FORM, `${credentials}&redirect=${value}`);
      const cookie = signin.headers
        .getSetCookie()
        .map((header) => header.split(";")[0])
        .join("; ");
      expect(await location(signin), value).toBe("/dashboard");
      const verified = await send(
        new Request(`${ORIGIN}/verify-email?redirect=${value}`, { headers: { host, cookie }, redirect: "manual" }),
      );
      await verified.arrayBuffer();
      expect(verified.headers.get("location"), value).toBe("/dashboard");
      expect(
        await location(await postPage("/session", { ...FORM, cookie }, `intent=logout&redirectTo=${value}`)),
        value,
      ).toBe("/");
    }
  });
});
