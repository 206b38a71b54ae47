// Sample values for the /api/v1 endpoints the fuzz suite attacks (tests/api/fuzz-api-*.test.ts).
// The list of endpoints is the app's own (`fuzzedApiRoutes`: every route of the Hono app, its
// contract routes included), so a new endpoint is fuzzed the day it is added; an endpoint listed
// here gets its sample values for path parameters, query parameters and JSON body fields (the
// fuzzer mixes them with hostile values, so some cases get past validation into the handler), one
// not listed gets its parameter and field names from its contract (workers/api/contract/).
// tests/api/fuzz-routes-listed.test.ts fails while an entry here names no endpoint of the app.
import type { RouteConfig } from "@hono/zod-openapi";
import { env } from "cloudflare:workers";
import { z } from "zod";
import api from "../../../workers/api/app";
import type { FuzzFixture } from "./fixture";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface ApiRouteSpec {
  method: Method;
  /** The Hono path, as `app.routes` lists it (e.g. "/api/v1/cart/items/:id"). */
  path: string;
  /** Sample values per path parameter. */
  params?: (f: FuzzFixture) => Record<string, string[]>;
  /** Query parameter names and sample values. */
  query?: (f: FuzzFixture) => Record<string, string[]>;
  /** JSON body fields and sample values (routes that read a body). */
  body?: (f: FuzzFixture) => Record<string, unknown[]>;
  /**
   * The bearer tokens this route takes instead of the fixture's session (a machine caller's shared
   * secret): the fuzzer sends them, forged and missing ones as for any route.
   */
  bearer?: () => string[];
  /** Tables a refusal (4xx) of this route legitimately writes, besides the attempt counters. */
  writesOn4xx?: readonly string[];
  /**
   * The route can end the fixture's session or account (sign-out, password or name change,
   * deletion): it gets a fixture of its own.
   */
  fresh?: boolean;
  /** Keys an error body of this route carries besides the one shape (SPEC-mandated only). */
  errorExtraKeys?: readonly string[];
  /** The route answers errors in a standard shape of its own (the reason), not the one error shape. */
  ownErrorShape?: string;
  /** 5xx codes the route rightly answers when an outside service cannot be reached (tests run offline). */
  upstreamErrors?: readonly string[];
}

const domains = [
  "example.com",
  "fuzz-name.net",
  "xn--e1afmkfd.org",
  "a.dev",
  "bücher.de",
  "x.y.z.com",
  "-bad-.com",
  "example",
  ".com",
  "ex ample.com",
];
const tlds = ["com", ".net", "org", "dev", "xn--p1ai", "COM", "co.uk", "zz"];
const emails = ["someone@example.test", "a@b", "@", "x@example..com"];
const codes = ["123456", "000000", "12345", "1234567", "abcdef"];
const passwords = ["Corr3ct-Horse!", "short", "password1"];
/** Passkey answers (issue 24) of the right shape that no authenticator signed. */
const PASSKEY_FLOW_TOKENS = ["A".repeat(43), "short"];
const PASSKEY_ASSERTION = {
  id: "AAAA",
  rawId: "AAAA",
  type: "public-key",
  response: { clientDataJSON: "e30", authenticatorData: "AAAA", signature: "AAAA" },
};
const PASSKEY_CREATION = {
  id: "AAAA",
  rawId: "AAAA",
  type: "public-key",
  response: { clientDataJSON: "e30", attestationObject: "oA" },
};
/** A wrong password that fills the account's confirmation limit mails its owner (issue 18). */
const PASSWORD_ALERT = ["mail_outbox"] as const;
const years = [1, 2, 10, 11, 0, -1, 1.5, "3", true, null];
const pages = ["1", "2", "0", "-1", "1.5", "10001", "abc", "1e3"];
const CART_ITEM = { domain: domains, years, operation: ["registration", "transfer", "renewal", "x"] };

const OWN_DOMAIN = (f: FuzzFixture) => ({ domain: [f.domain, f.domain.toUpperCase(), `${f.domain}.`, ...domains] });
const DOMAIN_REF = (f: FuzzFixture) => ({ id: [f.domainId, f.domain, f.randomUuid, ...domains] });
const LINK_TOKENS = ["A".repeat(43), "abc", "A".repeat(44), "_-".repeat(21) + "x"];
const TICKET = {
  subject: ["DNS not resolving", "", "x".repeat(201)],
  details: ["My A record for www does not resolve since this morning.", "short"],
  priority: ["low", "urgent", "x"],
  category: ["domains", "billing", "x"],
};
const DNS_RECORD = {
  type: ["A", "AAAA", "CNAME", "MX", "TXT", "NS", "SRV", "CAA", "FORWARD", "STEALTH", "SOA", "a"],
  name: ["@", "www", "*", "_sip._tcp", "a..b", "x".repeat(254)],
  content: [
    "192.0.2.1",
    "2001:db8::1",
    "example.net",
    "v=spf1 -all",
    '0 issue "letsencrypt.org"',
    "https://example.net/",
    "//evil.example",
    "10 5 5060 sip.example.net",
    "",
  ],
  ttl: [0, 300, 3600, 301, -1, "300"],
  priority: [10, 0, 65535, 65536, null],
  weight: [5, null],
  port: [5060, -1, null],
  redirect_type: [301, 302, 303, null],
  page_title: ["Home", null, "x".repeat(300)],
};

export const API_ROUTES: readonly ApiRouteSpec[] = [
  // pricing.ts
  {
    method: "GET",
    path: "/api/v1/domains/tld-pricing",
    query: () => ({
      currency: ["USD", "EUR", "try", "XXX"],
      count_per_page: pages,
      page: pages,
      filter: ["all", "popular", "on_sale", "x"],
    }),
  },
  { method: "GET", path: "/api/v1/domains/tlds/search", query: () => ({ q: tlds, limit: pages }) },
  { method: "GET", path: "/api/v1/tld/:tld/pricing", params: () => ({ tld: tlds }) },
  { method: "POST", path: "/api/v1/tld/pricing", body: () => ({ tlds: [tlds, ["com", "net"], []] }) },
  // domains.ts
  { method: "GET", path: "/api/v1/domains/search/:domain", params: () => ({ domain: domains }) },
  {
    method: "GET",
    path: "/api/v1/domains/search-plan",
    query: () => ({ q: [...domains, "coffee shop", "xn--bcher-kva.com", ""], tld: [...tlds, "рф", ""] }),
  },
  { method: "POST", path: "/api/v1/domains/bulk-search", body: () => ({ domains: [domains, ["example.com"], []] }) },
  {
    method: "GET",
    path: "/api/v1/domains/check/:keyword",
    params: () => ({ keyword: ["example", "bücher", "a", "x".repeat(70)] }),
    query: () => ({ page: pages, count_per_page: pages }),
  },
  {
    method: "GET",
    path: "/api/v1/domains/suggest",
    query: () => ({ keyword: ["coffee", "bücher", ""], limit: pages }),
  },
  {
    method: "POST",
    path: "/api/v1/ai/domain-suggestions",
    body: () => ({ query: ["coffee shop", ""], tlds: [["com"], tlds], limit: [1, 10, 50, 51] }),
  },
  {
    method: "POST",
    path: "/api/v1/domains/offers",
    body: () => ({
      domain: domains,
      amount: ["100", 100, "1,000.50", "0.5", -1],
      currency: ["USD", "TRY", "XXX"],
      email: emails,
      message: ["hello"],
    }),
  },
  // cart.ts
  { method: "GET", path: "/api/v1/cart" },
  { method: "PUT", path: "/api/v1/cart/discount", body: () => ({ code: ["WELCOME10", "", "x".repeat(65)] }) },
  { method: "DELETE", path: "/api/v1/cart/discount" },
  { method: "POST", path: "/api/v1/cart/items", body: () => CART_ITEM },
  { method: "PATCH", path: "/api/v1/cart/items/:id", params: (f) => ({ id: f.cartItemIds }), body: () => ({ years }) },
  { method: "DELETE", path: "/api/v1/cart/items/:id", params: (f) => ({ id: f.cartItemIds }) },
  // checkout.ts
  {
    method: "POST",
    path: "/api/v1/discount/validate",
    body: () => ({
      code: ["WELCOME10", ""],
      items: [
        [
          {
            product_type: "domain",
            years: 1,
            quantity: 1,
            product_details: { tld: "com", domain_name: "example.com" },
          },
        ],
        [{ product_type: "vps", plan_id: 1 }],
        [{}],
        [],
      ],
    }),
    // SPEC §7: the refusal is read as data.success / data.message as well.
    errorExtraKeys: ["data"],
  },
  {
    method: "POST",
    path: "/api/v1/payment/unified",
    body: (f) => ({
      idempotency_key: ["fuzz-key-0001", "short", "bad key!"],
      contact_id: [1, "12", 0, "x"],
      payment_method_id: [f.paymentMethodRef, "pm_card_visa"],
      card: [
        { number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123" },
        { number: "4000000000000002", exp_month: 1, exp_year: 2000, cvc: "1" },
      ],
      save_card: [true, false],
      return_path: ["/checkout", "//evil.example"],
    }),
  },
  {
    method: "GET",
    path: "/api/v1/orders/",
    query: () => ({ page: pages, per_page: pages, status: ["paid", "pending", "x"] }),
  },
  { method: "GET", path: "/api/v1/orders/:id", params: (f) => ({ id: [f.randomUuid] }) },
  { method: "POST", path: "/api/v1/orders/:id/sync", params: (f) => ({ id: [f.randomUuid] }) },
  {
    method: "GET",
    path: "/api/v1/payments/",
    query: () => ({ page: pages, per_page: pages, status: ["succeeded", "x"] }),
  },
  {
    method: "GET",
    path: "/api/v1/invoices/",
    query: () => ({ page: pages, per_page: pages, status: ["completed", "x"] }),
  },
  { method: "GET", path: "/api/v1/invoices/:id", params: (f) => ({ id: ["1", "999999999999", f.randomUuid] }) },
  // The provider's webhook: a bad signature is refused before anything is stored.
  {
    method: "POST",
    path: "/api/v1/payment/webhook",
    body: () => ({ id: ["evt_1"], type: ["payment.succeeded", "x"], data: [{ object: { id: "pi_1" } }] }),
  },
  // The EPP gateway's poll callback: its own shared secret (vitest.api.config.ts sets it), any
  // notice shape; a valid one refreshes the named domain from the (simulated) registry.
  {
    method: "POST",
    path: "/api/v1/registry/notices",
    bearer: () => [env.REGISTRY_CALLBACK_TOKEN ?? ""],
    body: () => ({
      registry: ["dk", "com", "", "x".repeat(101)],
      id: ["1", "msg-42", "", "x".repeat(201)],
      qDate: ["2026-11-29T02:00:00.0Z", "yesterday", null],
      msg: ["Transfer approved.", null],
      resData: [
        { name: "example.com", trStatus: "clientApproved", reID: "other", acID: "trinity" },
        { trnData: { name: "fuzz-name.net", trStatus: "pending" } },
        { panData: { name: { "#text": "example.com", paResult: "1" } } },
        { name: "-bad-.com" },
        { name: { deep: ["x"] } },
        null,
      ],
    }),
  },
  // auth.ts
  {
    method: "GET",
    path: "/api/v1/auth/username-available",
    query: () => ({ username: ["someone", "ab", "x".repeat(40)] }),
  },
  {
    method: "POST",
    path: "/api/v1/auth/register",
    body: () => ({ username: ["fuzzuser", "ab"], email: emails, password: passwords }),
  },
  {
    method: "POST",
    path: "/api/v1/auth/login",
    body: (f) => ({
      username: [f.username, "nobody"],
      password: [f.password, "wrong-password"],
      seed_key: [f.seedKey, "a b c"],
      remember_me: [true, "on", 1],
    }),
    // A failed sign-in is recorded in the account's sign-in history (SPEC: login history).
    writesOn4xx: ["login_history"],
  },
  {
    method: "POST",
    path: "/api/v1/auth/login/2fa",
    body: () => ({ challenge_token: ["x", "a.b.c"], code: codes }),
    writesOn4xx: ["login_history"],
  },
  {
    method: "POST",
    path: "/api/v1/auth/refresh-token",
    body: (f) => ({ refresh_token: [f.usedRefreshToken, "x".repeat(16)] }),
    // A used refresh token presented again ends its session family (theft response).
    writesOn4xx: ["sessions", "refresh_tokens"],
  },
  { method: "POST", path: "/api/v1/auth/extend-session" },
  { method: "POST", path: "/api/v1/auth/logout", fresh: true },
  { method: "POST", path: "/api/v1/email/send-verification" },
  { method: "POST", path: "/api/v1/auth/verify-email", body: (f) => ({ email: [f.email, ...emails], code: codes }) },
  { method: "POST", path: "/api/v1/auth/resend-verification", body: (f) => ({ email: [f.email, ...emails] }) },
  { method: "POST", path: "/api/v1/auth/forgot-password", body: (f) => ({ email: [f.email, ...emails] }) },
  {
    method: "POST",
    path: "/api/v1/auth/reset-password",
    body: (f) => ({ email: [f.email, ...emails], code: codes, password: passwords, flow_token: ["A".repeat(43), "x"] }),
  },
  {
    method: "POST",
    path: "/api/v1/auth/reset-password-link",
    body: () => ({ token: ["A".repeat(43), "x", ""], password: passwords }),
  },
  { method: "POST", path: "/api/v1/auth/verify-email-link", body: () => ({ token: ["A".repeat(43), "x", ""] }) },
  { method: "GET", path: "/api/v1/profile" },
  { method: "GET", path: "/api/v1/dev/outbox", query: (f) => ({ to: [f.email, ...emails] }) },
  // account.ts
  { method: "PUT", path: "/api/v1/account/language", body: () => ({ locale: ["en", "tr", "de", "", "TR"] }) },
  {
    method: "PUT",
    path: "/api/v1/account/email",
    body: (f) => ({ new_email: emails, password: [f.password, "wrong"] }),
    fresh: true,
    writesOn4xx: PASSWORD_ALERT,
  },
  {
    method: "PUT",
    path: "/api/v1/account/username",
    body: (f) => ({ new_username: ["renamed", "ab"], password: [f.password, "wrong"] }),
    fresh: true,
    writesOn4xx: PASSWORD_ALERT,
  },
  {
    method: "PUT",
    path: "/api/v1/account/password",
    body: (f) => ({ current_password: [f.password, "wrong"], new_password: passwords }),
    fresh: true,
    writesOn4xx: PASSWORD_ALERT,
  },
  {
    method: "DELETE",
    path: "/api/v1/account",
    body: (f) => ({ password: [f.password, "wrong"], confirmation: ["DELETE", "delete my account", ""] }),
    fresh: true,
    writesOn4xx: PASSWORD_ALERT,
  },
  { method: "GET", path: "/api/v1/account/addresses" },
  { method: "POST", path: "/api/v1/account/addresses", body: () => ADDRESS },
  {
    method: "PUT",
    path: "/api/v1/account/addresses/:id",
    params: (f) => ({ id: [f.addressId, f.randomUuid] }),
    body: () => ADDRESS,
  },
  {
    method: "PUT",
    path: "/api/v1/account/addresses/:id/default",
    params: (f) => ({ id: [f.addressId, f.randomUuid] }),
  },
  { method: "DELETE", path: "/api/v1/account/addresses/:id", params: (f) => ({ id: [f.addressId, f.randomUuid] }) },
  { method: "POST", path: "/api/v1/account/2fa/setup" },
  { method: "POST", path: "/api/v1/account/2fa/enable", body: () => ({ code: codes }) },
  {
    method: "POST",
    path: "/api/v1/account/2fa/disable",
    body: (f) => ({ password: [f.password], code: codes }),
    writesOn4xx: PASSWORD_ALERT,
  },
  { method: "GET", path: "/api/v1/account/login-history" },
  // passkeys.ts (issue 24): answers no authenticator signed, so every ceremony ends in a refusal.
  { method: "GET", path: "/api/v1/auth/passkeys" },
  { method: "POST", path: "/api/v1/auth/passkeys/register/options" },
  {
    method: "POST",
    path: "/api/v1/auth/passkeys/register",
    body: () => ({
      flow_token: PASSKEY_FLOW_TOKENS,
      name: ["Laptop", "", "x".repeat(61)],
      credential: [PASSKEY_CREATION],
    }),
  },
  {
    method: "PATCH",
    path: "/api/v1/auth/passkeys/:id",
    params: (f) => ({ id: [f.randomUuid, "1"] }),
    body: () => ({ name: ["Phone", ""] }),
  },
  {
    method: "DELETE",
    path: "/api/v1/auth/passkeys/:id",
    params: (f) => ({ id: [f.randomUuid] }),
    body: (f) => ({ password: [f.password, "pkc_x"] }),
    writesOn4xx: PASSWORD_ALERT,
  },
  { method: "POST", path: "/api/v1/auth/passkeys/login/options" },
  {
    method: "POST",
    path: "/api/v1/auth/passkeys/login",
    body: () => ({ flow_token: PASSKEY_FLOW_TOKENS, credential: [PASSKEY_ASSERTION], remember_me: [true, "on"] }),
    writesOn4xx: ["login_history"],
  },
  {
    method: "POST",
    path: "/api/v1/auth/passkeys/login/2fa/options",
    body: () => ({ challenge_token: ["x", "a.b.c"] }),
  },
  {
    method: "POST",
    path: "/api/v1/auth/passkeys/login/2fa",
    body: () => ({ challenge_token: ["x", "a.b.c"], flow_token: PASSKEY_FLOW_TOKENS, credential: [PASSKEY_ASSERTION] }),
    writesOn4xx: ["login_history"],
  },
  { method: "POST", path: "/api/v1/auth/passkeys/confirm/options" },
  {
    method: "POST",
    path: "/api/v1/auth/passkeys/confirm",
    body: () => ({ flow_token: PASSKEY_FLOW_TOKENS, credential: [PASSKEY_ASSERTION] }),
    writesOn4xx: PASSWORD_ALERT,
  },
  // api-tokens.ts (issue 20)
  { method: "GET", path: "/api/v1/account/api-tokens" },
  {
    method: "POST",
    path: "/api/v1/account/api-tokens",
    body: () => ({
      name: ["CI deploy", "", "   ", "x".repeat(65), 7],
      scopes: [
        ["read"],
        ["domains", "billing"],
        [],
        ["admin"],
        "read",
        ["read", "read", "read", "read", "read", "read", "read"],
      ],
      expires_in_days: [7, 365, 0, 366, 1.5, null, "30"],
    }),
  },
  {
    method: "DELETE",
    path: "/api/v1/account/api-tokens/:id",
    params: (f) => ({ id: [f.randomUuid, "not-a-token", ""] }),
  },
  // payment-methods.ts
  { method: "GET", path: "/api/v1/user/payment-methods" },
  {
    method: "POST",
    path: "/api/v1/user/payment-methods",
    body: (f) => ({
      stripe_payment_method_id: [f.paymentMethodRef, "pm_unknown", "card_1"],
      set_as_default: [true, "true"],
      nickname: ["Work", "x".repeat(51), null],
    }),
  },
  { method: "POST", path: "/api/v1/user/payment-methods/setup-intent" },
  {
    method: "PUT",
    path: "/api/v1/user/payment-methods/:id/default",
    params: (f) => ({ id: [f.paymentMethodId, f.randomUuid] }),
  },
  {
    method: "DELETE",
    path: "/api/v1/user/payment-methods/:id",
    params: (f) => ({ id: [f.paymentMethodId, f.randomUuid] }),
  },
  {
    method: "POST",
    path: "/api/v1/user/payment-method",
    body: (f) => ({ payment_method_id: [f.paymentMethodId, f.paymentMethodRef, "pm_x"] }),
  },
  {
    method: "DELETE",
    path: "/api/v1/user/payment-method",
    body: (f) => ({ payment_method_id: [f.paymentMethodId, f.paymentMethodRef, "pm_x"] }),
  },
  {
    method: "POST",
    path: "/api/v1/payment/test/payment-methods",
    body: () => ({
      number: ["4242424242424242", "4000000000000002", "1234"],
      exp_month: [12, 13, "12"],
      exp_year: [2030, 1999],
      cvc: ["123", "12345"],
      name: ["A B"],
    }),
  },
  { method: "GET", path: "/api/v1/payment/test/3ds/:ref", params: () => ({ ref: ["pi_123", "pi_", "pm_1"] }) },
  {
    method: "POST",
    path: "/api/v1/payment/test/3ds/:ref",
    params: () => ({ ref: ["pi_123", "pi_"] }),
    body: () => ({ result: ["complete", "fail", "x"] }),
  },
  // tools.ts (the free tools, answered by the lookup worker; its upstreams are closed in tests)
  {
    method: "GET",
    path: "/api/v1/domains/whois/:domain",
    params: () => ({ domain: domains }),
    upstreamErrors: ["whois_failed"],
  },
  {
    method: "GET",
    path: "/api/v1/ssl",
    query: () => ({ host: [...domains, "127.0.0.1", "localhost"] }),
    upstreamErrors: ["ssl_failed"],
  },
  {
    method: "GET",
    path: "/api/v1/rdap/domain/:name",
    params: (f) => ({ name: [f.domain, ...domains] }),
    ownErrorShape: "RDAP: RFC 9083 error objects",
  },
  {
    method: "GET",
    path: "/api/v1/dns/check",
    query: () => ({
      name: domains,
      type: ["A", "AAAA", "MX", "TXT", "SRV", "a", "ANY", ""],
      expected: ["192.0.2.1", "", "x".repeat(300)],
    }),
    upstreamErrors: ["dns_failed"],
  },
  // analytics.ts (URL performance analysis; PageSpeed sits on a closed port in tests)
  { method: "GET", path: "/api/v1/analytics/runs" },
  {
    method: "POST",
    path: "/api/v1/analytics/runs",
    body: () => ({
      url: ["https://example.com/", "example.com", "http://127.0.0.1/", "ftp://example.com/", "", "x".repeat(5000)],
      strategy: ["mobile", "desktop", "tablet", ""],
    }),
    upstreamErrors: ["pagespeed_failed"],
  },
  // content.ts (release e-mails, the support centre)
  { method: "POST", path: "/api/v1/updates/subscribe", body: () => ({ email: emails, locale: ["en", "tr", "xx"] }) },
  { method: "POST", path: "/api/v1/updates/confirm", body: () => ({ token: LINK_TOKENS }) },
  { method: "GET", path: "/api/v1/updates/subscription", query: () => ({ token: LINK_TOKENS }) },
  { method: "POST", path: "/api/v1/updates/unsubscribe", body: () => ({ token: LINK_TOKENS }) },
  { method: "GET", path: "/api/v1/account/illuminate" },
  { method: "GET", path: "/api/v1/support/tickets" },
  { method: "POST", path: "/api/v1/support/tickets", body: () => TICKET },
  { method: "GET", path: "/api/v1/support/tickets/:id", params: (f) => ({ id: [f.ticketId, f.randomUuid, "1"] }) },
  {
    method: "POST",
    path: "/api/v1/support/tickets/:id/replies",
    params: (f) => ({ id: [f.ticketId, f.randomUuid] }),
    body: () => ({ body: ["Still broken.", "", "x".repeat(5001)] }),
  },
  { method: "POST", path: "/api/v1/support/tickets/:id/close", params: (f) => ({ id: [f.ticketId, f.randomUuid] }) },
  {
    method: "POST",
    path: "/api/v1/support/staff/tickets/:id/replies",
    params: (f) => ({ id: [f.ticketId, f.randomUuid] }),
    body: () => ({ body: ["We are on it."] }),
  },
  // my-domains.ts, dns.ts (the customer's domains and their DNS)
  {
    method: "GET",
    path: "/api/v1/domains/:domain/transfer-status",
    params: (f) => ({ domain: [f.domain, ...domains] }),
  },
  {
    method: "GET",
    path: "/api/v1/domains/:domain/transfer-check",
    params: (f) => ({ domain: [f.domain, ...domains] }),
  },
  { method: "GET", path: "/api/v1/dns/domains/:domain/records", params: OWN_DOMAIN },
  { method: "POST", path: "/api/v1/dns/domains/:domain/records", params: OWN_DOMAIN, body: () => DNS_RECORD },
  {
    method: "POST",
    path: "/api/v1/dns/domains/:domain/records/preview",
    params: OWN_DOMAIN,
    body: (f) => ({
      action: ["create", "update", "delete", "x"],
      id: [f.dnsRecordId, f.randomUuid],
      record: [{ type: "A", name: "@", content: "192.0.2.1" }, {}],
    }),
  },
  {
    method: "PUT",
    path: "/api/v1/dns/domains/:domain/records/:id",
    params: (f) => ({ domain: [f.domain, ...domains], id: [f.dnsRecordId, f.randomUuid, "1"] }),
    body: () => DNS_RECORD,
  },
  {
    method: "DELETE",
    path: "/api/v1/dns/domains/:domain/records/:id",
    params: (f) => ({ domain: [f.domain, ...domains], id: [f.dnsRecordId, f.randomUuid, "1"] }),
  },
  { method: "GET", path: "/api/v1/dns/domains/:domain/history", params: OWN_DOMAIN },
  {
    method: "POST",
    path: "/api/v1/dns/domains/:domain/history/:version/rollback",
    params: (f) => ({ domain: [f.domain, ...domains], version: ["1", "2", "0", "999999999999", "1e3", "-1"] }),
  },
  { method: "GET", path: "/api/v1/dns/domains/:domain/zone", params: OWN_DOMAIN },
  {
    method: "POST",
    path: "/api/v1/dns/domains/:domain/zone",
    params: OWN_DOMAIN,
    body: () => ({
      zone: [
        "$ORIGIN example.com.\n@ 300 IN A 192.0.2.1\nwww 300 IN CNAME @\n",
        "@ IN MX 10 mail\n",
        "garbage ; (\n",
        "$INCLUDE /etc/passwd\n",
        "",
      ],
      replace: [true, false, "true"],
    }),
  },
  {
    method: "GET",
    path: "/api/v1/user-domains",
    query: () => ({
      q: ["fz", "", "x".repeat(254)],
      status: ["", "active", "expiring_soon", "x"],
      sort: ["name", "expires_at", "x"],
      page: pages,
      per_page: pages,
    }),
  },
  { method: "GET", path: "/api/v1/user-domains/:id", params: DOMAIN_REF },
  {
    method: "PUT",
    path: "/api/v1/user-domains/:id/auto-renew",
    params: DOMAIN_REF,
    body: () => ({ auto_renew: [true, false, "true"] }),
  },
  {
    method: "PUT",
    path: "/api/v1/user-domains/:id/whois-privacy",
    params: DOMAIN_REF,
    body: () => ({ whois_privacy: [true, false, 1] }),
  },
  {
    method: "PUT",
    path: "/api/v1/user-domains/:id/dnssec",
    params: DOMAIN_REF,
    body: () => ({ dnssec: [true, false, null] }),
  },
  {
    method: "POST",
    path: "/api/v1/user-domains/:id/renew",
    params: DOMAIN_REF,
    body: () => ({ years: [1, 2, 10, 11, 0, 1.5, "2"] }),
  },
  { method: "POST", path: "/api/v1/user-domains/calendar" },
  {
    method: "GET",
    path: "/api/v1/calendar/:file",
    params: () => ({
      file: [
        `${"A".repeat(43)}.ics`,
        `${"a_b-".repeat(11).slice(0, 43)}.ics`,
        "x.ics",
        "..%2F..%2Fetc.ics",
        `${"A".repeat(43)}.ICS`,
      ],
    }),
  },
  {
    method: "PUT",
    path: "/api/v1/domains/dns/:domain/domain-lock",
    params: OWN_DOMAIN,
    body: (f) => ({ locked: [true, false, "false"], password: [f.password, "wrong-password", ""] }),
    writesOn4xx: PASSWORD_ALERT,
  },
  {
    method: "PUT",
    path: "/api/v1/dns/domains/:domain/nameservers",
    params: OWN_DOMAIN,
    body: () => ({
      nameservers: [
        ["ns1.example.net", "ns2.example.net"],
        ["ns1.example.net"],
        [],
        ["bad host", "x"],
        Array.from({ length: 14 }, (_, i) => `ns${i}.example.net`),
      ],
    }),
  },
  {
    method: "POST",
    path: "/api/v1/dns/domains/:domain/auth-code",
    params: OWN_DOMAIN,
    body: (f) => ({ password: [f.password, "wrong-password"] }),
    writesOn4xx: PASSWORD_ALERT,
  },
  {
    method: "POST",
    path: "/api/v1/dns/domains/:domain/transfer-out/approve",
    params: (f) => ({ domain: [f.domain, ...domains] }),
  },
  {
    method: "POST",
    path: "/api/v1/dns/domains/:domain/transfer-out/reject",
    params: (f) => ({ domain: [f.domain, ...domains] }),
  },
  // Deleting with the right password removes the fixture's domain: a fixture of its own.
  {
    method: "DELETE",
    path: "/api/v1/dns/domains/:domain",
    params: OWN_DOMAIN,
    body: (f) => ({ password: [f.password, "wrong-password"] }),
    fresh: true,
    writesOn4xx: PASSWORD_ALERT,
  },
  // cart.ts (servers, issue 11) and servers.ts
  {
    method: "POST",
    path: "/api/v1/cart/servers",
    body: () => ({
      plan: ["vx1", "va1", "hs1", "nope", ""],
      cycle: ["monthly", "biennially", "weekly", 1],
      os: ["debian-12", "windows-2022", "x", null],
      datacenter: ["fsn1", "sin", ""],
      hostname: ["web1.example.com", "-bad-", "", "a".repeat(300)],
      ssh_key: [
        "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIIpT282uMH03U+hItGjzUObvd14wEMPXMuagag0txUtf a@b",
        "ssh-rsa AAAA",
        "",
        null,
      ],
    }),
  },
  { method: "GET", path: "/api/v1/vps/plans" },
  { method: "GET", path: "/api/v1/vps/", query: () => SERVER_LIST_QUERY },
  { method: "GET", path: "/api/v1/hosting/", query: () => SERVER_LIST_QUERY },
  { method: "GET", path: "/api/v1/vps/:id", params: (f) => ({ id: [f.randomUuid, "x", "../plans"] }) },
  {
    method: "POST",
    path: "/api/v1/vps/:id/actions/:action",
    params: (f) => ({ id: [f.randomUuid, "x"], action: ["reboot", "stop", "start", "reinstall", "explode"] }),
  },
  {
    method: "POST",
    path: "/api/v1/vps/:id/root-password",
    params: (f) => ({ id: [f.randomUuid, "x"] }),
    body: (f) => ({ password: [f.password, "wrong-password", ""] }),
    writesOn4xx: PASSWORD_ALERT,
  },
  {
    method: "POST",
    path: "/api/v1/vps/:id/renew",
    params: (f) => ({ id: [f.randomUuid, "x"] }),
    body: () => ({ cycle: ["monthly", "annually", "weekly", null] }),
  },
  {
    method: "PUT",
    path: "/api/v1/vps/:id/auto-renew",
    params: (f) => ({ id: [f.randomUuid, "x"] }),
    body: () => ({ auto_renew: [true, false, "yes", null] }),
  },
];

const SERVER_LIST_QUERY = {
  status: ["running", "expired", "x"],
  q: ["web", "", "x".repeat(300)],
  sort: ["-created", "hostname", "x"],
  page: ["1", "0", "x"],
  per_page: ["20", "0", "1000"],
};

const ADDRESS = {
  firstName: ["Ada", ""],
  lastName: ["Lovelace"],
  organization: ["Analytical", null],
  address: ["1 Engine St"],
  city: ["London"],
  state: ["", null],
  postalCode: ["N1 1AA"],
  country: ["GB", "gb", "XX", "GBR"],
  phone: ["+44 20 7946 0000", "phone"],
  email: ["ada@example.test", "not-an-email", null],
  isDefault: [true, "on", "false"],
};

/** Every endpoint of the /api/v1 app: its entry above, else what its contract names. */
export function fuzzedApiRoutes(): ApiRouteSpec[] {
  const listed = new Map(API_ROUTES.map((route) => [`${route.method} ${route.path}`, route]));
  const contract = new Map<string, RouteConfig>(
    api.openAPIRegistry.definitions.flatMap((definition) =>
      definition.type === "route"
        ? [
            [
              `${definition.route.method.toUpperCase()} /api/v1${definition.route.path.replace(/\{(\w+)\}/g, ":$1")}`,
              definition.route,
            ] as const,
          ]
        : [],
    ),
  );
  const endpoints = [
    ...new Set(api.routes.filter((route) => route.method !== "ALL").map((route) => `${route.method} ${route.path}`)),
  ];
  return endpoints.map((endpoint) => {
    const known = listed.get(endpoint);
    if (known) return known;
    const [method = "", path = ""] = endpoint.split(" ");
    const route = contract.get(endpoint);
    const query = fieldNames(route?.request?.query);
    const media = route?.request?.body?.content["application/json"];
    const bodySchema = media && "schema" in media ? media.schema : undefined;
    const body = fieldNames(bodySchema);
    const samples = (names: string[]) => Object.fromEntries(names.map((name) => [name, ["", "x", 1, null]]));
    return {
      method: method as Method,
      path,
      ...(query.length ? { query: () => Object.fromEntries(query.map((name) => [name, ["", "x", "1"]])) } : {}),
      ...(bodySchema ? { body: () => samples(body) } : {}),
    };
  });
}

/** The top-level field names of an object schema (none for anything else). */
function fieldNames(schema: unknown): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}
