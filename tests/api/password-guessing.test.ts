// Issue 18, points 1, 2 and 5: a signed-in session (or a stolen token) is not a password oracle —
// every confirmation of the account password shares one limit per account —, a two-factor
// challenge dies after 5 wrong codes, and the login history shows a short device name, never a
// stranger's raw User-Agent. Every test makes its own accounts and addresses.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { DELETE_ACCOUNT_PHRASE } from "../../core/auth/schemas";
import { generateRecoveryCodes, totpCode } from "../../core/auth/totp";
import { createApiApp } from "../../workers/api/app";
import { defaultServices } from "../../workers/api/services";
import {
  api,
  freshClientIp,
  outbox,
  postJson,
  seedSampleCatalogue,
  signedInUser,
  type ErrorBody,
  type SignedInUser,
} from "./helpers";
import { buy, buyer, call, data } from "./my-domains-support";

// Sign-ups, sign-ins and every password check cost PBKDF2 at the production cap.
vi.setConfig({ testTimeout: 120_000 });

const WRONG = "Wrong-Passw0rd!";

beforeAll(async () => {
  await seedSampleCatalogue();
}, 60_000);
const WINDOW_SECONDS = 15 * 60;

async function expectLimited(response: Response): Promise<void> {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
  expect((await response.json<ErrorBody>()).code).toBe("too_many_attempts");
}

async function expectWrong(response: Response): Promise<void> {
  expect(response.status).toBe(403);
  expect((await response.json<ErrorBody>()).code).toBe("invalid_password");
}

/** Calls as `user` through an app whose clock is `offsetMs` ahead (signing in there first: the old token has expired). */
async function callAt(
  offsetMs: number,
  user: SignedInUser,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  const app = createApiApp({
    services: (bindings) => ({ ...defaultServices(bindings), now: () => new Date(Date.now() + offsetMs) }),
  });
  const send = (route: string, verb: string, payload: unknown, token?: string) =>
    app.request(
      `/api/v1${route}`,
      {
        method: verb,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          "content-type": "application/json",
          "cf-connecting-ip": freshClientIp(),
        },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      },
      env,
    );
  const login = await send("/auth/login", "POST", {
    username: user.username,
    password: user.password,
    seed_key: user.seedKey,
  });
  const { token } = await data<{ token: string }>(login);
  return send(path, method, body, token);
}

describe("password confirmations of a signed-in account", () => {
  it("share one limit across every endpoint: after 5 wrong passwords even the right one answers 429, the owner is mailed, the window frees it", async () => {
    const user = await buyer();
    const [name] = await buy(user);
    const other = await signedInUser();
    // Five wrong passwords spread over five different confirmations.
    await expectWrong(await call(user, "POST", `/dns/domains/${name}/auth-code`, { password: WRONG }));
    await expectWrong(await call(user, "PUT", `/domains/dns/${name}/domain-lock`, { locked: false, password: WRONG }));
    await expectWrong(
      await call(user, "PUT", "/account/email", {
        new_email: `x${crypto.randomUUID().slice(0, 8)}@example.test`,
        password: WRONG,
      }),
    );
    await expectWrong(
      await call(user, "PUT", "/account/username", {
        new_username: `n${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}`,
        password: WRONG,
      }),
    );
    await expectWrong(
      await call(user, "PUT", "/account/password", { current_password: WRONG, new_password: "An0ther-Horse!" }),
    );
    // Now every confirmation is refused, right or wrong: the answer tells nothing.
    await expectLimited(
      await call(user, "DELETE", "/account", { password: user.password, confirmation: DELETE_ACCOUNT_PHRASE }),
    );
    await expectLimited(
      await call(user, "DELETE", "/account", { password: WRONG, confirmation: DELETE_ACCOUNT_PHRASE }),
    );
    await expectLimited(await call(user, "POST", `/dns/domains/${name}/auth-code`, { password: user.password }));
    // The account still exists; its owner was told once, in plain words.
    expect((await call(user, "GET", "/profile")).status).toBe(200);
    const alerts = (await outbox(user.email)).filter(
      (message) => message.subject === "Several wrong passwords were entered for your account",
    );
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toContain("5 times");
    // Another account is not affected.
    await expectWrong(
      await call(other, "DELETE", "/account", { password: WRONG, confirmation: DELETE_ACCOUNT_PHRASE }),
    );
    // 15 minutes later the owner confirms again (the lock answer, not 429 or 403).
    const later = await callAt(WINDOW_SECONDS * 1000 + 1000, user, "PUT", `/domains/dns/${name}/domain-lock`, {
      locked: true,
      password: user.password,
    });
    expect(later.status).toBe(200);
  });

  it("counts parallel guesses: of 10 at once at most 5 are checked, the rest answer 429", async () => {
    const user = await signedInUser();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(user, "PUT", "/account/username", {
          new_username: `n${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}`,
          password: WRONG,
        }),
      ),
    );
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 403).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(5);
    expect(statuses.every((status) => status === 403 || status === 429)).toBe(true);
  });

  it("a right password gives its attempt back: the owner confirming many times is never limited", async () => {
    const user = await signedInUser();
    for (let round = 0; round < 4; round += 1)
      await expectWrong(
        await call(user, "DELETE", "/account", { password: WRONG, confirmation: DELETE_ACCOUNT_PHRASE }),
      );
    for (let round = 0; round < 6; round += 1) {
      const fresh = `n${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}`;
      expect(
        (await call(user, "PUT", "/account/username", { new_username: fresh, password: user.password })).status,
      ).toBe(200);
    }
  });

  it("sign-in is not locked by the confirmation limit", async () => {
    const user = await signedInUser();
    for (let round = 0; round < 5; round += 1)
      await expectWrong(
        await call(user, "DELETE", "/account", { password: WRONG, confirmation: DELETE_ACCOUNT_PHRASE }),
      );
    await expectLimited(
      await call(user, "DELETE", "/account", { password: user.password, confirmation: DELETE_ACCOUNT_PHRASE }),
    );
    const login = await postJson(
      "/auth/login",
      { username: user.username, password: user.password, seed_key: user.seedKey },
      freshClientIp(),
    );
    expect(login.status).toBe(200);
  });
});

describe("two-factor challenges", () => {
  async function withTwoFactor(): Promise<SignedInUser & { secret: string; recovery: string[] }> {
    const user = await signedInUser();
    const { secret } = await data<{ secret: string }>(await call(user, "POST", "/account/2fa/setup"));
    const enabled = await data<{ recovery_codes: string[] }>(
      await call(user, "POST", "/account/2fa/enable", { code: await totpCode(secret, Date.now()) }),
    );
    return { ...user, secret, recovery: enabled.recovery_codes };
  }

  async function challengeOf(user: SignedInUser): Promise<string> {
    const response = await postJson(
      "/auth/login",
      { username: user.username, password: user.password, seed_key: user.seedKey },
      freshClientIp(),
    );
    return (await data<{ challenge_token: string }>(response)).challenge_token;
  }

  const wrongTotp = async (secret: string) => {
    const valid = new Set(
      await Promise.all([-30_000, 0, 30_000, 60_000].map((offset) => totpCode(secret, Date.now() + offset))),
    );
    for (let n = 0; ; n += 1) {
      const candidate = String(n).padStart(6, "0");
      if (!valid.has(candidate)) return candidate;
    }
  };

  it("dies after 5 wrong codes from 5 addresses: the right code is refused too, a new sign-in works", async () => {
    const user = await withTwoFactor();
    const challenge = await challengeOf(user);
    const wrong = await wrongTotp(user.secret);
    for (let round = 1; round <= 4; round += 1) {
      const response = await postJson("/auth/login/2fa", { challenge_token: challenge, code: wrong }, freshClientIp());
      expect(response.status).toBe(401);
      expect((await response.json<ErrorBody>()).code).toBe("invalid_two_factor_code");
    }
    const fifth = await postJson("/auth/login/2fa", { challenge_token: challenge, code: wrong }, freshClientIp());
    expect(fifth.status).toBe(401);
    expect((await fifth.json<ErrorBody>()).code).toBe("challenge_locked");
    const right = await postJson(
      "/auth/login/2fa",
      { challenge_token: challenge, code: await totpCode(user.secret, Date.now() + 30_000) },
      freshClientIp(),
    );
    expect(right.status).toBe(401);
    expect((await right.json<ErrorBody>()).code).toBe("challenge_locked");
    // A recovery code on the dead challenge: refused, and not used up.
    const recovery = await postJson(
      "/auth/login/2fa",
      { challenge_token: challenge, code: user.recovery[0] },
      freshClientIp(),
    );
    expect((await recovery.json<ErrorBody>()).code).toBe("challenge_locked");
    const again = await postJson(
      "/auth/login/2fa",
      { challenge_token: await challengeOf(user), code: user.recovery[0] },
      freshClientIp(),
    );
    expect(again.status).toBe(200);
  });

  it("wrong recovery codes count on the challenge the same way", async () => {
    const user = await withTwoFactor();
    const challenge = await challengeOf(user);
    // Codes of the right shape that the account does not hold.
    const guesses = generateRecoveryCodes(5).filter((code) => !user.recovery.includes(code));
    const answers: string[] = [];
    for (const guess of guesses) {
      answers.push(
        (
          await (
            await postJson("/auth/login/2fa", { challenge_token: challenge, code: guess }, freshClientIp())
          ).json<ErrorBody>()
        ).code,
      );
    }
    expect(answers).toEqual([
      "invalid_two_factor_code",
      "invalid_two_factor_code",
      "invalid_two_factor_code",
      "invalid_two_factor_code",
      "challenge_locked",
    ]);
    const last = await postJson(
      "/auth/login/2fa",
      { challenge_token: challenge, code: user.recovery[1] },
      freshClientIp(),
    );
    expect((await last.json<ErrorBody>()).code).toBe("challenge_locked");
  });

  it("the username's slow-down of sign-in applies to the two-factor step", async () => {
    const user = await withTwoFactor();
    const wrong = await wrongTotp(user.secret);
    // Two challenges, 10 wrong codes for the name from 10 addresses: the slow-down threshold.
    for (let round = 0; round < 2; round += 1) {
      const challenge = await challengeOf(user);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const answer = await postJson("/auth/login/2fa", { challenge_token: challenge, code: wrong }, freshClientIp());
        expect((await answer.json<ErrorBody>()).code).toBe(
          attempt < 4 ? "invalid_two_factor_code" : "challenge_locked",
        );
      }
    }
    const sleeps: number[] = [];
    const app = createApiApp({
      services: (bindings) => ({ ...defaultServices(bindings), sleep: async (ms: number) => void sleeps.push(ms) }),
    });
    const challenge = await challengeOf(user);
    const response = await app.request(
      "/api/v1/auth/login/2fa",
      {
        method: "POST",
        headers: { "content-type": "application/json", "cf-connecting-ip": freshClientIp() },
        body: JSON.stringify({ challenge_token: challenge, code: await totpCode(user.secret, Date.now() + 30_000) }),
      },
      env,
    );
    expect(response.status).toBe(200);
    expect(sleeps.length).toBeGreaterThan(0);
    expect(sleeps.every((ms) => ms > 0 && ms <= 3000)).toBe(true);
  });
});

describe("login history", () => {
  it("shows a failed sign-in's device as a short parsed name, never the raw User-Agent", async () => {
    const user = await signedInUser();
    const evil =
      "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0 CALL +1-555-0100 YOUR ACCOUNT IS LOCKED http://evil.example";
    const failed = await api("/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": evil },
      body: JSON.stringify({ username: user.username, password: WRONG, seed_key: user.seedKey }),
    });
    expect(failed.status).toBe(401);
    const unknown = await api("/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "Visit evil.example to unlock your account" },
      body: JSON.stringify({ username: user.username, password: WRONG, seed_key: user.seedKey }),
    });
    expect(unknown.status).toBe(401);
    const { history } = await data<{ history: { device: string | null; success: boolean }[] }>(
      await call(user, "GET", "/account/login-history"),
    );
    expect(history[0]).toMatchObject({ device: null, success: false });
    expect(history[1]).toMatchObject({ device: "Firefox 128 · Linux", success: false });
    // The devices only: a timestamp's milliseconds may well read "555".
    const devices = JSON.stringify(history.map((row) => row.device));
    expect(devices).not.toContain("evil");
    expect(devices).not.toContain("555");
    expect(history.every((row) => row.device === null || row.device.length <= 60)).toBe(true);
  });
});
