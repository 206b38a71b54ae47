// Property-based fuzzing of every page (issue 12): each route of tests/api/fuzz/page-routes.ts
// gets RUNS_PER_ROUTE generated requests through the storefront worker's own fetch (the built
// Remix server, `npm run build`), in-process: hostile paths, query strings, cookies (real ones
// tampered with, garbage in every cookie name we read), headers and form posts. Never a 5xx,
// nothing written to D1 on a 4xx, redirects only to this site.
import { beforeAll, describe, expect, it } from "vitest";
import storefront from "../../workers/storefront";
import { ORIGIN } from "./fuzz/arbitraries";
import { fuzzRoute, inProcess } from "./fuzz/harness";
import { PAGE_ROUTES } from "./fuzz/page-routes";
import { pageRequests, type CookieJar } from "./fuzz/requests";
import { seedSampleCatalogue, signedInUser } from "./helpers";

const send = inProcess(storefront);

/** Posts a form as the browser would (same origin) and keeps the cookies the answer sets. */
async function post(path: string, fields: Record<string, string>, jar: CookieJar, cookie = ""): Promise<Response> {
  const response = await send(
    new Request(`${ORIGIN}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", host: new URL(ORIGIN).host, origin: ORIGIN, ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams(fields),
      redirect: "manual",
    }),
  );
  await response.arrayBuffer();
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(";");
    const at = pair.indexOf("=");
    const name = pair.slice(0, at);
    const value = pair.slice(at + 1);
    if (value) (jar[name] ??= []).push(value);
  }
  return response;
}

let jar: CookieJar = {};

/** Signs a fresh account in through the sign-in form; its session cookie lands in `into`. */
async function signIn(into: CookieJar): Promise<void> {
  const user = await signedInUser({ verified: true });
  const signin = await post("/signin", { intent: "credentials", username: user.username, password: user.password, seed_key: user.seedKey }, into);
  expect(signin.status).toBe(303);
  expect(into.__session?.length).toBeGreaterThan(0);
}

beforeAll(async () => {
  await seedSampleCatalogue();
  jar = {};
  // Real cookies of every kind the site sets: a session, a cart, a language, a theme, toasts,
  // the sign-up flow. The fuzzer sends them as they are, tampered with, and beside garbage.
  await signIn(jar);
  const label = `fzp${crypto.randomUUID().replace(/-/g, "").slice(0, 10)}`;
  await post("/cart", { intent: "add", domain: `${label}.com`, operation: "registration", years: "1", redirectTo: "/cart" }, jar);
  await post("/locale", { locale: "tr", redirectTo: "/" }, jar);
  await post("/theme", { theme: "dark", redirectTo: "/" }, jar);
  await post("/signup", { username: `${label}s`, email: `${label}@example.test`, password: "Corr3ct-Horse!", confirmPassword: "Corr3ct-Horse!" }, jar);
  expect(jar.cart?.length).toBeGreaterThan(0);
}, 60_000);

describe("never 5xx, nothing written on a refusal, no redirect off-site", () => {
  it.each(PAGE_ROUTES.map((route) => [`${route.id} (${route.path})`, route] as const))("fuzz %s", async (_name, route) => {
    const cookies: CookieJar = route.ownSession ? { ...jar, __session: [] } : jar;
    if (route.ownSession) await signIn(cookies);
    await fuzzRoute(pageRequests(route, cookies), inProcess(storefront), { api: false, writesOn4xx: route.writesOn4xx });
  }, 600_000);
});
