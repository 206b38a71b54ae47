// Content area API (issue 10): release-email sign-up → confirmation mail → confirm → unsubscribe
// by the link's token; the support centre's tickets, replies, closing, ownership, mails and the
// staff reply endpoint. Every test makes its own addresses and users.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { createApiApp } from "../../workers/api/app";
import { api, outbox, postJson, signedInUser, type ErrorBody, type SignedInUser } from "./helpers";

vi.setConfig({ testTimeout: 60_000 });

const freshEmail = () => `r${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}@example.test`;

function tokenFrom(text: string, path: string): string {
  const match = new RegExp(`${path}\\?token=([A-Za-z0-9_-]{43})`, "u").exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in: ${text}`);
  return match[1];
}

describe("release emails", () => {
  it("signs up, mails a confirmation link with an unsubscribe link, confirms and unsubscribes", async () => {
    const email = freshEmail();
    const response = await postJson("/updates/subscribe", { email: `  ${email.toUpperCase()} `, locale: "en" });
    expect(response.status).toBe(202);
    const [mail] = await outbox(email);
    expect(mail!.subject).toBe("Confirm your Trinity release emails");
    expect(mail!.text).toContain("https://shop.test/download/confirm?token=");
    const token = tokenFrom(mail!.text, "/download/confirm");
    expect(tokenFrom(mail!.text, "/download/unsubscribe")).toBe(token);

    const before = await api(`/updates/subscription?token=${token}`);
    expect((await before.json<{ data: { email: string; status: string } }>()).data).toEqual({
      email,
      status: "pending",
    });

    const confirmed = await postJson("/updates/confirm", { token });
    expect(confirmed.status).toBe(200);
    expect((await confirmed.json<{ data: { status: string } }>()).data.status).toBe("confirmed");

    const unsubscribed = await postJson("/updates/unsubscribe", { token });
    expect(unsubscribed.status).toBe(200);
    const after = await api(`/updates/subscription?token=${token}`);
    expect((await after.json<{ data: { status: string } }>()).data.status).toBe("unsubscribed");
    // An unsubscribed link no longer confirms.
    expect((await postJson("/updates/confirm", { token })).status).toBe(404);
  });

  it("writes in Turkish and links to the Turkish pages for a Turkish sign-up", async () => {
    const email = freshEmail();
    expect((await postJson("/updates/subscribe", { email, locale: "tr" })).status).toBe(202);
    const [mail] = await outbox(email);
    expect(mail!.subject).toBe("Trinity sürüm e-postalarını onaylayın");
    expect(mail!.text).toMatch(/\/download\/confirm\?token=[A-Za-z0-9_-]{43}&lang=tr/u);
  });

  it("answers the same for a confirmed address and sends it nothing more", async () => {
    const email = freshEmail();
    await postJson("/updates/subscribe", { email });
    const token = tokenFrom((await outbox(email))[0]!.text, "/download/confirm");
    await postJson("/updates/confirm", { token });
    const again = await postJson("/updates/subscribe", { email });
    expect(again.status).toBe(202);
    expect(await outbox(email)).toHaveLength(1);
  });

  it("refuses bad input with 400 and unknown tokens with 404", async () => {
    const bad = await postJson("/updates/subscribe", { email: "not-an-email" });
    expect(bad.status).toBe(400);
    expect((await bad.json<ErrorBody>()).code).toBe("invalid_parameter");
    expect((await postJson("/updates/subscribe", { email: freshEmail(), extra: 1 })).status).toBe(400);
    expect((await postJson("/updates/subscribe", { email: freshEmail(), locale: "de" })).status).toBe(400);
    expect((await postJson("/updates/confirm", { token: "short" })).status).toBe(400);
    const unknown = await postJson("/updates/confirm", { token: "A".repeat(43) });
    expect(unknown.status).toBe(404);
    expect((await unknown.json<ErrorBody>()).code).toBe("invalid_link");
    expect((await api(`/updates/subscription?token=${"B".repeat(43)}`)).status).toBe(404);
    expect((await postJson("/updates/unsubscribe", { token: "C".repeat(43) })).status).toBe(404);
  });

  it("limits sign-ups per address to 3 an hour", async () => {
    const email = freshEmail();
    for (let index = 0; index < 3; index += 1)
      expect((await postJson("/updates/subscribe", { email })).status).toBe(202);
    const limited = await postJson("/updates/subscribe", { email });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

function call(user: SignedInUser | null, method: string, path: string, body?: unknown): Promise<Response> {
  const headers = new Headers();
  if (user) headers.set("authorization", `Bearer ${user.token}`);
  if (body !== undefined) headers.set("content-type", "application/json");
  return api(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

const TICKET = {
  subject: "DNS not resolving",
  details: "My A record for www does not resolve since this morning.",
  priority: "high",
  category: "domains",
};

interface Ticket {
  id: string;
  subject: string;
  status: string;
  priority: string;
  category: string;
}

describe("support tickets", () => {
  it("creates a ticket, mails a receipt with the 24 to 48 hour response time, lists and shows it", async () => {
    const user = await signedInUser();
    const created = await call(user, "POST", "/support/tickets", TICKET);
    expect(created.status).toBe(201);
    const ticket = (await created.json<{ data: Ticket }>()).data;
    expect(ticket).toMatchObject({ subject: TICKET.subject, priority: "high", category: "domains", status: "open" });
    expect(ticket).not.toHaveProperty("user_id");

    const [receipt] = await outbox(user.email);
    expect(receipt!.subject).toBe(`We received your support ticket: ${TICKET.subject}`);
    expect(receipt!.text).toContain("within 24 to 48 hours");
    expect(receipt!.text).toContain(`https://shop.test/dashboard/support/${ticket.id}`);

    const list = await (
      await call(user, "GET", "/support/tickets")
    ).json<{ data: { tickets: Ticket[]; response_hours: { min: number; max: number } } }>();
    expect(list.data.tickets.map((entry) => entry.id)).toEqual([ticket.id]);
    expect(list.data.response_hours).toEqual({ min: 24, max: 48 });

    const shown = await (
      await call(user, "GET", `/support/tickets/${ticket.id}`)
    ).json<{ data: { ticket: Ticket; messages: { author: string; body: string }[] } }>();
    expect(shown.data.messages).toEqual([expect.objectContaining({ author: "customer", body: TICKET.details })]);
  });

  it("replies, closes, and a reply reopens the ticket", async () => {
    const user = await signedInUser();
    const ticket = (await (await call(user, "POST", "/support/tickets", TICKET)).json<{ data: Ticket }>()).data;
    const closed = await call(user, "POST", `/support/tickets/${ticket.id}/close`);
    expect((await closed.json<{ data: Ticket }>()).data.status).toBe("closed");
    expect((await call(user, "POST", `/support/tickets/${ticket.id}/replies`, { body: "Still broken." })).status).toBe(
      201,
    );
    const shown = await (
      await call(user, "GET", `/support/tickets/${ticket.id}`)
    ).json<{ data: { ticket: Ticket; messages: { body: string }[] } }>();
    expect(shown.data.ticket.status).toBe("open");
    expect(shown.data.messages.map((message) => message.body)).toEqual([TICKET.details, "Still broken."]);
  });

  it("validates every field with 400 and needs a token (401)", async () => {
    const user = await signedInUser();
    for (const body of [
      { ...TICKET, subject: "ab" },
      { ...TICKET, details: "short" },
      { ...TICKET, priority: "critical" },
      { ...TICKET, category: "nope" },
      { subject: TICKET.subject },
    ]) {
      const response = await call(user, "POST", "/support/tickets", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call(user, "POST", "/support/tickets/not-a-uuid/replies", { body: "x" })).status).toBe(400);
    expect((await call(null, "GET", "/support/tickets")).status).toBe(401);
    expect((await call(null, "POST", "/support/tickets", TICKET)).status).toBe(401);
  });

  it("hides another user's ticket (404)", async () => {
    const owner = await signedInUser();
    const other = await signedInUser();
    const ticket = (await (await call(owner, "POST", "/support/tickets", TICKET)).json<{ data: Ticket }>()).data;
    expect((await call(other, "GET", `/support/tickets/${ticket.id}`)).status).toBe(404);
    expect((await call(other, "POST", `/support/tickets/${ticket.id}/replies`, { body: "mine?" })).status).toBe(404);
    expect((await call(other, "POST", `/support/tickets/${ticket.id}/close`)).status).toBe(404);
    expect(
      (await (await call(other, "GET", "/support/tickets")).json<{ data: { tickets: Ticket[] } }>()).data.tickets,
    ).toEqual([]);
  });

  it("support answers with the staff token: the ticket is answered and the customer gets a mail", async () => {
    const user = await signedInUser();
    const ticket = (await (await call(user, "POST", "/support/tickets", TICKET)).json<{ data: Ticket }>()).data;
    const app = createApiApp();
    const staff = async (token: string | null) => {
      const ctx = createExecutionContext();
      const response = await app.fetch(
        new Request(`https://shop.test/api/v1/support/staff/tickets/${ticket.id}/replies`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "cf-connecting-ip": "203.0.113.9",
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify({ body: "Fixed: the record had a typo." }),
        }),
        { ...env, SUPPORT_API_TOKEN: "staff-secret" },
        ctx,
      );
      await waitOnExecutionContext(ctx);
      return response;
    };
    expect((await staff(null)).status).toBe(401);
    expect((await staff("wrong")).status).toBe(401);
    expect((await staff("staff-secret")).status).toBe(201);
    const shown = await (
      await call(user, "GET", `/support/tickets/${ticket.id}`)
    ).json<{ data: { ticket: Ticket; messages: { author: string }[] } }>();
    expect(shown.data.ticket.status).toBe("answered");
    expect(shown.data.messages.map((message) => message.author)).toEqual(["customer", "support"]);
    expect((await outbox(user.email))[0]!.subject).toBe(`New reply to your ticket: ${TICKET.subject}`);
    // Without the secret configured the endpoint does not exist.
    expect(
      (
        await api(`/support/staff/tickets/${ticket.id}/replies`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ body: "x" }),
        })
      ).status,
    ).toBe(404);
  });
});

describe("illuminate (account health report)", () => {
  async function holdDomain(
    user: SignedInUser,
    label: string,
    facts: { expiresInDays: number; locked?: boolean; autoRenew?: boolean; dnssec?: boolean },
  ) {
    const name = `${label}-${crypto.randomUUID().slice(0, 8)}.com`;
    const now = new Date().toISOString();
    await env.DB.prepare(
      `INSERT INTO user_domains (id, user_id, name, unicode, tld, status, registered_at, expires_at, locked, auto_renew, whois_privacy, dnssec, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?3, 'com', 'active', ?4, ?5, ?6, ?7, 1, ?8, ?4, ?4)`,
    )
      .bind(
        crypto.randomUUID(),
        user.id,
        name,
        now,
        new Date(Date.now() + facts.expiresInDays * 86_400_000).toISOString(),
        facts.locked === false ? 0 : 1,
        facts.autoRenew ? 1 : 0,
        facts.dnssec === false ? 0 : 1,
      )
      .run();
    return name;
  }

  it("reports what needs attention across the user's domains, most urgent first", async () => {
    const user = await signedInUser();
    const soon = await holdDomain(user, "soon", { expiresInDays: 10, autoRenew: true });
    const open = await holdDomain(user, "open", { expiresInDays: 300, autoRenew: true, locked: false, dnssec: false });
    const other = await signedInUser();
    await holdDomain(other, "theirs", { expiresInDays: 1 });

    const response = await call(user, "GET", "/account/illuminate");
    expect(response.status).toBe(200);
    const { data } = await response.json<{
      data: {
        domains: number;
        has_payment_method: boolean;
        findings: { kind: string; domain: string; severity: string }[];
      };
    }>();
    expect(data.domains).toBe(2);
    expect(data.has_payment_method).toBe(false);
    expect(data.findings.map((finding) => `${finding.severity} ${finding.kind} ${finding.domain}`)).toEqual([
      `critical auto_renew_without_card ${open}`,
      `critical auto_renew_without_card ${soon}`,
      `warning expiring_soon ${soon}`,
      `warning unlocked ${open}`,
      `warning dnssec_off ${open}`,
    ]);
  });

  it("is empty for an account without domains and needs a token", async () => {
    const user = await signedInUser();
    const { data } = await (
      await call(user, "GET", "/account/illuminate")
    ).json<{ data: { domains: number; findings: unknown[] } }>();
    expect(data).toMatchObject({ domains: 0, findings: [] });
    expect((await call(null, "GET", "/account/illuminate")).status).toBe(401);
  });
});
