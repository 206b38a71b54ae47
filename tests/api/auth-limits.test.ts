// Accounts API limits beyond sign-in (DESIGN §9): sign-ups per address, code mails per email
// address and per address, failed code checks per address. Each test uses fresh addresses
// (cf-connecting-ip) and fresh emails, so counters are never shared between tests.
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { createApiApp } from "../../workers/api/app";
import { defaultServices } from "../../workers/api/services";
import { api, flowTokenOf, freshClientIp, postJson, type ErrorBody, outbox, latestCode } from "./helpers";

// Sign-ups and sign-ins cost PBKDF2 checks at the production cap.
vi.setConfig({ testTimeout: 60_000 });

const PASSWORD = "Corr3ct-Horse!";

function freshName(prefix = "u"): string {
  return `${prefix}${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`;
}

const freshEmail = () => `${freshName("m")}@example.test`;

interface Registered {
  username: string;
  email: string;
  seedKey: string;
  flowToken: string;
}

function registerAt(ip: string, username = freshName()): Promise<Response> {
  return postJson("/auth/register", { username, email: `${username}@example.test`, password: PASSWORD }, ip);
}

async function register(ip = freshClientIp()): Promise<Registered> {
  const username = freshName();
  const response = await registerAt(ip, username);
  expect(response.status).toBe(201);
  const body = await response.json<{ data: { seed_key: string; flow_token: string } }>();
  return { username, email: `${username}@example.test`, seedKey: body.data.seed_key, flowToken: body.data.flow_token };
}

/** A 6-digit code other than `code`. */
const wrongCode = (code: string) => (code === "000000" ? "000001" : "000000");

/** Asserts a 429 `too_many_attempts` with a Retry-After in (0, maxSeconds]. */
async function expectLimited(response: Response, maxSeconds: number): Promise<number> {
  expect(response.status).toBe(429);
  const retryAfter = response.headers.get("retry-after");
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThan(0);
  expect(Number(retryAfter)).toBeLessThanOrEqual(maxSeconds);
  expect((await response.json<ErrorBody>()).code).toBe("too_many_attempts");
  return Number(retryAfter);
}

/** An app whose clock is `offsetMs` ahead. */
function appAt(offsetMs: number) {
  return createApiApp({
    services: (bindings) => ({ ...defaultServices(bindings), now: () => new Date(Date.now() + offsetMs) }),
  });
}

describe("POST /auth/register limit", () => {
  it("allows 5 accounts per address per hour, then answers 429 with Retry-After; another address is unaffected", async () => {
    const ip = freshClientIp();
    for (let index = 0; index < 5; index += 1) expect((await registerAt(ip)).status).toBe(201);
    const username = freshName();
    const retryAfter = await expectLimited(await registerAt(ip, username), 60 * 60);
    expect(retryAfter).toBeGreaterThan(15 * 60);
    // Nothing was created by the refused request.
    const available = await api(`/auth/username-available?username=${username}`);
    expect((await available.json<{ data: { available: boolean } }>()).data.available).toBe(true);
    expect(await outbox(`${username}@example.test`)).toHaveLength(0);

    expect((await registerAt(freshClientIp())).status).toBe(201);

    // After the hour the address passes the limit again (a taken name answers its own 409, so the
    // check writes nothing with the shifted clock).
    const taken = await register();
    const later = await appAt(61 * 60_000).request(
      "/api/v1/auth/register",
      {
        method: "POST",
        headers: { "content-type": "application/json", "cf-connecting-ip": ip },
        body: JSON.stringify({ username: taken.username, email: freshEmail(), password: PASSWORD }),
      },
      env,
    );
    expect(later.status).toBe(409);
  });

  it("does not count refused sign-ups (409) as accounts", async () => {
    const ip = freshClientIp();
    const taken = await register();
    for (let index = 0; index < 6; index += 1) {
      expect(
        (await postJson("/auth/register", { username: taken.username, email: freshEmail(), password: PASSWORD }, ip))
          .status,
      ).toBe(409);
    }
    expect((await registerAt(ip)).status).toBe(201);
  });
});

describe("code mail limits", () => {
  it("forgot-password: 3 per address and email per 15 minutes, the same for an unknown and a known email; another address unaffected", async () => {
    const user = await register();
    const unknown = freshEmail();
    for (const email of [user.email, unknown]) {
      const ip = freshClientIp();
      for (let index = 0; index < 3; index += 1) {
        expect((await postJson("/auth/forgot-password", { email }, ip)).status).toBe(200);
      }
      // The fourth from this address is refused, whether or not an account has the email.
      await expectLimited(await postJson("/auth/forgot-password", { email }, ip), 15 * 60);
      await expectLimited(await postJson("/auth/forgot-password", { email: email.toUpperCase() }, ip), 15 * 60);
      // Another address still gets its code (issue 18: a stranger cannot block the owner).
      expect((await postJson("/auth/forgot-password", { email }, freshClientIp())).status).toBe(200);
    }
    // Register's verification mail plus four reset mails: the refused requests sent nothing.
    expect(await outbox(user.email)).toHaveLength(5);
  });

  it("resend-verification: 3 per address and email per 15 minutes, then 429 with Retry-After; other emails unaffected", async () => {
    const ip = freshClientIp();
    const user = await register();
    const other = await register();
    for (let index = 0; index < 3; index += 1) {
      expect((await postJson("/auth/resend-verification", { email: user.email }, ip)).status).toBe(200);
    }
    await expectLimited(await postJson("/auth/resend-verification", { email: user.email }, ip), 15 * 60);
    expect(await outbox(user.email)).toHaveLength(4);
    expect((await postJson("/auth/resend-verification", { email: other.email }, ip)).status).toBe(200);
    expect(await outbox(other.email)).toHaveLength(2);
    // An unknown email is counted the same way.
    const unknown = freshEmail();
    for (let index = 0; index < 3; index += 1) {
      expect((await postJson("/auth/resend-verification", { email: unknown }, ip)).status).toBe(200);
    }
    await expectLimited(await postJson("/auth/resend-verification", { email: unknown }, ip), 15 * 60);
  });

  it("counts an address's code mails to one email together, across endpoints, and frees it after 15 minutes", async () => {
    const ip = freshClientIp();
    const user = await register();
    expect((await postJson("/auth/resend-verification", { email: user.email }, ip)).status).toBe(200);
    expect((await postJson("/auth/forgot-password", { email: user.email }, ip)).status).toBe(200);
    expect((await postJson("/auth/resend-verification", { email: user.email }, ip)).status).toBe(200);
    await expectLimited(await postJson("/auth/forgot-password", { email: user.email }, ip), 15 * 60);
    const later = await appAt(16 * 60_000).request(
      "/api/v1/auth/forgot-password",
      {
        method: "POST",
        headers: { "content-type": "application/json", "cf-connecting-ip": ip },
        body: JSON.stringify({ email: user.email }),
      },
      env,
    );
    expect(later.status).toBe(200);
  });

  it("POST /email/send-verification: 3 per address per 15 minutes, then 429 with Retry-After; another user unaffected", async () => {
    const ip = freshClientIp();
    const session = async (user: Registered) => {
      const response = await postJson("/auth/login", {
        username: user.username,
        password: PASSWORD,
        seed_key: user.seedKey,
        remember_me: false,
      });
      expect(response.status).toBe(200);
      return (await response.json<{ data: { token: string } }>()).data.token;
    };
    const send = (token: string) =>
      api("/email/send-verification", { method: "POST", headers: { authorization: `Bearer ${token}` }, clientIp: ip });
    const user = await register();
    const other = await register();
    const token = await session(user);
    for (let index = 0; index < 3; index += 1) expect((await send(token)).status).toBe(200);
    await expectLimited(await send(token), 15 * 60);
    expect(await outbox(user.email)).toHaveLength(4);
    expect((await send(await session(other))).status).toBe(200);
  });

  it("allows 20 code mails per address per hour, across emails; another address is unaffected", async () => {
    const ip = freshClientIp();
    for (let index = 0; index < 20; index += 1) {
      const path = index % 2 === 0 ? "/auth/forgot-password" : "/auth/resend-verification";
      expect((await postJson(path, { email: freshEmail() }, ip)).status).toBe(200);
    }
    const retryAfter = await expectLimited(
      await postJson("/auth/forgot-password", { email: freshEmail() }, ip),
      60 * 60,
    );
    expect(retryAfter).toBeGreaterThan(15 * 60);
    await expectLimited(await postJson("/auth/resend-verification", { email: freshEmail() }, ip), 60 * 60);
    expect((await postJson("/auth/forgot-password", { email: freshEmail() }, freshClientIp())).status).toBe(200);
  });
});

describe("code check limits", () => {
  it("verify-email: 10 failed checks per address per 15 minutes, then 429 even for the right code; another address is unaffected", async () => {
    const ip = freshClientIp();
    const user = await register();
    const code = await latestCode(user.email);
    // Failures against other emails (unknown or not) count for the address.
    for (let index = 0; index < 10; index += 1) {
      expect((await postJson("/auth/verify-email", { email: freshEmail(), code: wrongCode(code) }, ip)).status).toBe(
        400,
      );
    }
    await expectLimited(
      await postJson("/auth/verify-email", { email: user.email, code, flow_token: user.flowToken }, ip),
      15 * 60,
    );
    expect(
      (await postJson("/auth/verify-email", { email: user.email, code, flow_token: user.flowToken }, freshClientIp()))
        .status,
    ).toBe(200);
  });

  it("reset-password shares the counter: 10 failures across both checks, then 429; another address resets", async () => {
    const ip = freshClientIp();
    const user = await register();
    const forgot = await postJson("/auth/forgot-password", { email: user.email });
    expect(forgot.status).toBe(200);
    const flow_token = await flowTokenOf(forgot);
    const code = await latestCode(user.email);
    for (let index = 0; index < 5; index += 1) {
      expect(
        (await postJson("/auth/verify-email", { email: freshEmail(), code: "123456", flow_token }, ip)).status,
      ).toBe(400);
      expect(
        (
          await postJson(
            "/auth/reset-password",
            { email: freshEmail(), code: "123456", password: "An0ther-Pass!", flow_token },
            ip,
          )
        ).status,
      ).toBe(400);
    }
    await expectLimited(
      await postJson("/auth/reset-password", { email: user.email, code, password: "An0ther-Pass!", flow_token }, ip),
      15 * 60,
    );
    // The refused request did not spend the code or change the password.
    expect(
      (
        await postJson(
          "/auth/reset-password",
          { email: user.email, code, password: "An0ther-Pass!", flow_token },
          freshClientIp(),
        )
      ).status,
    ).toBe(200);
    const login = await postJson("/auth/login", {
      username: user.username,
      password: "An0ther-Pass!",
      seed_key: user.seedKey,
      remember_me: false,
    });
    expect(login.status).toBe(200);
  });

  it("a successful check does not count, and the per-code limit of 5 wrong tries stays", async () => {
    const ip = freshClientIp();
    const user = await register();
    const code = await latestCode(user.email);
    const flow_token = user.flowToken;
    for (let index = 0; index < 5; index += 1) {
      expect(
        (await postJson("/auth/verify-email", { email: user.email, code: wrongCode(code), flow_token }, ip)).status,
      ).toBe(400);
    }
    // The code is dead after 5 wrong tries in its flow (a 400, not yet the address limit).
    expect((await postJson("/auth/verify-email", { email: user.email, code, flow_token }, ip)).status).toBe(400);
    // Six failures so far: a fresh code still verifies from this address.
    const resent = await postJson("/auth/resend-verification", { email: user.email }, freshClientIp());
    expect(resent.status).toBe(200);
    const fresh = { email: user.email, code: await latestCode(user.email), flow_token: await flowTokenOf(resent) };
    expect((await postJson("/auth/verify-email", fresh, ip)).status).toBe(200);
    // Four more failures reach the limit of 10.
    for (let index = 0; index < 4; index += 1) {
      expect((await postJson("/auth/verify-email", { email: freshEmail(), code: "123456" }, ip)).status).toBe(400);
    }
    await expectLimited(await postJson("/auth/verify-email", { email: freshEmail(), code: "123456" }, ip), 15 * 60);
  });
});
