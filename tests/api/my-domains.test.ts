// "My domains" API (issue 14): list with search/filter/sort/pages, detail, lock (password),
// auto-renew (saved card), WHOIS privacy, nameservers, auth code, delete — each scoped to its
// owner (another user's domain is 404), strict bodies, one error shape. Domains are bought
// through the API (cart → POST /payment/unified), as a customer buys them.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { DomainPage, UserDomainView } from "../../workers/api/db/user-domains";
import { seedSampleCatalogue, signedInUser } from "./helpers";
import { buy, buyer, call, data, errorOf, saveCard } from "./my-domains-support";
import { freshLabel } from "./registry-fixtures";

vi.setConfig({ testTimeout: 120_000 });

type Detail = UserDomainView & {
  registry: { status: string; locked: boolean; nameservers?: string[] } | null;
  transfer: unknown;
};

beforeAll(async () => {
  await seedSampleCatalogue();
});

describe("GET /user-domains", () => {
  it("lists only the signed-in user's domains, with status, expiry, lock and auto-renewal", async () => {
    const user = await buyer();
    const [name] = await buy(user);
    const other = await buyer();
    await buy(other);

    const page = await data<DomainPage>(await call(user, "GET", "/user-domains"));
    expect(page.total).toBe(1);
    expect(page.counts).toEqual({ total: 1, expiring_soon: 0, expired: 0 });
    expect(page.domains).toHaveLength(1);
    const domain = page.domains[0];
    expect(domain).toMatchObject({
      name,
      status: "active",
      action: "none",
      locked: true,
      auto_renew: false,
      whois_privacy: true,
      dnssec: true,
    });
    // Registered for a year: expiry about 365 days ahead.
    expect(domain!.days_left).toBeGreaterThanOrEqual(364);
    expect(domain!.days_left).toBeLessThanOrEqual(366);
  });

  it("searches, filters by status, sorts and pages", async () => {
    const user = await buyer();
    const stem = freshLabel("s");
    const names = [`${stem}a.com`, `${stem}b.net`, `${stem}c.org`];
    await buy(user, names);
    await buy(user, [`${freshLabel("z")}.com`]);

    const all = await data<DomainPage>(await call(user, "GET", "/user-domains?sort=-name&per_page=2"));
    expect(all.total).toBe(4);
    expect(all.pages).toBe(2);
    expect(all.domains).toHaveLength(2);
    const second = await data<DomainPage>(await call(user, "GET", "/user-domains?sort=-name&per_page=2&page=2"));
    const ordered = [...all.domains, ...second.domains].map((d) => d.name);
    expect(ordered).toEqual([...ordered].sort().reverse());

    const found = await data<DomainPage>(await call(user, "GET", `/user-domains?q=${stem.toUpperCase()}`));
    expect(found.domains.map((d) => d.name)).toEqual(names);
    expect(found.total).toBe(3);

    const active = await data<DomainPage>(await call(user, "GET", "/user-domains?status=active"));
    expect(active.total).toBe(4);
    const expiring = await data<DomainPage>(await call(user, "GET", "/user-domains?status=expiring_soon"));
    expect(expiring.total).toBe(0);
    // A "%" matches itself, not everything.
    expect((await data<DomainPage>(await call(user, "GET", "/user-domains?q=%25"))).total).toBe(0);
  });

  it("refuses unknown or bad query parameters with 400 naming them", async () => {
    const user = await signedInUser();
    expect((await errorOf(await call(user, "GET", "/user-domains?status=sleeping"), 400)).errors?.[0]!.path).toBe(
      "status",
    );
    expect((await errorOf(await call(user, "GET", "/user-domains?sort=price"), 400)).errors?.[0]!.path).toBe("sort");
    expect((await errorOf(await call(user, "GET", "/user-domains?page=0"), 400)).errors?.[0]!.path).toBe("page");
    expect((await errorOf(await call(user, "GET", "/user-domains?per_page=1000"), 400)).errors?.[0]!.path).toBe(
      "per_page",
    );
    expect((await errorOf(await call(user, "GET", "/user-domains?color=red"), 400)).errors?.[0]!.path).toBe("color");
    const empty = await data<DomainPage>(await call(user, "GET", "/user-domains"));
    expect(empty).toMatchObject({ total: 0, domains: [], page: 1, pages: 1 });
  });

  it("needs sign-in", async () => {
    expect((await errorOf(await call(null, "GET", "/user-domains"), 401)).code).toBe("unauthorized");
  });

  it("uses an index for every list query (EXPLAIN QUERY PLAN)", async () => {
    const { listSql } = await import("../../workers/api/db/user-domains");
    const { domainListQuerySchema } = await import("../../core/my-domains");
    for (const query of [
      {},
      { sort: "-expires" },
      { sort: "created", status: "expiring_soon" },
      { q: "abc", status: "redemption" },
    ]) {
      const parsed = domainListQuerySchema.parse(query);
      const { where, values, orderBy } = listSql("user-x", parsed, new Date());
      const { results } = await env.DB.prepare(
        `EXPLAIN QUERY PLAN SELECT d.* FROM user_domains d WHERE ${where} ORDER BY ${orderBy} LIMIT 20`,
      )
        .bind(...values)
        .all<{ detail: string }>();
      const plan = results.map((row) => row.detail).join(" | ");
      expect(plan, JSON.stringify(query)).toMatch(/USING (COVERING )?INDEX user_domains_user/);
      expect(plan).not.toMatch(/SCAN d(?! USING)/);
    }
  });
});

describe("GET /user-domains/{id}", () => {
  it("answers the domain by id or name with the registry's view; 404 for another user's", async () => {
    const user = await buyer();
    const [name] = await buy(user);
    const list = await data<DomainPage>(await call(user, "GET", "/user-domains"));
    const byId = await data<Detail>(await call(user, "GET", `/user-domains/${list.domains[0]!.id}`));
    const byName = await data<Detail>(await call(user, "GET", `/user-domains/${name.toUpperCase()}`));
    expect(byId).toEqual(byName);
    expect(byId.registry).toMatchObject({ status: "active", locked: true });
    expect(byId.transfer).toBeNull();

    const stranger = await signedInUser();
    expect((await errorOf(await call(stranger, "GET", `/user-domains/${list.domains[0]!.id}`), 404)).code).toBe(
      "domain_not_found",
    );
    expect((await errorOf(await call(stranger, "GET", `/user-domains/${name}`), 404)).code).toBe("domain_not_found");
    expect((await errorOf(await call(user, "GET", "/user-domains/not a domain"), 404)).code).toBe("domain_not_found");
  });
});

describe("domain lock", () => {
  it("needs the account password; unlocks and locks at the registry", async () => {
    const user = await buyer();
    const [name] = await buy(user);
    const wrong = await errorOf(
      await call(user, "PUT", `/domains/dns/${name}/domain-lock`, { locked: false, password: "nope-nope" }),
      403,
    );
    expect(wrong.code).toBe("invalid_password");
    expect((await data<Detail>(await call(user, "GET", `/user-domains/${name}`))).locked).toBe(true);

    const missing = await errorOf(await call(user, "PUT", `/domains/dns/${name}/domain-lock`, { locked: false }), 400);
    expect(missing.errors?.[0]!.path).toBe("password");
    const extra = await errorOf(
      await call(user, "PUT", `/domains/dns/${name}/domain-lock`, {
        locked: false,
        password: user.password,
        force: true,
      }),
      400,
    );
    expect(extra.errors?.[0]!.path).toBe("force");
    const notBool = await errorOf(
      await call(user, "PUT", `/domains/dns/${name}/domain-lock`, { locked: "no", password: user.password }),
      400,
    );
    expect(notBool.errors?.[0]!.path).toBe("locked");

    const unlocked = await call(user, "PUT", `/domains/dns/${name}/domain-lock`, {
      locked: false,
      password: user.password,
    });
    const body = await unlocked.json<{ data: UserDomainView; message: string }>();
    expect(unlocked.status).toBe(200);
    expect(body.message).toBe("Domain lock disabled successfully");
    expect(body.data.locked).toBe(false);
    const detail = await data<Detail>(await call(user, "GET", `/user-domains/${name}`));
    expect(detail.registry?.locked).toBe(false);

    const stranger = await signedInUser();
    expect(
      (
        await errorOf(
          await call(stranger, "PUT", `/domains/dns/${name}/domain-lock`, {
            locked: true,
            password: stranger.password,
          }),
          404,
        )
      ).code,
    ).toBe("domain_not_found");
    expect((await data<Detail>(await call(user, "GET", `/user-domains/${name}`))).locked).toBe(false);
  });
});

describe("auto-renewal and WHOIS privacy", () => {
  it("auto-renewal needs a saved payment method", async () => {
    const user = await buyer();
    const [name] = await buy(user);
    const { id } = await data<Detail>(await call(user, "GET", `/user-domains/${name}`));
    const refused = await errorOf(await call(user, "PUT", `/user-domains/${id}/auto-renew`, { auto_renew: true }), 409);
    expect(refused.code).toBe("payment_method_required");
    await saveCard(user);
    const on = await data<UserDomainView>(
      await call(user, "PUT", `/user-domains/${id}/auto-renew`, { auto_renew: true }),
    );
    expect(on.auto_renew).toBe(true);
    const off = await data<UserDomainView>(
      await call(user, "PUT", `/user-domains/${id}/auto-renew`, { auto_renew: false }),
    );
    expect(off.auto_renew).toBe(false);
    expect(
      (await errorOf(await call(user, "PUT", `/user-domains/${id}/auto-renew`, { auto_renew: 1 }), 400)).errors?.[0]!
        .path,
    ).toBe("auto_renew");
    const stranger = await signedInUser();
    expect(
      (await errorOf(await call(stranger, "PUT", `/user-domains/${id}/auto-renew`, { auto_renew: false }), 404)).code,
    ).toBe("domain_not_found");
  });

  it("WHOIS privacy and DNSSEC start on and can be turned off", async () => {
    const user = await buyer();
    const [name] = await buy(user);
    const off = await data<UserDomainView>(
      await call(user, "PUT", `/user-domains/${name}/whois-privacy`, { whois_privacy: false }),
    );
    expect(off).toMatchObject({ whois_privacy: false, dnssec: true });
    const dnssec = await data<UserDomainView>(
      await call(user, "PUT", `/user-domains/${name}/dnssec`, { dnssec: false }),
    );
    expect(dnssec).toMatchObject({ whois_privacy: false, dnssec: false });
    const stranger = await signedInUser();
    expect(
      (await errorOf(await call(stranger, "PUT", `/user-domains/${name}/whois-privacy`, { whois_privacy: true }), 404))
        .code,
    ).toBe("domain_not_found");
  });
});

describe("PUT /dns/domains/{domain}/nameservers", () => {
  it("replaces the nameservers at the registry; at least one valid host name", async () => {
    const user = await buyer();
    const [name] = await buy(user);
    const updated = await data<UserDomainView>(
      await call(user, "PUT", `/dns/domains/${name}/nameservers`, {
        nameservers: ["NS1.Example.net.", "ns2.example.net"],
      }),
    );
    expect(updated.nameservers).toEqual(["ns1.example.net", "ns2.example.net"]);
    const detail = await data<Detail>(await call(user, "GET", `/user-domains/${name}`));
    expect(detail.nameservers).toEqual(["ns1.example.net", "ns2.example.net"]);

    const none = await errorOf(await call(user, "PUT", `/dns/domains/${name}/nameservers`, { nameservers: [] }), 400);
    expect(none.errors?.[0]).toEqual({ path: "nameservers", message: "needs at least one nameserver" });
    const bad = await errorOf(
      await call(user, "PUT", `/dns/domains/${name}/nameservers`, { nameservers: ["ns1.example.net", "not a host"] }),
      400,
    );
    expect(bad.errors?.[0]!.path).toBe("nameservers.1");
    const twice = await errorOf(
      await call(user, "PUT", `/dns/domains/${name}/nameservers`, { nameservers: ["a.example.net", "A.example.net"] }),
      400,
    );
    expect(twice.errors?.[0]!.message).toBe("lists a nameserver twice");
    expect((await data<Detail>(await call(user, "GET", `/user-domains/${name}`))).nameservers).toEqual([
      "ns1.example.net",
      "ns2.example.net",
    ]);

    const stranger = await signedInUser();
    expect(
      (
        await errorOf(
          await call(stranger, "PUT", `/dns/domains/${name}/nameservers`, { nameservers: ["ns1.evil.net"] }),
          404,
        )
      ).code,
    ).toBe("domain_not_found");
  });
});

describe("transfer out: the auth code", () => {
  it("needs the password, an unlocked domain and 60 days since registration", async () => {
    const user = await buyer();
    const [name] = await buy(user);
    expect(
      (await errorOf(await call(user, "POST", `/dns/domains/${name}/auth-code`, { password: "wrong-one" }), 403)).code,
    ).toBe("invalid_password");
    expect(
      (await errorOf(await call(user, "POST", `/dns/domains/${name}/auth-code`, { password: user.password }), 409))
        .code,
    ).toBe("domain_locked");
    await data(await call(user, "PUT", `/domains/dns/${name}/domain-lock`, { locked: false, password: user.password }));
    const tooSoon = await errorOf(
      await call(user, "POST", `/dns/domains/${name}/auth-code`, { password: user.password }),
      409,
    );
    expect(tooSoon.code).toBe("transfer_too_soon");
    // 61 days later the code is given (the registry's ledger moved back, as time would).
    const past = new Date(Date.now() - 61 * 86_400_000).toISOString();
    await env.DB.prepare("UPDATE registry_domains SET created_at = ?1 WHERE name = ?2").bind(past, name).run();
    await env.DB.prepare("UPDATE user_domains SET registered_at = ?1 WHERE name = ?2").bind(past, name).run();
    const code = await data<{ auth_code: string }>(
      await call(user, "POST", `/dns/domains/${name}/auth-code`, { password: user.password }),
    );
    const stored = await env.DB.prepare("SELECT auth_code FROM registry_domains WHERE name = ?1")
      .bind(name)
      .first<string>("auth_code");
    expect(code.auth_code).toBe(stored);
    const stranger = await signedInUser();
    expect(
      (
        await errorOf(
          await call(stranger, "POST", `/dns/domains/${name}/auth-code`, { password: stranger.password }),
          404,
        )
      ).code,
    ).toBe("domain_not_found");
  });
});

describe("DELETE /dns/domains/{domain}", () => {
  it("needs the password; the domain goes into redemption (restore)", async () => {
    const user = await buyer();
    const [name] = await buy(user);
    expect(
      (await errorOf(await call(user, "DELETE", `/dns/domains/${name}`, { password: "wrong-one" }), 403)).code,
    ).toBe("invalid_password");
    const stranger = await signedInUser();
    expect(
      (await errorOf(await call(stranger, "DELETE", `/dns/domains/${name}`, { password: stranger.password }), 404))
        .code,
    ).toBe("domain_not_found");
    const deleted = await data<UserDomainView>(
      await call(user, "DELETE", `/dns/domains/${name}`, { password: user.password }),
    );
    expect(deleted).toMatchObject({ status: "redemption", action: "restore" });
    const detail = await data<Detail>(await call(user, "GET", `/user-domains/${name}`));
    expect(detail.registry?.status).toBe("redemption");
    const inRedemption = await data<DomainPage>(await call(user, "GET", "/user-domains?status=redemption"));
    expect(inRedemption.domains.map((d) => d.name)).toEqual([name]);
    // A deleted domain's settings are frozen.
    expect(
      (
        await errorOf(
          await call(user, "PUT", `/dns/domains/${name}/nameservers`, { nameservers: ["ns1.example.net"] }),
          409,
        )
      ).code,
    ).toBe("domain_not_manageable");
  });
});

describe("GET /domains/{domain}/transfer-status", () => {
  it("is public: 404 without a transfer, 400 for a non-name", async () => {
    expect((await errorOf(await call(null, "GET", `/domains/${freshLabel()}.com/transfer-status`), 404)).code).toBe(
      "transfer_not_found",
    );
    expect((await errorOf(await call(null, "GET", "/domains/nodot/transfer-status"), 400)).code).toBe("invalid_format");
  });
});

describe("transfer out", () => {
  it("another registrar asks with the auth code; the owner approves; the domain shows transferred out", async () => {
    const { createSimulatedRegistry } = await import("../../workers/api/adapters/registry/simulated");
    const user = await buyer();
    const [name] = await buy(user);
    const past = new Date(Date.now() - 61 * 86_400_000).toISOString();
    await env.DB.prepare("UPDATE registry_domains SET created_at = ?1 WHERE name = ?2").bind(past, name).run();
    await data(await call(user, "PUT", `/domains/dns/${name}/domain-lock`, { locked: false, password: user.password }));
    const { auth_code } = await data<{ auth_code: string }>(
      await call(user, "POST", `/dns/domains/${name}/auth-code`, { password: user.password }),
    );

    // Nothing to answer yet.
    expect((await errorOf(await call(user, "POST", `/dns/domains/${name}/transfer-out/approve`), 409)).code).toBe(
      "no_pending_transfer",
    );
    // The gaining registrar's request, through the simulated registry (it stands in for them).
    await createSimulatedRegistry(env.DB).requestTransferOut({
      name,
      authCode: auth_code,
      gainingRegistrar: "Porkbun LLC",
    });
    const pending = await data<Detail>(await call(user, "GET", `/user-domains/${name}`));
    expect(pending.status).toBe("transfer_out_pending");
    expect(pending.transfer).toMatchObject({ direction: "out", status: "pending" });
    const stranger = await signedInUser();
    expect((await errorOf(await call(stranger, "POST", `/dns/domains/${name}/transfer-out/approve`), 404)).code).toBe(
      "domain_not_found",
    );

    const approved = await data<{ status: string }>(
      await call(user, "POST", `/dns/domains/${name}/transfer-out/approve`),
    );
    expect(approved.status).toBe("approved");
    const gone = await data<DomainPage>(await call(user, "GET", "/user-domains?status=transferred_out"));
    expect(gone.domains.map((domain) => domain.name)).toEqual([name]);
  });
});

describe("POST /user-domains/{id}/renew", () => {
  it("adds a renewal to the owner's cart, years capped at 10 ahead; once", async () => {
    const user = await buyer();
    const [name] = await buy(user, undefined, 2);
    expect(
      (await errorOf(await call(user, "POST", `/user-domains/${name}/renew`, { years: 11 }), 400)).errors?.[0]!.path,
    ).toBe("years");
    // Two years are registered, so at most 8 more (10 ahead).
    const added = await data<{ operation: string; years: number; max_years: number }>(
      await call(user, "POST", `/user-domains/${name}/renew`, { years: 10 }),
      201,
    );
    expect(added).toMatchObject({ operation: "renewal", years: 8, max_years: 8 });
    const cart = await data<{ items: { name: string; selectedAction?: string; operation?: string; years: number }[] }>(
      await call(user, "GET", "/cart"),
    );
    expect(cart.items).toEqual([expect.objectContaining({ name, years: 8 })]);
    expect((await errorOf(await call(user, "POST", `/user-domains/${name}/renew`, { years: 1 }), 409)).code).toBe(
      "already_in_cart",
    );
    const stranger = await signedInUser();
    expect((await errorOf(await call(stranger, "POST", `/user-domains/${name}/renew`, { years: 1 }), 404)).code).toBe(
      "domain_not_found",
    );
  });
});

describe("GET /profile", () => {
  it("counts the account's domains", async () => {
    const user = await buyer();
    const [name] = await buy(user);
    const profile = await data<{
      total_domains: number;
      domains: string[];
      expiring_soon_count: number;
      expired_domains_count: number;
    }>(await call(user, "GET", "/profile"));
    expect(profile).toMatchObject({
      total_domains: 1,
      domains: [name],
      expiring_soon_count: 0,
      expired_domains_count: 0,
    });
  });
});

describe("the private expiry calendar", () => {
  it("serves the account's expiry dates as .ics at a secret link; a new link replaces the old", async () => {
    const user = await buyer();
    const [name] = await buy(user);
    const { expires_at } = await data<UserDomainView>(await call(user, "GET", `/user-domains/${name}`));
    const { path } = await data<{ path: string }>(await call(user, "POST", "/user-domains/calendar"), 201);
    expect(path).toMatch(/^\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const feed = await call(null, "GET", path.replace("/api/v1", ""));
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const ics = await feed.text();
    expect(ics).toContain(`SUMMARY:${name} expires`);
    expect(ics).toContain(`DTSTART;VALUE=DATE:${expires_at?.slice(0, 10).replace(/-/g, "")}`);
    const again = await data<{ path: string }>(await call(user, "POST", "/user-domains/calendar"), 201);
    expect((await errorOf(await call(null, "GET", path.replace("/api/v1", "")), 404)).code).toBe("calendar_not_found");
    expect((await call(null, "GET", again.path.replace("/api/v1", ""))).status).toBe(200);
    expect((await errorOf(await call(null, "GET", "/calendar/short.ics"), 400)).code).toBe("invalid_parameter");
    expect((await errorOf(await call(null, "POST", "/user-domains/calendar"), 401)).code).toBe("unauthorized");
  });
});
