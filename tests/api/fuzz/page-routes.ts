// THE LIST of pages the fuzz suite attacks (tests/api/fuzz-pages.test.ts), by Remix route id. A
// new page goes here: its URL pattern, the query parameters its loader reads and, when it has an
// action, the form fields (intents included) with sample values. The fuzzer mixes the samples
// with hostile values and sends them with hostile cookies (real ones tampered with, garbage),
// headers and bodies. tests/api/fuzz-routes-listed.test.ts fails while a route of app/routes is
// missing here.
import type { PageRouteSpec } from "./requests";

const redirects = ["/", "/cart", "/dashboard", "//evil.example"];

export const PAGE_ROUTES: readonly PageRouteSpec[] = [
  { id: "routes/_index", path: "/", query: { q: ["example", "bücher.de"] } },
  { id: "routes/$", path: "/*", params: { "*": ["example.com", "bücher.de", "xn--bcher-kva.de", "example", "a.b.c.d", "favicon.ico", "robots.txt"] } },
  { id: "routes/domain", path: "/domain", query: { q: ["example", "bücher"], show: ["1", "40", "41", "-1", "x"], tab: ["register", "transfer", "x"] } },
  { id: "routes/domain-search", path: "/domain-search", query: { q: ["example.com", "bücher", "a b"], tld: ["com", ".net", "xn--p1ai", "zz"], more: ["1", "40", "0", "x"] } },
  {
    id: "routes/cart",
    path: "/cart",
    form: { intent: ["add", "remove", "set-years", "x"], domain: ["example.com", "fuzz-page.com", "bücher.de"], operation: ["registration", "transfer"], years: ["1", "2", "11", "x"], itemId: [], redirectTo: redirects, _js: ["1", "0"] },
  },
  {
    id: "routes/signin",
    path: "/signin",
    query: { redirect: redirects, step: ["2fa", "credentials"] },
    form: { intent: ["credentials", "second-factor", "restart", "x"], username: ["someone"], password: ["Corr3ct-Horse!"], seed_key: ["a b c"], remember_me: ["on", "true"], code: ["123456"], redirect: redirects },
    // A failed sign-in is recorded in the account's sign-in history.
    writesOn4xx: ["login_history"],
  },
  { id: "routes/signup", path: "/signup", form: { username: ["fuzzpage", "ab"], email: ["a@example.test", "a@b"], password: ["Corr3ct-Horse!", "short"], confirmPassword: ["Corr3ct-Horse!"], terms: ["on"] } },
  { id: "routes/createkey", path: "/createkey", form: { saved: ["on"], first: ["word"], second: ["word"] } },
  { id: "routes/createkey_.download", path: "/createkey/download" },
  {
    id: "routes/verify-email",
    path: "/verify-email",
    form: { intent: ["verify", "resend", "x"], code: ["123456", "12345"] },
    // A wrong code counts against the code (verification_codes.attempts): that is how guessing is stopped.
    writesOn4xx: ["verification_codes"],
  },
  {
    id: "routes/forgot",
    path: "/forgot",
    query: { step: ["reset", "done", "request"], email: ["a@example.test", "x"] },
    form: { intent: ["send", "resend", "reset", "x"], email: ["a@example.test", "x"], code: ["123456"], password: ["Corr3ct-Horse!"], confirmPassword: ["Corr3ct-Horse!"] },
    writesOn4xx: ["verification_codes"],
  },
  { id: "routes/locale", path: "/locale", form: { locale: ["tr", "en", "xx", "TR"], redirectTo: redirects } },
  { id: "routes/theme", path: "/theme", form: { theme: ["dark", "light", "system", "x"], redirectTo: redirects } },
  { id: "routes/session", path: "/session", form: { intent: ["logout", "refresh", "extend", "x"], _js: ["1"], redirectTo: redirects }, ownSession: true },
  { id: "routes/dev.mailbox", path: "/dev/mailbox", query: { to: ["a@example.test", ""] } },
  { id: "routes/dashboard._index", path: "/dashboard" },
  { id: "routes/dashboard.$", path: "/dashboard/*", params: { "*": ["domains", "servers", "x"] } },
  {
    id: "routes/dashboard.settings._index",
    path: "/dashboard/settings",
    form: { intent: ["change-username", "change-email", "verify-email", "resend-code", "x"], new_username: ["renamed"], new_email: ["b@example.test"], password: ["wrong-password"], code: ["123456"] },
    writesOn4xx: ["verification_codes"],
  },
  {
    id: "routes/dashboard.settings.addresses",
    path: "/dashboard/settings/addresses",
    query: { edit: ["new", "00000000-0000-4000-8000-000000000000", "x"] },
    form: {
      intent: ["create-address", "update-address", "make-default-address", "delete-address", "x"],
      addressId: ["00000000-0000-4000-8000-000000000000"],
      firstName: ["Ada"], lastName: ["Lovelace"], organization: [""], address: ["1 Engine St"], city: ["London"], state: [""], postalCode: ["N1"], country: ["GB", "XX"], phone: ["+44 20 7946 0000"], email: ["ada@example.test"], isDefault: ["on"],
    },
  },
  {
    id: "routes/dashboard.settings.security",
    path: "/dashboard/settings/security",
    form: {
      intent: ["change-password", "2fa-setup", "2fa-enable", "2fa-cancel", "2fa-saved", "2fa-disable", "delete-account", "x"],
      // Wrong passwords only: a right one would end the fixture's session for the rest of the run.
      current_password: ["wrong-password"], new_password: ["N3w-Horse-Battery!"], confirm_password: ["N3w-Horse-Battery!"], password: ["wrong-password"], code: ["123456"], confirmation: ["DELETE"],
    },
  },
];

/**
 * Routes with no URL of their own (layouts, rendered with their children above) or answered
 * before Remix (the storefront worker serves /api/v1 itself: tests/api/fuzz-api-*.test.ts).
 */
export const ROUTES_COVERED_ELSEWHERE: Readonly<Record<string, string>> = {
  root: "layout of every page",
  "routes/dashboard": "layout of the dashboard pages",
  "routes/dashboard.settings": "layout of the settings pages",
  "routes/api.v1.$": "/api/v1 is served by the worker before Remix: fuzzed by the API suite",
};
