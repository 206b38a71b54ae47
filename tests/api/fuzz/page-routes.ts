// THE LIST of pages the fuzz suite attacks (tests/api/fuzz-pages.test.ts), by Remix route id. A
// new page goes here: its URL pattern, the query parameters its loader reads and, when it has an
// action, the form fields (intents included) with sample values. The fuzzer mixes the samples
// with hostile values and sends them with hostile cookies (real ones tampered with, garbage),
// headers and bodies. tests/api/fuzz-routes-listed.test.ts fails while a route of app/routes is
// missing here.
import type { PageRouteSpec } from "./requests";

const redirects = ["/", "/cart", "/dashboard", "//evil.example", "/#\\", "/?x=\\"];

const OWN_DOMAIN = ["{domain}", "example.com", "bücher.de", "-bad-.com", "x"];
const LINK_TOKENS = ["A".repeat(43), "abc", "A".repeat(44), ""];

export const PAGE_ROUTES: readonly PageRouteSpec[] = [
  { id: "routes/_index", path: "/", query: { q: ["example", "bücher.de"] } },
  {
    id: "routes/$",
    path: "/*",
    params: {
      "*": ["example.com", "bücher.de", "xn--bcher-kva.de", "example", "a.b.c.d", "favicon.ico", "robots.txt"],
    },
  },
  {
    id: "routes/domain",
    path: "/domain",
    query: { q: ["example", "bücher"], show: ["1", "40", "41", "-1", "x"], tab: ["register", "transfer", "x"] },
  },
  {
    id: "routes/domain_.transfer",
    path: "/domain/transfer",
    query: { domain: ["example.com", "wordpress.org", "google.com", "bücher.de", "-bad-.com", "x", ""] },
    form: {
      intent: ["review", "pay", "x"],
      domain: ["example.com", "wordpress.org", "bücher.de", "-bad-.com", ""],
      auth_code: ["Abc-12345", "abc", "", "has space 1"],
    },
  },
  {
    id: "routes/domain-search",
    path: "/domain-search",
    query: { q: ["example.com", "bücher", "a b"], tld: ["com", ".net", "xn--p1ai", "zz"], more: ["1", "40", "0", "x"] },
  },
  {
    id: "routes/cart",
    path: "/cart",
    form: {
      intent: ["add", "remove", "set-years", "x"],
      domain: ["example.com", "fuzz-page.com", "bücher.de"],
      operation: ["registration", "transfer"],
      years: ["1", "2", "11", "x"],
      itemId: [],
      redirectTo: redirects,
      _js: ["1", "0"],
    },
  },
  {
    id: "routes/signin",
    path: "/signin",
    query: { redirect: redirects, step: ["2fa", "credentials"] },
    form: {
      intent: ["credentials", "second-factor", "restart", "x"],
      username: ["someone"],
      password: ["Corr3ct-Horse!"],
      seed_key: ["a b c"],
      remember_me: ["on", "true"],
      code: ["123456"],
      redirect: redirects,
    },
    // A failed sign-in is recorded in the account's sign-in history.
    writesOn4xx: ["login_history"],
  },
  {
    id: "routes/signup",
    path: "/signup",
    form: {
      username: ["fuzzpage", "ab"],
      email: ["a@example.test", "a@b"],
      password: ["Corr3ct-Horse!", "short"],
      confirmPassword: ["Corr3ct-Horse!"],
      terms: ["on"],
    },
  },
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
    id: "routes/verify-email_.confirm",
    path: "/verify-email/confirm",
    query: { token: ["A".repeat(43), "x", ""] },
    form: { token: ["A".repeat(43), "x", ""] },
  },
  {
    id: "routes/forgot",
    path: "/forgot",
    query: { step: ["reset", "done", "request", "link"], email: ["a@example.test", "x"], token: ["A".repeat(43), "x"] },
    form: {
      intent: ["send", "resend", "reset", "link", "x"],
      email: ["a@example.test", "x"],
      code: ["123456"],
      password: ["Corr3ct-Horse!"],
      confirmPassword: ["Corr3ct-Horse!"],
      token: ["A".repeat(43), "x"],
    },
    writesOn4xx: ["verification_codes"],
  },
  { id: "routes/locale", path: "/locale", form: { locale: ["tr", "en", "xx", "TR"], redirectTo: redirects } },
  { id: "routes/theme", path: "/theme", form: { theme: ["dark", "light", "system", "x"], redirectTo: redirects } },
  {
    id: "routes/session",
    path: "/session",
    form: { intent: ["logout", "refresh", "extend", "x"], _js: ["1"], redirectTo: redirects },
    ownSession: true,
  },
  {
    // Passkey ceremonies (issue 24): every step refused without a real authenticator's answer.
    id: "routes/passkeys",
    path: "/passkeys",
    form: {
      intent: ["register-options", "register", "confirm-options", "confirm", "signin-options", "signin", "2fa", "x"],
      flow_token: ["A".repeat(43), "short"],
      name: ["Laptop", ""],
      credential: ['{"id":"AAAA"}', "not json"],
      redirect: redirects,
    },
  },
  { id: "routes/dev.mailbox", path: "/dev/mailbox", query: { to: ["a@example.test", ""] } },
  {
    id: "routes/vps",
    path: "/vps",
    form: {
      plan: ["vx1", "hs1", "nope", ""],
      cycle: ["monthly", "annually", "weekly"],
      os: ["debian-12", "windows-2022", "x"],
      datacenter: ["fsn1", "sin", ""],
      hostname: ["web1.example.com", "-bad-", "", "a".repeat(300)],
      ssh_key: [
        "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIIpT282uMH03U+hItGjzUObvd14wEMPXMuagag0txUtf a@b",
        "ssh-rsa AAAA",
        "",
      ],
    },
  },
  {
    id: "routes/dashboard.vps._index",
    path: "/dashboard/vps",
    query: { q: ["web", "", "x".repeat(300)], status: ["running", "x"], page: ["1", "2", "0", "x"] },
  },
  {
    id: "routes/dashboard.vps.$id",
    path: "/dashboard/vps/:id",
    params: { id: ["00000000-0000-4000-8000-000000000000", "x", ".."] },
    form: {
      intent: ["action", "reveal", "renew", "auto-renew", "x"],
      action: ["reboot", "stop", "start", "reinstall", "explode"],
      password: ["Corr3ct-Horse!", "wrong", ""],
      cycle: ["monthly", "weekly"],
      hostname: ["web1.example.com"],
      enabled: ["true", "false", "x"],
    },
  },
  { id: "routes/dashboard._index", path: "/dashboard" },
  { id: "routes/dashboard.$", path: "/dashboard/*", params: { "*": ["domains", "servers", "x"] } },
  {
    id: "routes/dashboard.settings._index",
    path: "/dashboard/settings",
    form: {
      intent: ["change-username", "change-email", "verify-email", "resend-code", "x"],
      new_username: ["renamed"],
      new_email: ["b@example.test"],
      password: ["wrong-password"],
      code: ["123456"],
    },
    writesOn4xx: ["verification_codes"],
  },
  {
    id: "routes/dashboard.settings.addresses",
    path: "/dashboard/settings/addresses",
    query: { edit: ["new", "00000000-0000-4000-8000-000000000000", "x"] },
    form: {
      intent: ["create-address", "update-address", "make-default-address", "delete-address", "x"],
      addressId: ["00000000-0000-4000-8000-000000000000"],
      firstName: ["Ada"],
      lastName: ["Lovelace"],
      organization: [""],
      address: ["1 Engine St"],
      city: ["London"],
      state: [""],
      postalCode: ["N1"],
      country: ["GB", "XX"],
      phone: ["+44 20 7946 0000"],
      email: ["ada@example.test"],
      isDefault: ["on"],
    },
  },
  {
    id: "routes/dashboard.settings.security",
    path: "/dashboard/settings/security",
    form: {
      intent: [
        "change-password",
        "2fa-setup",
        "2fa-enable",
        "2fa-cancel",
        "2fa-saved",
        "2fa-disable",
        "delete-account",
        "x",
      ],
      // Wrong passwords only: a right one would end the fixture's session for the rest of the run.
      current_password: ["wrong-password"],
      new_password: ["N3w-Horse-Battery!"],
      confirm_password: ["N3w-Horse-Battery!"],
      password: ["wrong-password"],
      code: ["123456"],
      confirmation: ["DELETE"],
    },
  },
  // Public content and tools pages
  { id: "routes/[.well-known].security[.]txt", path: "/.well-known/security.txt" },
  { id: "routes/robots[.]txt", path: "/robots.txt" },
  { id: "routes/sitemap[.]xml", path: "/sitemap.xml" },
  { id: "routes/blog.feed[.]xml", path: "/blog/feed.xml" },
  {
    id: "routes/blog._index",
    path: "/blog",
    query: {
      page: ["1", "2", "0", "-1", "99", "x"],
      tag: ["dns", "transfers", "x"],
      category: ["guides", "news", "x"],
    },
  },
  {
    id: "routes/blog.$slug",
    path: "/blog/:slug",
    params: { slug: ["dnssec-explained", "how-domain-transfers-work", "DNSSEC-Explained", "nope", "..", "a--b"] },
  },
  { id: "routes/about", path: "/about" },
  { id: "routes/brand", path: "/brand" },
  { id: "routes/terms", path: "/terms" },
  { id: "routes/privacy", path: "/privacy" },
  { id: "routes/license", path: "/license" },
  { id: "routes/epsl", path: "/epsl" },
  { id: "routes/security", path: "/security" },
  { id: "routes/softwear", path: "/softwear" },
  { id: "routes/roadmap", path: "/roadmap" },
  { id: "routes/donate", path: "/donate" },
  { id: "routes/developers.api", path: "/developers/api" },
  // Release e-mails: the sign-up counts against per-address and per-IP limits (login_attempts).
  { id: "routes/download", path: "/download", form: { email: ["a@example.test", "a@b", ""], locale: ["en", "tr"] } },
  { id: "routes/download_.confirm", path: "/download/confirm", query: { token: LINK_TOKENS } },
  {
    id: "routes/download_.unsubscribe",
    path: "/download/unsubscribe",
    query: { token: LINK_TOKENS },
    form: { token: LINK_TOKENS, intent: ["unsubscribe", "x"] },
  },
  {
    id: "routes/rdap.domain.$name",
    path: "/rdap/domain/:name",
    params: { name: ["{domain}", "example.com", "bücher.de", "xn--bcher-kva.de", "-bad-.com", "com"] },
  },
  {
    id: "routes/tools.whois",
    path: "/tools/whois",
    query: { domain: ["example.com", "{domain}", "bücher.de", "-bad-", ""] },
  },
  { id: "routes/tools.ssl", path: "/tools/ssl", query: { host: ["example.com", "127.0.0.1", "localhost", ""] } },
  {
    id: "routes/tools.dns",
    path: "/tools/dns",
    query: { name: ["example.com", "bücher.de", ""], type: ["A", "MX", "ANY", "a", ""], expected: ["192.0.2.1", ""] },
  },
  { id: "routes/tools.speedtest", path: "/tools/speedtest" },
  // Checkout and 3-D Secure
  {
    id: "routes/checkout._index",
    path: "/checkout",
    form: {
      intent: ["pay", "add-contact", "x"],
      firstName: ["Ada", ""],
      lastName: ["Lovelace"],
      address: ["12 Analytical St"],
      city: ["London"],
      country: ["GB", "XX"],
      idempotency_key: ["fuzz-key-0001", "short", "bad key!"],
      contact_id: ["{contact}", "0", "x", "999999999999"],
      method: ["new", "{method}", "00000000-0000-4000-8000-000000000000", "x"],
      save_card: ["on", "true"],
      "card.number": ["4242 4242 4242 4242", "4000000000000002", "1"],
      "card.expiry": ["12/34", "13/99", "x"],
      "card.cvc": ["123", "1"],
      "card.name": ["Ada"],
    },
  },
  {
    id: "routes/checkout.$order",
    path: "/checkout/:order",
    params: { order: ["{order}", "00000000-0000-4000-8000-000000000000", "1", "x"] },
  },
  {
    id: "routes/payment.3ds.$ref",
    path: "/payment/3ds/:ref",
    params: { ref: ["pi_123", "pi_", "pm_1", "x"] },
    query: { return: ["/checkout", "//evil.example"] },
    form: { result: ["complete", "fail", "x"] },
  },
  // Dashboard: domains
  {
    id: "routes/dashboard.domains._index",
    path: "/dashboard/domains",
    query: {
      q: ["fzp", "", "x".repeat(254)],
      status: ["", "active", "expiring_soon", "x"],
      sort: ["name", "expires_at", "x"],
      page: ["1", "2", "0", "x"],
      per_page: ["10", "0", "1000"],
    },
  },
  {
    id: "routes/dashboard.domains.$domain._index",
    path: "/dashboard/domains/:domain",
    params: { domain: OWN_DOMAIN },
    form: {
      intent: ["renew", "lock", "auto-renew", "whois-privacy", "dnssec", "nameservers", "delete", "x"],
      years: ["1", "2", "11", "0", "x"],
      locked: ["true", "false", "x"],
      enabled: ["true", "false", "x"],
      // Wrong passwords only: a right one could delete the fixture's domain for the rest of the run.
      password: ["wrong-password", ""],
      nameservers: ["ns1.example.net\nns2.example.net", "bad host", ""],
      "nameservers[0]": ["ns1.example.net"],
      "nameservers[1]": ["ns2.example.net"],
    },
  },
  {
    id: "routes/dashboard.domains.$domain.dns",
    path: "/dashboard/domains/:domain/dns",
    params: { domain: OWN_DOMAIN },
    query: { edit: ["{record}", "new", "00000000-0000-4000-8000-000000000000", "x"] },
    form: {
      intent: ["save", "delete", "rollback", "import", "x"],
      recordId: ["{record}", "00000000-0000-4000-8000-000000000000", "", "x"],
      confirm: ["1", "0"],
      version: ["1", "2", "0", "999999999999", "x"],
      type: ["A", "AAAA", "CNAME", "MX", "TXT", "SRV", "CAA", "FORWARD", "STEALTH", "x"],
      name: ["@", "www", "*", "a..b"],
      content: ["192.0.2.1", "example.net", "v=spf1 -all", "https://example.net/", "//evil.example"],
      ttl: ["0", "300", "301", "x"],
      priority: ["10", "65536"],
      weight: ["5"],
      port: ["5060"],
      redirect_type: ["301", "303"],
      page_title: ["Home"],
      zone: ["@ 300 IN A 192.0.2.1\n", "garbage (\n", ""],
      replace: ["on", "true"],
    },
  },
  {
    id: "routes/dashboard.domains.$domain.dns.zone",
    path: "/dashboard/domains/:domain/dns/zone",
    params: { domain: OWN_DOMAIN },
  },
  {
    id: "routes/dashboard.domains.$domain.transfer-out",
    path: "/dashboard/domains/:domain/transfer-out",
    params: { domain: OWN_DOMAIN },
    form: { intent: ["reveal", "approve", "reject", "x"], password: ["wrong-password", ""] },
  },
  // Dashboard: support, illuminate
  {
    id: "routes/dashboard.analytics",
    path: "/dashboard/analytics",
    query: { run: ["00000000-0000-4000-8000-000000000000", "x", ""] },
    form: {
      url: ["https://example.com/", "example.com", "http://localhost/", "", "x".repeat(3000)],
      strategy: ["mobile", "desktop", "x"],
    },
  },
  {
    id: "routes/dashboard.support._index",
    path: "/dashboard/support",
    form: {
      subject: ["DNS not resolving", ""],
      details: ["My A record for www does not resolve since this morning.", "short"],
      priority: ["low", "urgent", "x"],
      category: ["domains", "x"],
    },
  },
  {
    id: "routes/dashboard.support.$id",
    path: "/dashboard/support/:id",
    params: { id: ["{ticket}", "00000000-0000-4000-8000-000000000000", "1"] },
    form: { intent: ["reply", "close", "x"], body: ["Still broken.", "", "x".repeat(5001)] },
  },
  { id: "routes/dashboard.illuminate", path: "/dashboard/illuminate" },
  // Dashboard: billing
  { id: "routes/dashboard.billing._index", path: "/dashboard/billing" },
  {
    id: "routes/dashboard.billing.orders",
    path: "/dashboard/billing/orders",
    query: { page: ["1", "2", "0", "x"], status: ["paid", "pending", "x"] },
  },
  {
    id: "routes/dashboard.billing.invoices._index",
    path: "/dashboard/billing/invoices",
    query: { page: ["1", "2", "0", "x"], status: ["completed", "x"] },
  },
  {
    id: "routes/dashboard.billing_.invoices.$number",
    path: "/dashboard/billing/invoices/:number",
    params: { number: ["{invoice}", "1", "0", "999999999999", "1e3", "x"] },
    query: { print: ["1"] },
  },
  {
    id: "routes/dashboard.billing.methods",
    path: "/dashboard/billing/methods",
    // "stripe-setup-intent": the payments port makes the account's provider customer and a setup
    // intent, then the page answers 409 (a setup intent is for Stripe's card form, which the
    // test provider has not).
    writesOn4xx: ["testpay_setup_intents", "testpay_customers", "payment_customers"],
    form: {
      intent: ["add-card", "stripe-setup-intent", "stripe-save", "make-default", "remove", "x"],
      methodId: ["{method}", "00000000-0000-4000-8000-000000000000", "x"],
      "card.number": ["4242 4242 4242 4242", "4000000000000002", "1"],
      "card.expiry": ["12/34", "13/99", "x"],
      "card.cvc": ["123", "1"],
      "card.name": ["Ada"],
      nickname: ["Work", "x".repeat(51)],
      set_as_default: ["on"],
      stripe_payment_method_id: ["pm_card_visa", "x"],
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
  "routes/dashboard.billing": "layout of the billing pages",
  "routes/api.v1.$": "/api/v1 is served by the worker before Remix: fuzzed by the API suite",
};
