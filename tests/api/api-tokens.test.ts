// Personal API tokens (issue 20): a session creates, lists and revokes them; a script calls the
// API with `Authorization: Bearer trn_…` on the routes its scopes allow (403 insufficient_scope
// otherwise), never on /account/** or /auth/**; revoked or expired tokens are 401; calls are
// limited per token. Domains are bought through the API as a customer buys them.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { sha256Hex } from "../../core/auth/password";
import { scopesAllow, scopesAllowing } from "../../workers/api/auth/scopes";
import { LIMITS } from "../../workers/api/auth/rate-limit";
import type { ApiToken, ApiTokenScope, NewApiToken } from "../../workers/api/contract/api-tokens";
import type { UserDomainView } from "../../workers/api/db/user-domains";
import { api, seedSampleCatalogue, signedInUser, type SignedInUser } from "./helpers";
import { buy, buyer, call, data, errorOf } from "./my-domains-support";
import { freshLabel } from "./registry-fixtures";

vi.setConfig({ testTimeout: 120_000 });

beforeAll(async () => {
  await seedSampleCatalogue();
});

async function createToken(
  user: SignedInUser,
  scopes: ApiTokenScope[],
  extra: { name?: string; expires_in_days?: number | null } = {},
): Promise<NewApiToken> {
  return data<NewApiToken>(
    await call(user, "POST", "/account/api-tokens", { name: extra.name ?? "Script", scopes, ...extra }),
    201,
  );
}

/** The caller that holds a personal token, shaped like a signed-in user for `call`. */
const holder = (token: NewApiToken) => ({ token: token.token });

describe("POST /account/api-tokens", () => {
  it("answers the secret once and stores only its hash", async () => {
    const user = await signedInUser();
    const before = Date.now();
    const created = await createToken(user, ["domains", "read", "domains"], {
      name: "  Backup script  ",
      expires_in_days: 30,
    });
    expect(created.token).toMatch(/^trn_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      name: "Backup script",
      scopes: ["read", "domains"],
      last_used_at: null,
      hint: `trn_…${created.token.slice(-4)}`,
    });
    const expires = Date.parse(created.expires_at ?? "");
    expect(expires - before).toBeGreaterThanOrEqual(30 * 86_400_000 - 1000);
    expect(expires - Date.now()).toBeLessThanOrEqual(30 * 86_400_000);

    const row = await env.DB.prepare("SELECT * FROM api_tokens WHERE id = ?1")
      .bind(created.id)
      .first<Record<string, unknown>>();
    expect(row?.token_hash).toBe(await sha256Hex(created.token));
    expect(Object.values(row ?? {})).not.toContain(created.token);
  });

  it("without an expiry the token does not expire", async () => {
    const user = await signedInUser();
    expect((await createToken(user, ["read"])).expires_at).toBeNull();
    expect((await createToken(user, ["read"], { expires_in_days: null })).expires_at).toBeNull();
  });

  it("refuses a body it cannot use with the one 400", async () => {
    const user = await signedInUser();
    const cases: [unknown, string][] = [
      [{ scopes: ["read"] }, "name"],
      [{ name: "   ", scopes: ["read"] }, "name"],
      [{ name: "x".repeat(65), scopes: ["read"] }, "name"],
      [{ name: "x", scopes: [] }, "scopes"],
      [{ name: "x", scopes: ["admin"] }, "scopes.0"],
      [{ name: "x", scopes: "read" }, "scopes"],
      [{ name: "x", scopes: ["read"], expires_in_days: 0 }, "expires_in_days"],
      [{ name: "x", scopes: ["read"], expires_in_days: 366 }, "expires_in_days"],
      [{ name: "x", scopes: ["read"], expires_in_days: 1.5 }, "expires_in_days"],
    ];
    for (const [body, path] of cases) {
      const refused = await errorOf(await call(user, "POST", "/account/api-tokens", body), 400);
      expect(refused.code, JSON.stringify(body)).toBe("invalid_parameter");
      expect(refused.errors?.[0]!.path, JSON.stringify(body)).toBe(path);
    }
  });

  it("needs a session", async () => {
    expect(
      (await errorOf(await call(null, "POST", "/account/api-tokens", { name: "x", scopes: ["read"] }), 401)).code,
    ).toBe("unauthorized");
  });

  it("holds at most 20 tokens per account; a revoked one frees its place", async () => {
    const user = await signedInUser();
    const tokens: NewApiToken[] = [];
    for (let index = 0; index < 20; index += 1) tokens.push(await createToken(user, ["read"], { name: `t${index}` }));
    const refused = await errorOf(
      await call(user, "POST", "/account/api-tokens", { name: "one more", scopes: ["read"] }),
      409,
    );
    expect(refused.code).toBe("too_many_api_tokens");
    await data(await call(user, "DELETE", `/account/api-tokens/${tokens[0]!.id}`));
    await createToken(user, ["read"], { name: "one more" });
  });
});

describe("GET /account/api-tokens", () => {
  it("lists the user's tokens without their secrets, newest first, with the last use", async () => {
    const user = await signedInUser();
    const other = await signedInUser();
    const first = await createToken(user, ["read"], { name: "first" });
    const second = await createToken(user, ["billing"], { name: "second", expires_in_days: 7 });
    await createToken(other, ["read"]);

    const response = await call(user, "GET", "/account/api-tokens");
    const text = await response.clone().text();
    const { tokens } = await data<{ tokens: ApiToken[] }>(response);
    expect(tokens.map((token) => token.name)).toEqual(["second", "first"]);
    expect(tokens.every((token) => !("token" in token))).toBe(true);
    expect(text).not.toContain(first.token);
    expect(text).not.toContain(second.token);
    expect(text).not.toContain("token_hash");
    expect(tokens[0]).toEqual({
      id: second.id,
      name: "second",
      scopes: ["billing"],
      hint: second.hint,
      created_at: second.created_at,
      expires_at: second.expires_at,
      last_used_at: null,
    });

    await data(await call(holder(first), "GET", "/user-domains"));
    const after = await data<{ tokens: ApiToken[] }>(await call(user, "GET", "/account/api-tokens"));
    const used = after.tokens.find((token) => token.id === first.id);
    expect(used?.last_used_at).not.toBeNull();
    expect(Date.now() - Date.parse(used?.last_used_at ?? "")).toBeLessThan(60_000);
  });
});

describe("DELETE /account/api-tokens/{id}", () => {
  it("revokes the token at once: it is 401 afterwards and no longer listed", async () => {
    const user = await signedInUser();
    const token = await createToken(user, ["read"]);
    await data(await call(holder(token), "GET", "/user-domains"));
    await data(await call(user, "DELETE", `/account/api-tokens/${token.id}`));
    const refused = await errorOf(await call(holder(token), "GET", "/user-domains"), 401);
    expect(refused.code).toBe("unauthorized");
    expect(refused.message).toMatch(/API token/);
    expect((await data<{ tokens: ApiToken[] }>(await call(user, "GET", "/account/api-tokens"))).tokens).toEqual([]);
    expect((await errorOf(await call(user, "DELETE", `/account/api-tokens/${token.id}`), 404)).code).toBe(
      "api_token_not_found",
    );
  });

  it("is 404 for another user's token, which keeps working", async () => {
    const user = await signedInUser();
    const other = await signedInUser();
    const token = await createToken(other, ["read"]);
    expect((await errorOf(await call(user, "DELETE", `/account/api-tokens/${token.id}`), 404)).code).toBe(
      "api_token_not_found",
    );
    await data(await call(holder(token), "GET", "/user-domains"));
    expect((await errorOf(await call(user, "DELETE", "/account/api-tokens/not-an-id"), 400)).errors?.[0]!.path).toBe(
      "id",
    );
  });
});

describe("Authorization: Bearer trn_…", () => {
  it("acts as the token's user on the routes its scopes allow", async () => {
    const user = await buyer();
    const [name] = await buy(user);
    const other = await buyer();
    await buy(other);
    const read = await createToken(user, ["read"]);
    const domains = await createToken(user, ["domains"]);

    for (const token of [read, domains]) {
      const page = await data<{ domains: UserDomainView[]; total: number }>(
        await call(holder(token), "GET", "/user-domains"),
      );
      expect(page.domains.map((domain) => domain.name)).toEqual([name]);
      await data(await call(holder(token), "GET", `/dns/domains/${name}/records`));
      await data(await call(holder(token), "GET", "/orders/"));
      await data(await call(holder(token), "GET", "/invoices/"));
    }
    const { id } = await data<UserDomainView>(await call(user, "GET", `/user-domains/${name}`));

    // read: no changes
    const refused = await errorOf(
      await call(holder(read), "PUT", `/user-domains/${id}/whois-privacy`, { whois_privacy: false }),
      403,
    );
    expect(refused.code).toBe("insufficient_scope");
    expect(
      (
        await errorOf(
          await call(holder(read), "POST", `/dns/domains/${name}/records`, {
            type: "A",
            name: "www",
            content: "192.0.2.1",
            ttl: 300,
          }),
          403,
        )
      ).code,
    ).toBe("insufficient_scope");
    expect(
      (await errorOf(await call(holder(read), "POST", "/cart/items", { domain: `${freshLabel()}.com`, years: 1 }), 403))
        .code,
    ).toBe("insufficient_scope");

    // domains: changes to domains and DNS, not billing
    const changed = await data<UserDomainView>(
      await call(holder(domains), "PUT", `/user-domains/${id}/whois-privacy`, { whois_privacy: false }),
    );
    expect(changed.whois_privacy).toBe(false);
    await data(
      await call(holder(domains), "POST", `/dns/domains/${name}/records`, {
        type: "A",
        name: "www",
        content: "192.0.2.1",
        ttl: 300,
      }),
      201,
    );
    expect(
      (
        await errorOf(
          await call(holder(domains), "POST", "/cart/items", { domain: `${freshLabel()}.com`, years: 1 }),
          403,
        )
      ).code,
    ).toBe("insufficient_scope");
    expect(
      (await errorOf(await call(holder(domains), "POST", `/user-domains/${id}/renew`, { years: 1 }), 403)).code,
    ).toBe("insufficient_scope");

    // another user's domain stays theirs
    expect((await call(holder(domains), "GET", `/dns/domains/${await otherName(other)}/records`)).status).toBe(404);
  });

  it("billing: cart, checkout and cards, not domain changes", async () => {
    const user = await buyer();
    const billing = await createToken(user, ["billing"]);
    await data(await call(holder(billing), "POST", "/cart/items", { domain: `${freshLabel()}.com`, years: 1 }), 201);
    await data(await call(holder(billing), "GET", "/user/payment-methods"));
    await data(await call(holder(billing), "GET", "/payments/"));
    expect(
      (
        await errorOf(
          await call(holder(billing), "PUT", `/user-domains/${crypto.randomUUID()}/auto-renew`, { auto_renew: true }),
          403,
        )
      ).code,
    ).toBe("insufficient_scope");
    expect(
      (await errorOf(await call(holder(billing), "POST", `/vps/${crypto.randomUUID()}/actions/reboot`), 403)).code,
    ).toBe("insufficient_scope");
  });

  it("never reaches /account/** or /auth/**, whatever its scopes", async () => {
    const user = await signedInUser();
    const token = await createToken(user, ["read", "domains", "billing"]);
    const calls: [string, string, unknown?][] = [
      ["GET", "/account/api-tokens"],
      ["POST", "/account/api-tokens", { name: "escalate", scopes: ["read"] }],
      ["DELETE", `/account/api-tokens/${token.id}`],
      ["GET", "/account/addresses"],
      ["GET", "/account/login-history"],
      ["PUT", "/account/password", { current_password: user.password, new_password: "An0ther-Horse!" }],
      ["DELETE", "/account", { password: user.password, confirmation: "DELETE MY ACCOUNT" }],
      ["GET", "/profile"],
      ["POST", "/auth/extend-session"],
      ["POST", "/auth/logout"],
      ["POST", "/email/send-verification"],
      ["GET", "/support/tickets"],
    ];
    for (const [method, path, body] of calls) {
      const refused = await errorOf(await call(holder(token), method, path, body), 403);
      expect(refused.code, `${method} ${path}`).toBe("insufficient_scope");
    }
    // nothing changed: the token still works and is still listed
    const { tokens } = await data<{ tokens: ApiToken[] }>(await call(user, "GET", "/account/api-tokens"));
    expect(tokens.map((listed) => listed.id)).toEqual([token.id]);
    await data(await call(holder(token), "GET", "/user-domains"));
  });

  it("is 401 once expired, and for a token that never existed", async () => {
    const user = await signedInUser();
    const token = await createToken(user, ["read"], { expires_in_days: 1 });
    await data(await call(holder(token), "GET", "/user-domains"));
    await env.DB.prepare("UPDATE api_tokens SET expires_at = ?2 WHERE id = ?1")
      .bind(token.id, new Date(Date.now() - 1000).toISOString())
      .run();
    expect((await errorOf(await call(holder(token), "GET", "/user-domains"), 401)).code).toBe("unauthorized");
    // still listed (expired, not revoked) so its owner sees why the script stopped
    const { tokens } = await data<{ tokens: ApiToken[] }>(await call(user, "GET", "/account/api-tokens"));
    expect(tokens.map((listed) => listed.id)).toEqual([token.id]);

    const forged = { token: `trn_${"A".repeat(43)}` };
    expect((await errorOf(await call(forged, "GET", "/user-domains"), 401)).code).toBe("unauthorized");
    // also where signing in is optional: the script learns its token is dead
    expect((await errorOf(await call(forged, "GET", "/cart"), 401)).code).toBe("unauthorized");
  });

  it("answers in the request's language", async () => {
    const user = await signedInUser();
    const token = await createToken(user, ["read"]);
    const response = await call(holder(token), "PUT", `/user-domains/${crypto.randomUUID()}/auto-renew`, {
      auto_renew: true,
    });
    expect(response.status).toBe(403);
    const english = await response.json<{ message: string }>();
    expect(english.message).toBe("This API token's scopes do not allow this call.");
    const turkish = await api(`/user-domains/${crypto.randomUUID()}/auto-renew`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token.token}`, "content-type": "application/json", "accept-language": "tr" },
      body: JSON.stringify({ auto_renew: true }),
    });
    expect((await turkish.json<{ message: string }>()).message).toBe(
      "Bu API belirtecinin kapsamları bu çağrıya izin vermiyor.",
    );
  });

  it(`is limited to ${LIMITS.apiTokenCalls.max} calls a minute per token, with Retry-After`, async () => {
    const user = await signedInUser();
    const token = await createToken(user, ["read"]);
    const spare = await createToken(user, ["read"]);
    for (let index = 0; index < LIMITS.apiTokenCalls.max; index += 1) {
      const response = await call(holder(token), "GET", "/user-domains");
      expect(response.status, `call ${index + 1}`).toBe(200);
    }
    const limited = await call(holder(token), "GET", "/user-domains");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await limited.json<{ code: string }>()).code).toBe("too_many_attempts");
    // per token: the user's other token and their session still work
    await data(await call(holder(spare), "GET", "/user-domains"));
    await data(await call(user, "GET", "/user-domains"));
  });
});

describe("the scope rule (workers/api/auth/scopes.ts)", () => {
  it("reads for every scope, changes by area, nothing on account, auth or servers' changes", () => {
    expect(scopesAllowing("GET", "/dns/domains/{domain}/records")).toEqual([["read"], ["domains"], ["billing"]]);
    expect(scopesAllowing("POST", "/dns/domains/{domain}/records")).toEqual([["domains"]]);
    expect(scopesAllowing("POST", "/user-domains/{id}/renew")).toEqual([["domains", "billing"]]);
    expect(scopesAllowing("GET", "/cart")).toEqual([["billing"]]);
    expect(scopesAllowing("POST", "/vps/{id}/actions/{action}")).toEqual([]);
    expect(scopesAllowing("GET", "/account/api-tokens")).toEqual([]);
    expect(scopesAllowing("POST", "/auth/logout")).toEqual([]);
    expect(scopesAllow(["domains", "billing"], "POST", "/user-domains/x/renew")).toBe(true);
    expect(scopesAllow(["read"], "GET", "/vps/x")).toBe(true);
    expect(scopesAllow(["read"], "GET", "/accounting")).toBe(false);
  });

  it("is what the OpenAPI document says for each route, beside the session scheme", async () => {
    const document = await (
      await api("/openapi.json")
    ).json<{
      components: { securitySchemes: Record<string, { type: string; scheme: string }> };
      paths: Record<
        string,
        Record<string, { security?: Record<string, string[]>[]; responses: Record<string, unknown> }>
      >;
    }>();
    expect(document.components.securitySchemes.apiToken).toMatchObject({ type: "http", scheme: "bearer" });
    const tokens = document.paths["/api/v1/account/api-tokens"];
    expect(tokens!.get!.security).toEqual([{ bearer: [] }]);
    expect(tokens!.post!.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(tokens!.post!.responses)).toEqual(
      expect.arrayContaining(["201", "400", "401", "403", "409", "429"]),
    );
  });
});

/** A name held by another buyer (their first domain). */
async function otherName(other: SignedInUser): Promise<string> {
  const page = await data<{ domains: UserDomainView[] }>(await call(other, "GET", "/user-domains"));
  return page.domains[0]!.name;
}
