// Issue 18 point 3: a stranger can neither keep the owner from a code nor burn the owner's code.
// Codes are bound to the flow that asked for them (data.flow_token), every mail carries a
// one-click link wrong codes never burn, and code mails are limited per requesting address with a
// per-recipient cap that the owner's remembered browser (data.browser_token) or session skips.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { createApiApp } from "../../workers/api/app";
import { defaultServices } from "../../workers/api/services";
import {
  api,
  flowTokenOf,
  freshClientIp,
  latestCode,
  latestLinkToken,
  outbox,
  postJson,
  type ErrorBody,
} from "./helpers";

vi.setConfig({ testTimeout: 60_000 });

const PASSWORD = "Corr3ct-Horse!";
const NEW_PASSWORD = "N3w-Passw0rd!";
const RECIPIENT_CAP = 10;

const freshName = (prefix = "u") => `${prefix}${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`;
const wrongCode = (code: string) => (code === "000000" ? "000001" : "000000");

interface Owner {
  username: string;
  email: string;
  seedKey: string;
  /** The flow of the registration's verification mail. */
  flowToken: string;
}

async function register(): Promise<Owner> {
  const username = freshName();
  const email = `${username}@example.test`;
  const response = await postJson("/auth/register", { username, email, password: PASSWORD });
  expect(response.status).toBe(201);
  const { data } = await response.json<{ data: { seed_key: string; flow_token: string } }>();
  return { username, email, seedKey: data.seed_key, flowToken: data.flow_token };
}

function login(owner: Owner, password: string): Promise<Response> {
  return postJson("/auth/login", { username: owner.username, password, seed_key: owner.seedKey, remember_me: false });
}

async function expect429(response: Response, maxSeconds: number): Promise<void> {
  expect(response.status).toBe(429);
  expect((await response.json<ErrorBody>()).code).toBe("too_many_attempts");
  const retryAfter = Number(response.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
}

/** `count` requests for `email` from `count` different addresses (a stranger with a botnet). */
async function strangerRequests(path: string, email: string, count: number): Promise<void> {
  for (let index = 0; index < count; index += 1)
    expect((await postJson(path, { email }, freshClientIp())).status).toBe(200);
}

/** Completes a reset by code and answers the browser token the API hands back. */
async function resetByCode(owner: Owner, password: string): Promise<string> {
  const flow_token = await flowTokenOf(await postJson("/auth/forgot-password", { email: owner.email }));
  const response = await postJson("/auth/reset-password", {
    email: owner.email,
    code: await latestCode(owner.email),
    password,
    flow_token,
  });
  expect(response.status).toBe(200);
  return (await response.json<{ data: { browser_token: string } }>()).data.browser_token;
}

describe("password reset flows", () => {
  it("a stranger's forgot-password calls from several addresses leave the owner's request answered 200 with a mail", async () => {
    const owner = await register();
    await strangerRequests("/auth/forgot-password", owner.email, 3);
    const before = (await outbox(owner.email)).length;
    const response = await postJson("/auth/forgot-password", { email: owner.email }, freshClientIp());
    expect(response.status).toBe(200);
    const flow_token = await flowTokenOf(response);
    expect(await outbox(owner.email)).toHaveLength(before + 1);
    // And the owner's code works in the owner's flow.
    const code = await latestCode(owner.email);
    expect(
      (await postJson("/auth/reset-password", { email: owner.email, code, password: NEW_PASSWORD, flow_token })).status,
    ).toBe(200);
    expect((await login(owner, NEW_PASSWORD)).status).toBe(200);
  });

  it("a stranger's wrong codes, without a flow token or with their own flow, leave the owner's code working", async () => {
    const owner = await register();
    const ownerFlow = await flowTokenOf(await postJson("/auth/forgot-password", { email: owner.email }));
    const code = await latestCode(owner.email);
    // The stranger asks for their own reset of the owner's address: their own flow.
    const strangerFlow = await flowTokenOf(await postJson("/auth/forgot-password", { email: owner.email }));
    for (let index = 0; index < 5; index += 1) {
      const noFlow = await postJson("/auth/reset-password", {
        email: owner.email,
        code: wrongCode(code),
        password: NEW_PASSWORD,
        flow_token: undefined,
      });
      expect(noFlow.status).toBe(400);
      const own = await postJson("/auth/reset-password", {
        email: owner.email,
        code: wrongCode(code),
        password: NEW_PASSWORD,
        flow_token: strangerFlow,
      });
      expect(own.status).toBe(400);
      expect((await own.json<ErrorBody>()).code).toBe("code_invalid");
    }
    // The stranger's flow is dead now, even with the owner's code; the owner's is not.
    expect(
      (
        await postJson("/auth/reset-password", {
          email: owner.email,
          code,
          password: NEW_PASSWORD,
          flow_token: strangerFlow,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await postJson("/auth/reset-password", {
          email: owner.email,
          code,
          password: NEW_PASSWORD,
          flow_token: ownerFlow,
        })
      ).status,
    ).toBe(200);
    expect((await login(owner, NEW_PASSWORD)).status).toBe(200);
  });

  it("a stranger's new requests do not replace the owner's waiting code (the newest 5 wait)", async () => {
    const owner = await register();
    const ownerFlow = await flowTokenOf(await postJson("/auth/forgot-password", { email: owner.email }));
    const code = await latestCode(owner.email);
    await strangerRequests("/auth/forgot-password", owner.email, 4);
    expect(
      (
        await postJson("/auth/reset-password", {
          email: owner.email,
          code,
          password: NEW_PASSWORD,
          flow_token: ownerFlow,
        })
      ).status,
    ).toBe(200);
  });

  it("the one-click link sets a new password after the flow's code died of wrong tries, from a fresh client, once", async () => {
    const owner = await register();
    const ownerFlow = await flowTokenOf(await postJson("/auth/forgot-password", { email: owner.email }));
    const code = await latestCode(owner.email);
    const [mail] = await outbox(owner.email);
    expect(mail!.text).toContain("https://shop.test/forgot?step=link&token=");
    const token = await latestLinkToken(owner.email);
    for (let index = 0; index < 5; index += 1) {
      expect(
        (
          await postJson("/auth/reset-password", {
            email: owner.email,
            code: wrongCode(code),
            password: NEW_PASSWORD,
            flow_token: ownerFlow,
          })
        ).status,
      ).toBe(400);
    }
    expect(
      (
        await postJson("/auth/reset-password", {
          email: owner.email,
          code,
          password: NEW_PASSWORD,
          flow_token: ownerFlow,
        })
      ).status,
    ).toBe(400);
    const weak = await postJson("/auth/reset-password-link", { token, password: "weak" });
    expect(weak.status).toBe(400);
    const response = await postJson("/auth/reset-password-link", { token, password: NEW_PASSWORD }, freshClientIp());
    expect(response.status).toBe(200);
    const { data } = await response.json<{ data: { email: string; browser_token: string } }>();
    expect(data.email).toBe(owner.email);
    expect(data.browser_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await login(owner, PASSWORD)).status).toBe(401);
    expect((await login(owner, NEW_PASSWORD)).status).toBe(200);
    const again = await postJson("/auth/reset-password-link", { token, password: "An0ther-Pass!" });
    expect(again.status).toBe(400);
    expect((await again.json<ErrorBody>()).code).toBe("link_invalid");
  });

  it("a link expires with its flow (15 minutes), and an unknown or malformed token is a 400", async () => {
    const owner = await register();
    await postJson("/auth/forgot-password", { email: owner.email });
    const token = await latestLinkToken(owner.email);
    const later = createApiApp({
      services: (bindings) => ({ ...defaultServices(bindings), now: () => new Date(Date.now() + 16 * 60_000) }),
    });
    const expired = await later.request(
      "/api/v1/auth/reset-password-link",
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ token, password: NEW_PASSWORD }),
      },
      env,
    );
    expect(expired.status).toBe(400);
    expect((await expired.json<ErrorBody>()).code).toBe("link_invalid");
    // A verification link is not a reset link.
    expect((await postJson("/auth/verify-email-link", { token })).status).toBe(400);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 80 }), fc.constant(token.slice(1)), fc.integer(), fc.constant(null)),
        async (bad) => {
          for (const path of ["/auth/reset-password-link", "/auth/verify-email-link"]) {
            const response = await postJson(path, { token: bad, password: NEW_PASSWORD });
            expect(response.status).toBe(400);
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it("the Turkish mail carries the code and the link too (the account's language, not the asking browser's)", async () => {
    const username = freshName();
    const email = `${username}@example.test`;
    const registered = await api("/auth/register", {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": "tr" },
      body: JSON.stringify({ username, email, password: PASSWORD }),
    });
    expect(registered.status).toBe(201);
    const owner = { email };
    await api("/auth/forgot-password", {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": "en-US" },
      body: JSON.stringify({ email: owner.email }),
    });
    const [mail] = await outbox(owner.email);
    expect(mail!.subject).toBe("Parolanızı sıfırlayın");
    expect(mail!.text).toMatch(/\b\d{6}\b/);
    expect(mail!.text).toContain("/forgot?step=link&token=");
  });
});

describe("code mail limits per address and per recipient", () => {
  it("one address: 3 per recipient per 15 minutes, then 429 with Retry-After", async () => {
    const owner = await register();
    const ip = freshClientIp();
    for (let index = 0; index < 3; index += 1)
      expect((await postJson("/auth/forgot-password", { email: owner.email }, ip)).status).toBe(200);
    await expect429(await postJson("/auth/forgot-password", { email: owner.email }, ip), 15 * 60);
  });

  it("the per-recipient cap stops strangers (known or unknown email alike) but not the owner's remembered browser", async () => {
    const owner = await register();
    const browserToken = await resetByCode(owner, NEW_PASSWORD);
    const unknown = `${freshName("m")}@example.test`;
    // The owner's own reset request above (before the browser was remembered) counted once.
    for (const [email, count] of [
      [owner.email, RECIPIENT_CAP - 1],
      [unknown, RECIPIENT_CAP],
    ] as const) {
      await strangerRequests("/auth/forgot-password", email, count);
      await expect429(await postJson("/auth/forgot-password", { email }, freshClientIp()), 60 * 60);
    }
    // A forged or another account's token does not help.
    await expect429(
      await postJson("/auth/forgot-password", {
        email: owner.email,
        browser_token: browserToken.replace(/^./, (c) => (c === "A" ? "B" : "A")),
      }),
      60 * 60,
    );
    const other = await register();
    const otherToken = await resetByCode(other, NEW_PASSWORD);
    await expect429(
      await postJson("/auth/forgot-password", { email: owner.email, browser_token: otherToken }),
      60 * 60,
    );
    // The owner's browser gets its code.
    const before = (await outbox(owner.email)).length;
    const response = await postJson(
      "/auth/forgot-password",
      { email: owner.email, browser_token: browserToken },
      freshClientIp(),
    );
    expect(response.status).toBe(200);
    expect(await outbox(owner.email)).toHaveLength(before + 1);
    const flow_token = await flowTokenOf(response);
    const reset = await postJson("/auth/reset-password", {
      email: owner.email,
      code: await latestCode(owner.email),
      password: "Th1rd-Passw0rd!",
      flow_token,
    });
    expect(reset.status).toBe(200);
    // Still counted per address.
    const ip = freshClientIp();
    for (let index = 0; index < 3; index += 1) {
      expect(
        (await postJson("/auth/forgot-password", { email: owner.email, browser_token: browserToken }, ip)).status,
      ).toBe(200);
    }
    await expect429(
      await postJson("/auth/forgot-password", { email: owner.email, browser_token: browserToken }, ip),
      15 * 60,
    );
  });
});

describe("email verification flows", () => {
  it("a stranger's wrong codes (no flow token, or their own flow) leave the owner's code working", async () => {
    const owner = await register();
    const code = await latestCode(owner.email);
    const strangerFlow = await flowTokenOf(await postJson("/auth/resend-verification", { email: owner.email }));
    for (let index = 0; index < 5; index += 1) {
      expect((await postJson("/auth/verify-email", { email: owner.email, code: wrongCode(code) })).status).toBe(400);
      expect(
        (await postJson("/auth/verify-email", { email: owner.email, code: wrongCode(code), flow_token: strangerFlow }))
          .status,
      ).toBe(400);
    }
    // Without the flow, even the right code opens nothing.
    expect((await postJson("/auth/verify-email", { email: owner.email, code })).status).toBe(400);
    const ok = await postJson("/auth/verify-email", { email: owner.email, code, flow_token: owner.flowToken });
    expect(ok.status).toBe(200);
    expect((await ok.json<{ data: { email_verified: boolean; browser_token: string } }>()).data).toMatchObject({
      email_verified: true,
    });
    expect(
      (await (await login(owner, PASSWORD)).json<{ data: { user: { email_verified: boolean } } }>()).data.user
        .email_verified,
    ).toBe(true);
  });

  it("the one-click link verifies after wrong codes killed the flow, with no flow token, once", async () => {
    const owner = await register();
    const code = await latestCode(owner.email);
    const [mail] = await outbox(owner.email);
    expect(mail!.text).toContain("https://shop.test/verify-email/confirm?token=");
    const token = await latestLinkToken(owner.email);
    for (let index = 0; index < 5; index += 1) {
      expect(
        (
          await postJson("/auth/verify-email", {
            email: owner.email,
            code: wrongCode(code),
            flow_token: owner.flowToken,
          })
        ).status,
      ).toBe(400);
    }
    const response = await postJson("/auth/verify-email-link", { token }, freshClientIp());
    expect(response.status).toBe(200);
    expect((await response.json<{ data: Record<string, unknown> }>()).data).toMatchObject({
      email_verified: true,
      email: owner.email,
    });
    expect(
      (await (await login(owner, PASSWORD)).json<{ data: { user: { email_verified: boolean } } }>()).data.user
        .email_verified,
    ).toBe(true);
    expect((await postJson("/auth/verify-email-link", { token })).status).toBe(400);
  });

  it("the account's own signed-in session may try its codes without a flow token", async () => {
    const owner = await register();
    const session = (await (await login(owner, PASSWORD)).json<{ data: { token: string } }>()).data.token;
    const verify = (code: string) =>
      api("/auth/verify-email", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${session}` },
        body: JSON.stringify({ email: owner.email, code }),
      });
    const code = await latestCode(owner.email);
    expect((await verify(wrongCode(code))).status).toBe(400);
    expect((await verify(code)).status).toBe(200);
  });

  it("resend-verification: strangers fill the per-recipient cap, the owner's session still gets a code", async () => {
    const owner = await register();
    await strangerRequests("/auth/resend-verification", owner.email, RECIPIENT_CAP);
    await expect429(await postJson("/auth/resend-verification", { email: owner.email }, freshClientIp()), 60 * 60);
    const session = (await (await login(owner, PASSWORD)).json<{ data: { token: string } }>()).data.token;
    const before = (await outbox(owner.email)).length;
    const resend = await api("/auth/resend-verification", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${session}` },
      body: JSON.stringify({ email: owner.email }),
    });
    expect(resend.status).toBe(200);
    const sent = await api("/email/send-verification", {
      method: "POST",
      headers: { authorization: `Bearer ${session}` },
    });
    expect(sent.status).toBe(200);
    expect(await outbox(owner.email)).toHaveLength(before + 2);
    // The stranger's own request (their flow) did not replace the owner's newest code.
    const flow_token = await flowTokenOf(sent);
    expect(
      (await postJson("/auth/verify-email", { email: owner.email, code: await latestCode(owner.email), flow_token }))
        .status,
    ).toBe(200);
  });
});
