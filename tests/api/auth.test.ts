// Accounts API (issue 3): sign-up with a seed key, sign-in and its limits, refresh-token rotation,
// email verification and password reset codes, the dev outbox, and no secrets in logs.
// Every test registers its own users under random names.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isValidSeedKey } from "../../core/auth/seed-key";
import { buildMime, cloudflareMailSender, createMailSender } from "../../workers/api/adapters/mail";
import { createApiApp } from "../../workers/api/app";
import { REFRESH_REUSE_GRACE_MS } from "../../workers/api/auth/tokens";
import { defaultServices } from "../../workers/api/services";
import { api, flowTokenOf, freshClientIp, postJson, type ErrorBody, outbox, latestCode } from "./helpers";

// Every sign-in costs two PBKDF2 checks at the production cap (100,000 iterations).
vi.setConfig({ testTimeout: 60_000 });

const PASSWORD = "Corr3ct-Horse!";

interface Registered {
  username: string;
  email: string;
  password: string;
  seedKey: string;
  id: string;
  /** The flow token of the registration's verification mail. */
  flowToken: string;
}

interface LoginData {
  token: string;
  refresh_token: string;
  expires_at: string;
  refresh_expires_at: string;
  user: Record<string, unknown> & { id: string; username: string; email: string; email_verified: boolean };
}

function freshName(prefix = "u"): string {
  return `${prefix}${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`;
}

async function register(
  overrides: Partial<{ username: string; email: string; password: string }> = {},
): Promise<Registered> {
  const username = overrides.username ?? freshName();
  const email = overrides.email ?? `${username}@example.test`;
  const password = overrides.password ?? PASSWORD;
  const response = await postJson("/auth/register", { username, email, password });
  expect(response.status).toBe(201);
  const body = await response.json<{ data: { seed_key: string; user: { id: string }; flow_token: string } }>();
  return {
    username,
    email,
    password,
    seedKey: body.data.seed_key,
    id: body.data.user.id,
    flowToken: body.data.flow_token,
  };
}

function login(user: Registered, extra: Record<string, unknown> = {}, ip?: string): Promise<Response> {
  return postJson(
    "/auth/login",
    { username: user.username, password: user.password, seed_key: user.seedKey, remember_me: false, ...extra },
    ip,
  );
}

async function loginOk(user: Registered, extra: Record<string, unknown> = {}): Promise<LoginData> {
  const response = await login(user, extra);
  expect(response.status).toBe(200);
  return (await response.json<{ data: LoginData }>()).data;
}

function bearer(token: string, init: RequestInit = {}): RequestInit {
  const headers = new Headers(init.headers);
  headers.set("authorization", `Bearer ${token}`);
  if (init.body !== undefined) headers.set("content-type", "application/json");
  return { ...init, headers };
}

/** A different valid seed key than `seedKey`. */
function otherSeedKey(seedKey: string): string {
  const candidates = [
    "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about",
    "legal winner thank year wave sausage worth useful legal winner thank yellow",
  ];
  return candidates.find((candidate) => candidate !== seedKey) ?? candidates[0]!;
}

/** An app whose waits are recorded in `sleeps` instead of taken. */
function sleepRecordingApp(sleeps: number[]) {
  return createApiApp({
    services: (bindings) => ({
      ...defaultServices(bindings),
      sleep: async (ms: number) => {
        sleeps.push(ms);
      },
    }),
  });
}

function loginRequest(user: Registered, ip: string, password = user.password): RequestInit {
  return {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": ip },
    body: JSON.stringify({ username: user.username, password, seed_key: user.seedKey }),
  };
}

/** An app whose clock is `offsetMs` ahead. */
function appAt(offsetMs: number) {
  return createApiApp({
    services: (bindings) => ({ ...defaultServices(bindings), now: () => new Date(Date.now() + offsetMs) }),
  });
}

describe("POST /auth/register", () => {
  it("creates an unverified user, answers a 12-word seed key once and mails a 6-digit code", async () => {
    const username = freshName();
    const email = `${username}@example.test`;
    const response = await postJson("/auth/register", { username, email, password: PASSWORD });
    expect(response.status).toBe(201);
    const body = await response.json<{ success: boolean; data: { seed_key: string; user: Record<string, unknown> } }>();
    expect(body.success).toBe(true);
    expect(body.data.seed_key.split(" ")).toHaveLength(12);
    expect(isValidSeedKey(body.data.seed_key)).toBe(true);
    expect(body.data.user).toMatchObject({ username, email, email_verified: false });
    expect(JSON.stringify(body.data.user)).not.toContain("hash");

    const row = await env.DB.prepare("SELECT password_hash, seed_key_hash FROM users WHERE username = ?1")
      .bind(username)
      .first<{ password_hash: string; seed_key_hash: string }>();
    expect(row?.password_hash.startsWith("pbkdf2-sha256$100000$")).toBe(true);
    expect(row?.seed_key_hash.startsWith("pbkdf2-sha256$100000$")).toBe(true);
    expect(row?.password_hash).not.toContain(PASSWORD);

    const mails = await outbox(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/\b\d{6}\b/);
    expect(mails[0]!.subject).toBe("Verify your email address");
  });

  it("writes the mail in Turkish for Accept-Language tr", async () => {
    const username = freshName();
    const email = `${username}@example.test`;
    const response = await api("/auth/register", {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": "tr-TR,tr;q=0.9,en;q=0.5" },
      body: JSON.stringify({ username, email, password: PASSWORD }),
    });
    expect(response.status).toBe(201);
    const [mail] = await outbox(email);
    expect(mail!.subject).toBe("E-posta adresinizi doğrulayın");
    expect(mail!.text).toContain("Doğrulama kodunuz");
  });

  it("refuses a taken username or email with 409", async () => {
    const user = await register();
    const sameName = await postJson("/auth/register", {
      username: user.username,
      email: `${freshName()}@example.test`,
      password: PASSWORD,
    });
    expect(sameName.status).toBe(409);
    expect(await sameName.json<ErrorBody>()).toMatchObject({
      code: "username_taken",
      message: "This username is already taken",
    });
    const sameEmail = await postJson("/auth/register", {
      username: freshName(),
      email: user.email.toUpperCase(),
      password: PASSWORD,
    });
    expect(sameEmail.status).toBe(409);
    expect(await sameEmail.json<ErrorBody>()).toMatchObject({
      code: "email_exists",
      message: "This email is already in use",
    });
  });

  it.each([
    ["ab", "must be at least 3 characters"],
    ["a".repeat(31), "must be at most 30 characters"],
    ["Upper", "may contain only lowercase letters, digits, dots and underscores"],
    ["with-dash", "may contain only lowercase letters, digits, dots and underscores"],
    [".leading", "cannot start with a dot"],
    ["two..dots", "cannot contain consecutive dots or underscores"],
    ["two__under", "cannot contain consecutive dots or underscores"],
    ["", "is required"],
  ])("refuses the username %j with 400 (%s)", async (username, message) => {
    const response = await postJson("/auth/register", {
      username,
      email: `${freshName()}@example.test`,
      password: PASSWORD,
    });
    expect(response.status).toBe(400);
    const body = await response.json<ErrorBody>();
    expect(body.code).toBe("invalid_parameter");
    expect(body.errors).toContainEqual({ path: "username", message });
  });

  it.each([
    ["Sh0rt!", "must be at least 8 characters"],
    ["alllower1!", "must contain an uppercase letter"],
    ["ALLUPPER1!", "must contain a lowercase letter"],
    ["NoDigits!!", "must contain a digit"],
    ["NoSpecial12", "must contain a special character"],
  ])("refuses the weak password %j with 400 (%s)", async (password, message) => {
    const response = await postJson("/auth/register", {
      username: freshName(),
      email: `${freshName()}@example.test`,
      password,
    });
    expect(response.status).toBe(400);
    expect((await response.json<ErrorBody>()).errors).toContainEqual({ path: "password", message });
  });
});

describe("GET /auth/username-available", () => {
  it("answers whether a name is free and validates its format", async () => {
    const user = await register();
    const taken = await api(`/auth/username-available?username=${user.username}`);
    expect(await taken.json()).toEqual({ success: true, data: { available: false } });
    const free = await api(`/auth/username-available?username=${freshName()}`);
    expect(await free.json()).toEqual({ success: true, data: { available: true } });
    const bad = await api("/auth/username-available?username=.dot");
    expect(bad.status).toBe(400);
    expect((await bad.json<ErrorBody>()).message).toBe('Parameter "username" cannot start with a dot');
  });
});

describe("POST /auth/login", () => {
  it("answers an access token, a refresh token and the SPEC's user", async () => {
    const user = await register();
    const data = await loginOk(user);
    expect(data.token.split(".")).toHaveLength(3);
    const claims = JSON.parse(atob(data.token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({ sub: user.id });
    expect(typeof claims.sid).toBe("string");
    expect(Number(claims.exp) - Number(claims.iat)).toBe(15 * 60);
    expect(data.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Object.keys(data.user).sort()).toEqual(
      [
        "id",
        "username",
        "email",
        "email_verified",
        "two_factor_enabled",
        "last_login",
        "total_domains",
        "domains",
        "expiring_soon_count",
        "expired_domains_count",
        "created_at",
        "updated_at",
        "paymentMethods",
      ].sort(),
    );
    expect(data.user).toMatchObject({
      username: user.username,
      email_verified: false,
      total_domains: 0,
      domains: [],
      paymentMethods: [],
    });
    expect(Date.parse(String(data.user.last_login))).toBeGreaterThan(Date.now() - 60_000);
    const stored = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM refresh_tokens WHERE token_hash = ?1 OR token_hash = ?2",
    )
      .bind(data.refresh_token, data.token)
      .first<number>("n");
    expect(stored).toBe(0);
  });

  it("accepts the seed key in any case and spacing", async () => {
    const user = await register();
    const response = await login(user, { seed_key: `  ${user.seedKey.toUpperCase().split(" ").join("   ")} ` });
    expect(response.status).toBe(200);
  });

  it("gives one generic 401 for a wrong username, password or seed key", async () => {
    const user = await register();
    const cases = [
      { username: freshName() },
      { password: "Wrong-Passw0rd!" },
      { seed_key: otherSeedKey(user.seedKey) },
    ];
    for (const change of cases) {
      const response = await login(user, change);
      expect(response.status).toBe(401);
      expect(await response.json<ErrorBody>()).toEqual({
        success: false,
        code: "invalid_credentials",
        message: "Invalid username, password or seed key",
      });
    }
  });

  it("answers 429 with Retry-After after 5 failures for a username from one address, even with the right credentials", async () => {
    const user = await register();
    const ip = freshClientIp();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(user, { password: "Wrong-Passw0rd!" }, ip)).status).toBe(401);
    }
    const blocked = await login(user, {}, ip);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(blocked.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60);
    expect((await blocked.json<ErrorBody>()).code).toBe("too_many_attempts");
    // After the window that address can sign in again.
    const later = await appAt(16 * 60_000).request(
      "/api/v1/auth/login",
      {
        method: "POST",
        headers: { "content-type": "application/json", "cf-connecting-ip": ip },
        body: JSON.stringify({ username: user.username, password: user.password, seed_key: user.seedKey }),
      },
      env,
    );
    expect(later.status).toBe(200);
  });

  it("does not let a flood from one address lock the owner out: the owner signs in from another address at once (issue 12)", async () => {
    const user = await register();
    const attacker = freshClientIp();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(user, { password: "Wrong-Passw0rd!" }, attacker)).status).toBe(401);
    }
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await login(user, { password: "Wrong-Passw0rd!" }, attacker)).status).toBe(429);
    }
    const sleeps: number[] = [];
    const response = await sleepRecordingApp(sleeps).request(
      "/api/v1/auth/login",
      loginRequest(user, freshClientIp()),
      env,
    );
    expect(response.status).toBe(200);
    // Five failures for the name in all: below the slow-down threshold, no wait.
    expect(sleeps).toEqual([]);
  });

  it("slows down, never locks, a username guessed from many addresses; the delay is the same for right and wrong guesses", async () => {
    const user = await register();
    for (let attempt = 0; attempt < 12; attempt += 1) {
      expect((await login(user, { password: "Wrong-Passw0rd!" }, freshClientIp())).status).toBe(401);
    }
    const sleeps: number[] = [];
    const app = sleepRecordingApp(sleeps);
    const wrong = await app.request("/api/v1/auth/login", loginRequest(user, freshClientIp(), "Wrong-Passw0rd!"), env);
    expect(wrong.status).toBe(401);
    const owner = await app.request("/api/v1/auth/login", loginRequest(user, freshClientIp()), env);
    expect(owner.status).toBe(200);
    // 12 failures: 1.5 s; the 13th failure makes it 2 s for the owner's attempt, never more than 3 s.
    expect(sleeps).toEqual([1500, 2000]);
  });

  it("answers 429 after 20 failures from one address, across usernames", async () => {
    const ip = freshClientIp();
    const user = await register();
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await login(user, { username: freshName() }, ip)).status).toBe(401);
    }
    const blocked = await login(user, {}, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await login(user, {}, freshClientIp())).status).toBe(200);
  });

  it("keeps a remember-me session 7 days and a normal one 1 day", async () => {
    const user = await register();
    const before = Date.now();
    const normal = await loginOk(user);
    const remembered = await loginOk(user, { remember_me: true });
    const day = 24 * 60 * 60_000;
    expect(Date.parse(normal.refresh_expires_at) - before).toBeGreaterThan(day - 60_000);
    expect(Date.parse(normal.refresh_expires_at) - before).toBeLessThanOrEqual(day + 60_000);
    expect(Date.parse(remembered.refresh_expires_at) - before).toBeGreaterThan(7 * day - 60_000);
    expect(Date.parse(remembered.refresh_expires_at) - before).toBeLessThanOrEqual(7 * day + 60_000);
    // Two days later only the remembered session still refreshes.
    const later = appAt(2 * day);
    const refresh = (token: string) =>
      later.request(
        "/api/v1/auth/refresh-token",
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ refresh_token: token }),
        },
        env,
      );
    expect((await refresh(normal.refresh_token)).status).toBe(401);
    expect((await refresh(remembered.refresh_token)).status).toBe(200);
  });
});

describe("refresh tokens", () => {
  it("rotates: a refresh answers new tokens and the old refresh token is spent", async () => {
    const user = await register();
    const first = await loginOk(user);
    const response = await postJson("/auth/refresh-token", { refresh_token: first.refresh_token });
    expect(response.status).toBe(200);
    const body = await response.json<{
      success: boolean;
      data: { token: string; refresh_token: string };
      message: string;
    }>();
    expect(body.success).toBe(true);
    expect(body.message).toMatch(/\w{3,}/);
    expect(body.data.refresh_token).not.toBe(first.refresh_token);
    expect((await api("/profile", bearer(body.data.token))).status).toBe(200);
    const again = await postJson("/auth/refresh-token", { refresh_token: body.data.refresh_token });
    expect(again.status).toBe(200);
  });

  it("a spent refresh token presented again within seconds (a race of one browser) answers 409 and keeps the session", async () => {
    const user = await register();
    const first = await loginOk(user);
    const rotated = (
      await (
        await postJson("/auth/refresh-token", { refresh_token: first.refresh_token })
      ).json<{ data: { token: string; refresh_token: string } }>()
    ).data;
    const race = await postJson("/auth/refresh-token", { refresh_token: first.refresh_token });
    expect(race.status).toBe(409);
    expect((await race.json<ErrorBody>()).code).toBe("refresh_in_progress");
    expect((await api("/profile", bearer(rotated.token))).status).toBe(200);
    expect((await postJson("/auth/refresh-token", { refresh_token: rotated.refresh_token })).status).toBe(200);
  });

  it("reusing a spent refresh token later revokes the whole family", async () => {
    const user = await register();
    const first = await loginOk(user);
    const rotated = (
      await (
        await postJson("/auth/refresh-token", { refresh_token: first.refresh_token })
      ).json<{ data: { token: string; refresh_token: string } }>()
    ).data;
    const reuse = await appAt(REFRESH_REUSE_GRACE_MS + 1_000).request(
      "/api/v1/auth/refresh-token",
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ refresh_token: first.refresh_token }),
      },
      env,
    );
    expect(reuse.status).toBe(401);
    expect((await reuse.json<ErrorBody>()).code).toBe("token_reused");
    // The newest refresh token and the access tokens of that session are dead too.
    expect((await postJson("/auth/refresh-token", { refresh_token: rotated.refresh_token })).status).toBe(401);
    expect((await api("/profile", bearer(rotated.token))).status).toBe(401);
    // Another session of the same user is untouched.
    const other = await loginOk(user);
    expect((await api("/profile", bearer(other.token))).status).toBe(200);
  });

  it("refuses an unknown refresh token", async () => {
    const response = await postJson("/auth/refresh-token", { refresh_token: "A".repeat(43) });
    expect(response.status).toBe(401);
  });
});

describe("extend-session and logout", () => {
  it("extend-session answers a fresh access token for a signed-in user only", async () => {
    const user = await register();
    const session = await loginOk(user);
    const response = await api("/auth/extend-session", bearer(session.token, { method: "POST" }));
    expect(response.status).toBe(200);
    const { data } = await response.json<{ data: { token: string } }>();
    expect((await api("/profile", bearer(data.token))).status).toBe(200);
    expect((await api("/auth/extend-session", { method: "POST" })).status).toBe(401);
  });

  it("POST /auth/logout revokes the session family", async () => {
    const user = await register();
    const session = await loginOk(user);
    const response = await api(
      "/auth/logout",
      bearer(session.token, { method: "POST", body: JSON.stringify({ refresh_token: session.refresh_token }) }),
    );
    expect(response.status).toBe(200);
    expect((await api("/profile", bearer(session.token))).status).toBe(401);
    expect((await postJson("/auth/refresh-token", { refresh_token: session.refresh_token })).status).toBe(401);
  });

  it("logout works with the refresh token alone", async () => {
    const user = await register();
    const session = await loginOk(user);
    expect((await postJson("/auth/logout", { refresh_token: session.refresh_token })).status).toBe(200);
    expect((await api("/profile", bearer(session.token))).status).toBe(401);
  });
});

describe("email verification", () => {
  it("verifies with the mailed code, once", async () => {
    const user = await register();
    const code = await latestCode(user.email);
    const ok = await postJson("/auth/verify-email", { email: user.email, code, flow_token: user.flowToken });
    expect(ok.status).toBe(200);
    expect((await loginOk(user)).user.email_verified).toBe(true);
    const again = await postJson("/auth/verify-email", { email: user.email, code, flow_token: user.flowToken });
    expect(again.status).toBe(400);
  });

  it("refuses a wrong code, and the right one after 5 wrong tries", async () => {
    const user = await register();
    const code = await latestCode(user.email);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await postJson("/auth/verify-email", {
        email: user.email,
        code: wrong,
        flow_token: user.flowToken,
      });
      expect(response.status).toBe(400);
      expect(await response.json<ErrorBody>()).toMatchObject({
        code: "code_invalid",
        message: "Verification code is invalid or expired",
      });
    }
    expect((await postJson("/auth/verify-email", { email: user.email, code, flow_token: user.flowToken })).status).toBe(
      400,
    );
    // A new code works.
    const resent = await postJson("/auth/resend-verification", { email: user.email });
    expect(resent.status).toBe(200);
    const flowToken = await flowTokenOf(resent);
    const fresh = await latestCode(user.email);
    expect(
      (await postJson("/auth/verify-email", { email: user.email, code: fresh, flow_token: flowToken })).status,
    ).toBe(200);
  });

  it("refuses an expired code (15 minutes)", async () => {
    const user = await register();
    const code = await latestCode(user.email);
    const later = appAt(16 * 60_000);
    const response = await later.request(
      "/api/v1/auth/verify-email",
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: user.email, code, flow_token: user.flowToken }),
      },
      env,
    );
    expect(response.status).toBe(400);
    expect((await response.json<ErrorBody>()).code).toBe("code_invalid");
  });

  it("a code works only within its own flow; a new flow leaves the older one waiting", async () => {
    const user = await register();
    const old = await latestCode(user.email);
    const resent = await postJson("/auth/resend-verification", { email: user.email });
    const flowToken = await flowTokenOf(resent);
    const fresh = await latestCode(user.email);
    // The older code in the newer flow (or no flow at all) opens nothing.
    if (old !== fresh)
      expect(
        (await postJson("/auth/verify-email", { email: user.email, code: old, flow_token: flowToken })).status,
      ).toBe(400);
    expect((await postJson("/auth/verify-email", { email: user.email, code: fresh })).status).toBe(400);
    expect(
      (await postJson("/auth/verify-email", { email: user.email, code: old, flow_token: user.flowToken })).status,
    ).toBe(200);
    // Done: the other flow's code is consumed with it.
    expect(
      (await postJson("/auth/verify-email", { email: user.email, code: fresh, flow_token: flowToken })).status,
    ).toBe(400);
  });

  it("POST /email/send-verification needs the bearer token and mails a new code", async () => {
    const user = await register();
    expect((await api("/email/send-verification", { method: "POST" })).status).toBe(401);
    const session = await loginOk(user);
    const response = await api("/email/send-verification", bearer(session.token, { method: "POST" }));
    expect(response.status).toBe(200);
    expect(await outbox(user.email)).toHaveLength(2);
  });

  it("refuses a malformed code with 400", async () => {
    const response = await postJson("/auth/verify-email", { email: "someone@example.test", code: "12ab" });
    expect(response.status).toBe(400);
    expect((await response.json<ErrorBody>()).errors).toContainEqual({ path: "code", message: "must be 6 digits" });
  });
});

describe("password reset", () => {
  it("forgot-password answers the same for a known and an unknown email", async () => {
    const user = await register();
    const known = await postJson("/auth/forgot-password", { email: user.email });
    const unknown = await postJson("/auth/forgot-password", { email: `${freshName()}@example.test` });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    // Same shape and message; each carries a fresh random flow token.
    type Answer = { success: boolean; message: string; data: { flow_token: string } };
    const [a, b] = [await known.json<Answer>(), await unknown.json<Answer>()];
    expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
    expect(Object.keys(a.data)).toEqual(Object.keys(b.data));
    expect(a.message).toBe(b.message);
    for (const token of [a.data.flow_token, b.data.flow_token]) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await outbox(user.email))[0]!.subject).toBe("Reset your password");
  });

  it("reset-password changes the password and revokes every session", async () => {
    const user = await register();
    const session = await loginOk(user);
    const flow_token = await flowTokenOf(await postJson("/auth/forgot-password", { email: user.email }));
    const code = await latestCode(user.email);
    const weak = await postJson("/auth/reset-password", { email: user.email, code, password: "weak", flow_token });
    expect(weak.status).toBe(400);
    const newPassword = "N3w-Passw0rd!";
    const response = await postJson("/auth/reset-password", {
      email: user.email,
      code,
      password: newPassword,
      flow_token,
    });
    expect(response.status).toBe(200);
    expect((await api("/profile", bearer(session.token))).status).toBe(401);
    expect((await postJson("/auth/refresh-token", { refresh_token: session.refresh_token })).status).toBe(401);
    expect((await login(user)).status).toBe(401);
    expect((await login({ ...user, password: newPassword })).status).toBe(200);
    expect(
      (await postJson("/auth/reset-password", { email: user.email, code, password: "An0ther-Pass!", flow_token }))
        .status,
    ).toBe(400);
  });
});

describe("bearer middleware", () => {
  it("refuses a missing, malformed or forged token with the session-expired answer", async () => {
    const user = await register();
    const session = await loginOk(user);
    const [header, payload] = session.token.split(".");
    for (const init of [{}, bearer("not-a-token"), bearer(`${header}.${payload}.forged`)]) {
      const response = await api("/profile", init);
      expect(response.status).toBe(401);
      expect(await response.json<ErrorBody>()).toEqual({
        success: false,
        code: "unauthorized",
        message: "Your session has expired. Please log in again.",
      });
    }
  });

  it("refuses an expired access token (after 15 minutes)", async () => {
    const user = await register();
    const session = await loginOk(user);
    const response = await appAt(16 * 60_000).request("/api/v1/profile", bearer(session.token), env);
    expect(response.status).toBe(401);
  });

  it("leaves the public routes public", async () => {
    expect((await api("/cart")).status).toBe(200);
  });
});

describe("GET /dev/outbox", () => {
  it("is 404 with the configuration `npm run deploy` ships (wrangler.toml [vars]), with or without DEV_OUTBOX", async () => {
    expect(env.DEPLOY_VARS.ENVIRONMENT).toBe("production");
    expect(env.DEPLOY_VARS.DEV_OUTBOX).toBeUndefined();
    const app = createApiApp();
    const user = await register();
    for (const vars of [env.DEPLOY_VARS, { ...env.DEPLOY_VARS, DEV_OUTBOX: "on" }]) {
      const response = await app.request(
        `/api/v1/dev/outbox?to=${encodeURIComponent(user.email)}`,
        {},
        { ...env, DEV_OUTBOX: undefined, ...vars },
      );
      expect(response.status).toBe(404);
      const body = await response.json<ErrorBody>();
      expect(body).toMatchObject({ success: false, code: "not_found" });
      expect(JSON.stringify(body)).not.toContain(user.email);
    }
  });

  it("is 404 when local serving did not turn it on", async () => {
    const response = await createApiApp().request(
      "/api/v1/dev/outbox?to=a@example.test",
      {},
      { ...env, ENVIRONMENT: "development", DEV_OUTBOX: undefined },
    );
    expect(response.status).toBe(404);
  });

  it("is 404 in production", async () => {
    const app = createApiApp();
    for (const path of ["/api/v1/dev/outbox?to=a@example.test", "/api/v1/dev/outbox"]) {
      const response = await app.request(path, {}, { ...env, ENVIRONMENT: "production" });
      expect(response.status).toBe(404);
    }
    expect((await app.request("/api/v1/dev/outbox?to=a@example.test", {}, env)).status).toBe(200);
  });

  it("production refuses to sign tokens without JWT_SECRET", async () => {
    const user = await register();
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = await createApiApp().request(
      "/api/v1/auth/login",
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: user.username, password: user.password, seed_key: user.seedKey }),
      },
      { ...env, ENVIRONMENT: "production", JWT_SECRET: undefined },
    );
    expect(response.status).toBe(500);
    expect(error.mock.calls.flat().join(" ")).toContain("JWT_SECRET is not set");
    error.mockRestore();
  });
});

describe("no secrets in logs", () => {
  afterEach(() => vi.restoreAllMocks());

  it("register, login, verification and reset never log a password, seed key, code or token", async () => {
    const lines: string[] = [];
    const capture = (...args: unknown[]) => {
      lines.push(args.map((arg) => (typeof arg === "string" ? arg : (JSON.stringify(arg) ?? String(arg)))).join(" "));
    };
    for (const method of ["log", "error", "warn", "info", "debug"] as const)
      vi.spyOn(console, method).mockImplementation(capture);

    const user = await register();
    const verifyCode = await latestCode(user.email);
    await postJson("/auth/verify-email", { email: user.email, code: verifyCode, flow_token: user.flowToken });
    await login(user, { password: "Wrong-Passw0rd!" });
    const session = await loginOk(user);
    const refreshed = (
      await (
        await postJson("/auth/refresh-token", { refresh_token: session.refresh_token })
      ).json<{ data: { token: string; refresh_token: string } }>()
    ).data;
    const resetFlow = await flowTokenOf(await postJson("/auth/forgot-password", { email: user.email }));
    const resetCode = await latestCode(user.email);
    const newPassword = "N3w-Passw0rd!";
    await postJson("/auth/reset-password", {
      email: user.email,
      code: resetCode,
      password: newPassword,
      flow_token: resetFlow,
    });

    const log = lines.join("\n");
    expect(lines.length).toBeGreaterThan(0);
    for (const secret of [
      user.password,
      "Wrong-Passw0rd!",
      newPassword,
      user.seedKey,
      verifyCode,
      resetCode,
      session.token,
      session.refresh_token,
      refreshed.token,
      refreshed.refresh_token,
    ]) {
      expect(log).not.toContain(secret);
    }
    for (const word of user.seedKey.split(" ").slice(0, 3)) expect(log.split(/\W+/)).not.toContain(word);
  });
});

describe("mail adapters", () => {
  it("builds a text/plain UTF-8 MIME message with an encoded subject", () => {
    const raw = buildMime(
      "no-reply@shop.test",
      { to: "ada@example.test", subject: "Şifrenizi sıfırlayın", text: "Kodunuz 123456\nİyi günler" },
      new Date(0),
    );
    const [head, body] = raw.split("\r\n\r\n");
    expect(head).toContain("From: no-reply@shop.test");
    expect(head).toContain("To: ada@example.test");
    expect(head).toContain("Content-Type: text/plain; charset=UTF-8");
    expect(head).toMatch(/^Subject: =\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=$/m);
    const decoded = new TextDecoder().decode(
      Uint8Array.from(atob(body!.replace(/\s/g, "")), (char) => char.charCodeAt(0)),
    );
    expect(decoded).toBe("Kodunuz 123456\r\nİyi günler");
  });

  it("MAIL_ADAPTER=cloudflare sends through the EMAIL binding", async () => {
    const sent: { from: string; to: string }[] = [];
    const binding: SendEmail = {
      async send(message) {
        const { from, to } = message;
        sent.push({
          from: typeof from === "string" ? from : "not a plain address",
          to: typeof to === "string" ? to : "not a plain address",
        });
        return { messageId: "test" };
      },
    };
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    await cloudflareMailSender(binding, "no-reply@shop.test", () => new Date()).send({
      to: "ada@example.test",
      subject: "Hi",
      text: "Hello",
    });
    expect(sent).toEqual([{ from: "no-reply@shop.test", to: "ada@example.test" }]);
    expect(() => createMailSender({ ...env, MAIL_ADAPTER: "cloudflare", EMAIL: undefined }, () => new Date())).toThrow(
      /EMAIL/,
    );
    vi.restoreAllMocks();
  });
});
