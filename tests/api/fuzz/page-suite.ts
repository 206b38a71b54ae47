// Property-based fuzzing of every page (issue 12): each route of tests/api/fuzz/page-routes.ts
// gets RUNS_PER_ROUTE generated requests through the storefront worker's own fetch (the built
// Remix server, `npm run build`), in-process: hostile paths, query strings, cookies (real ones
// tampered with, garbage in every cookie name we read), headers and form posts. Never a 5xx,
// nothing written to D1 on a 4xx, redirects only to this site.
import { beforeAll, describe, expect, it } from "vitest";
import storefront from "../../../workers/storefront";
import { ORIGIN } from "./arbitraries";
import { fuzzRoute, inProcess } from "./harness";
import { PAGE_ROUTES } from "./page-routes";
import { pageRequests, type CookieJar, type PageRouteSpec } from "./requests";
import { api, seedSampleCatalogue, signedInUser, type SignedInUser } from "../helpers";

const send = inProcess(storefront);

/** Posts a form as the browser would (same origin) and keeps the cookies the answer sets. */
async function post(path: string, fields: Record<string, string>, jar: CookieJar, cookie = ""): Promise<Response> {
  const response = await send(
    new Request(`${ORIGIN}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        host: new URL(ORIGIN).host,
        origin: ORIGIN,
        ...(cookie ? { cookie } : {}),
      },
      body: new URLSearchParams(fields),
      redirect: "manual",
    }),
  );
  await response.arrayBuffer();
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(";");
    const at = pair!.indexOf("=");
    const name = pair!.slice(0, at);
    const value = pair!.slice(at + 1);
    if (value) (jar[name] ??= []).push(value);
  }
  return response;
}

let jar: CookieJar = {};

/** Signs a fresh account in through the sign-in form; its session cookie lands in `into`. */
async function signIn(into: CookieJar): Promise<SignedInUser> {
  const user = await signedInUser({ verified: true });
  const signin = await post(
    "/signin",
    { intent: "credentials", username: user.username, password: user.password, seed_key: user.seedKey },
    into,
  );
  expect(signin.status).toBe(303);
  expect(into.__session?.length).toBeGreaterThan(0);
  return user;
}

async function apiData<T>(user: SignedInUser, method: string, path: string, body?: unknown, status = 200): Promise<T> {
  const response = await api(path, {
    method,
    headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return (JSON.parse(text) as { data: T }).data;
}

/**
 * The signed-in account's own things, bought and made through the API as a customer would: a
 * domain (with a DNS record), its order and invoice, a support ticket. Page samples name them
 * as `{domain}`, `{order}`… so cases get past the ownership checks into the pages.
 */
async function ownedThings(user: SignedInUser): Promise<Record<string, string>> {
  const address = await apiData<{ contactId: number }>(
    user,
    "POST",
    "/account/addresses",
    { firstName: "Ada", lastName: "Lovelace", address: "1 Engine St", city: "London", country: "GB" },
    201,
  );
  const domain = `fzp${crypto.randomUUID().replace(/-/g, "").slice(0, 10)}.com`;
  await apiData(user, "POST", "/cart/items", { domain, years: 1 }, 201);
  await apiData(
    user,
    "POST",
    "/payment/unified",
    {
      idempotency_key: `fzp-${crypto.randomUUID()}`,
      contact_id: address.contactId,
      card: { number: "4242424242424242", exp_month: 12, exp_year: 2034, cvc: "123" },
    },
    201,
  );
  const record = await apiData<{ record: { id: string } }>(
    user,
    "POST",
    `/dns/domains/${domain}/records`,
    { type: "A", name: "www", content: "192.0.2.10", ttl: 300 },
    201,
  );
  const ticket = await apiData<{ id: string }>(
    user,
    "POST",
    "/support/tickets",
    {
      subject: "DNS not resolving",
      details: "My A record for www does not resolve since this morning.",
      priority: "high",
      category: "domains",
    },
    201,
  );
  const orders = await apiData<{ orders: { id: string }[] }>(user, "GET", "/orders/");
  const invoices = await apiData<{ invoices: { number: number }[] }>(user, "GET", "/invoices/");
  const methods = await apiData<{ payment_method_id: string }>(
    user,
    "POST",
    "/payment/test/payment-methods",
    { number: "4242424242424242", exp_month: 4, exp_year: 2031, cvc: "123" },
    201,
  );
  const saved = await api("/user/payment-methods", {
    method: "POST",
    headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
    body: JSON.stringify({ stripe_payment_method_id: methods.payment_method_id }),
  });
  const method = (await saved.json<{ payment_method: { id: string } }>()).payment_method.id;
  return {
    domain,
    record: record.record.id,
    ticket: ticket.id,
    order: orders.orders[0]!.id,
    invoice: String(invoices.invoices[0]!.number),
    contact: String(address.contactId),
    method,
  };
}

/** The route with every `{name}` in its samples replaced by the account's own thing of that name. */
function withOwned(route: PageRouteSpec, owned: Record<string, string>): PageRouteSpec {
  const fill = (samples?: Record<string, readonly string[]>) =>
    samples &&
    Object.fromEntries(
      Object.entries(samples).map(([name, values]) => [
        name,
        values.map((value) => value.replace(/\{(\w+)\}/g, (whole, key: string) => owned[key] ?? whole)),
      ]),
    );
  return { ...route, params: fill(route.params), query: fill(route.query), form: fill(route.form) };
}

let owned: Record<string, string> = {};

/**
 * Any page request that carries a session whose access token has under 5 minutes left refreshes
 * it (SPEC §9 refresh window), whatever the page then answers: the fixture's session is 15
 * minutes old by the end of a slow run, so a 404 may legitimately rotate the refresh token. That
 * write belongs to authenticating the request, not to the refusal.
 */
const SESSION_REFRESH_WRITES = ["sessions", "refresh_tokens"] as const;

export const PAGE_SHARDS = 4;

/** Fuzzes one shard of the page list (the shards are separate test files, run side by side). */
export function pageFuzzSuite(shard: number): void {
  const routes = PAGE_ROUTES.filter((_, index) => index % PAGE_SHARDS === shard);

  beforeAll(async () => {
    await seedSampleCatalogue();
    jar = {};
    // Real cookies of every kind the site sets: a session, a cart, a language, a theme, toasts,
    // the sign-up flow. The fuzzer sends them as they are, tampered with, and beside garbage.
    owned = await ownedThings(await signIn(jar));
    const label = `fzp${crypto.randomUUID().replace(/-/g, "").slice(0, 10)}`;
    await post(
      "/cart",
      { intent: "add", domain: `${label}.com`, operation: "registration", years: "1", redirectTo: "/cart" },
      jar,
    );
    await post("/locale", { locale: "tr", redirectTo: "/" }, jar);
    await post("/theme", { theme: "dark", redirectTo: "/" }, jar);
    await post(
      "/signup",
      {
        username: `${label}s`,
        email: `${label}@example.test`,
        password: "Corr3ct-Horse!",
        confirmPassword: "Corr3ct-Horse!",
      },
      jar,
    );
    expect(jar.cart?.length).toBeGreaterThan(0);
  }, 60_000);

  describe("never 5xx, nothing written on a refusal, no redirect off-site", () => {
    it.each(routes.map((route) => [`${route.id} (${route.path})`, route] as const))(
      "fuzz %s",
      async (_name, route) => {
        const cookies: CookieJar = route.ownSession ? { ...jar, __session: [] } : jar;
        if (route.ownSession) await signIn(cookies);
        await fuzzRoute(
          `${route.id} (${route.path})`,
          pageRequests(withOwned(route, owned), cookies),
          inProcess(storefront),
          { api: false, writesOn4xx: [...(route.writesOn4xx ?? []), ...SESSION_REFRESH_WRITES] },
        );
      },
      600_000,
    );
  });
}
