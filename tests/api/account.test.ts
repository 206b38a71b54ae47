// Account API (issue 3): profile, email/username/password changes, account deletion, the address
// book scoped to its owner, two-factor authentication and login history. Every test registers
// its own users under random names.
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { totpCode } from "../../core/auth/totp";
import { api, freshClientIp, postJson, type ErrorBody, latestCode } from "./helpers";

// Every sign-in costs two PBKDF2 checks at the production cap (100,000 iterations).
vi.setConfig({ testTimeout: 60_000 });

const PASSWORD = "Corr3ct-Horse!";

interface User {
  username: string;
  email: string;
  password: string;
  seedKey: string;
  token: string;
  refreshToken: string;
}

function freshName(): string {
  return `a${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`;
}

function login(user: Pick<User, "username" | "password" | "seedKey">, ip?: string): Promise<Response> {
  return postJson("/auth/login", { username: user.username, password: user.password, seed_key: user.seedKey }, ip);
}

async function signedInUser(): Promise<User> {
  const username = freshName();
  const email = `${username}@example.test`;
  const registered = await postJson("/auth/register", { username, email, password: PASSWORD });
  expect(registered.status).toBe(201);
  const seedKey = (await registered.json<{ data: { seed_key: string } }>()).data.seed_key;
  const response = await login({ username, password: PASSWORD, seedKey });
  expect(response.status).toBe(200);
  const { data } = await response.json<{ data: { token: string; refresh_token: string } }>();
  return { username, email, password: PASSWORD, seedKey, token: data.token, refreshToken: data.refresh_token };
}

function call(user: Pick<User, "token"> | null, method: string, path: string, body?: unknown): Promise<Response> {
  const headers = new Headers();
  if (user) headers.set("authorization", `Bearer ${user.token}`);
  if (body !== undefined) headers.set("content-type", "application/json");
  return api(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

const ADDRESS = { firstName: "Ada", lastName: "Lovelace", address: "1 Analytical St", city: "London", country: "gb" };

describe("GET /profile", () => {
  it("needs the bearer token and answers the user", async () => {
    expect((await call(null, "GET", "/profile")).status).toBe(401);
    const user = await signedInUser();
    const response = await call(user, "GET", "/profile");
    expect(response.status).toBe(200);
    expect((await response.json<{ data: Record<string, unknown> }>()).data).toMatchObject({
      username: user.username,
      email: user.email,
      email_verified: false,
    });
  });

  it("every account route needs the bearer token", async () => {
    for (const [method, path] of [
      ["PUT", "/account/email"],
      ["PUT", "/account/username"],
      ["PUT", "/account/password"],
      ["DELETE", "/account"],
      ["GET", "/account/addresses"],
      ["POST", "/account/2fa/setup"],
      ["GET", "/account/login-history"],
    ]) {
      const response = await call(null, method!, path!, method === "GET" ? undefined : {});
      expect(response.status, `${method} ${path}`).toBe(401);
      expect((await response.json<ErrorBody>()).code).toBe("unauthorized");
    }
  });
});

describe("PUT /account/email", () => {
  it("changes the address, marks it unverified and mails a code to the new one", async () => {
    const user = await signedInUser();
    const newEmail = `${freshName()}@example.test`;
    expect(
      (await call(user, "PUT", "/account/email", { new_email: newEmail, password: "Wrong-Passw0rd!" })).status,
    ).toBe(403);
    expect((await call(user, "PUT", "/account/email", { new_email: user.email, password: user.password })).status).toBe(
      400,
    );
    const response = await call(user, "PUT", "/account/email", { new_email: newEmail, password: user.password });
    expect(response.status).toBe(200);
    const { data } = await response.json<{ data: Record<string, unknown> & { flow_token: string } }>();
    expect(data).toMatchObject({ email: newEmail, email_verified: false });
    const code = await latestCode(newEmail);
    // The code works within the change's flow (issue 18); the signed-in session could also try it.
    expect((await postJson("/auth/verify-email", { email: newEmail, code })).status).toBe(400);
    expect((await postJson("/auth/verify-email", { email: newEmail, code, flow_token: data.flow_token })).status).toBe(
      200,
    );
    expect(
      (await (await call(user, "GET", "/profile")).json<{ data: Record<string, unknown> }>()).data.email_verified,
    ).toBe(true);
  });

  it("refuses an address another account uses with 409", async () => {
    const [user, other] = await Promise.all([signedInUser(), signedInUser()]);
    const response = await call(user, "PUT", "/account/email", { new_email: other.email, password: user.password });
    expect(response.status).toBe(409);
    expect(await response.json<ErrorBody>()).toMatchObject({
      code: "email_exists",
      message: "This email is already in use",
    });
  });
});

describe("PUT /account/username", () => {
  it("changes the username after the password check; a taken or invalid one is refused", async () => {
    const [user, other] = await Promise.all([signedInUser(), signedInUser()]);
    const taken = await call(user, "PUT", "/account/username", {
      new_username: other.username,
      password: user.password,
    });
    expect(taken.status).toBe(409);
    expect((await taken.json<ErrorBody>()).code).toBe("username_taken");
    expect(
      (await call(user, "PUT", "/account/username", { new_username: "Bad Name", password: user.password })).status,
    ).toBe(400);
    const newName = freshName();
    expect(
      (await call(user, "PUT", "/account/username", { new_username: newName, password: "Wrong-Passw0rd!" })).status,
    ).toBe(403);
    expect(
      (await call(user, "PUT", "/account/username", { new_username: newName, password: user.password })).status,
    ).toBe(200);
    expect((await login({ ...user, username: newName })).status).toBe(200);
  });
});

describe("PUT /account/password", () => {
  it("changes the password and signs out the other sessions", async () => {
    const user = await signedInUser();
    const second = await login(user);
    const otherSession = (await second.json<{ data: { token: string } }>()).data;
    const newPassword = "N3w-Passw0rd!";
    expect(
      (await call(user, "PUT", "/account/password", { current_password: user.password, new_password: "weakpass" }))
        .status,
    ).toBe(400);
    expect(
      (await call(user, "PUT", "/account/password", { current_password: user.password, new_password: user.password }))
        .status,
    ).toBe(400);
    expect(
      (await call(user, "PUT", "/account/password", { current_password: "Wrong-Passw0rd!", new_password: newPassword }))
        .status,
    ).toBe(403);
    expect(
      (await call(user, "PUT", "/account/password", { current_password: user.password, new_password: newPassword }))
        .status,
    ).toBe(200);
    expect((await call(user, "GET", "/profile")).status).toBe(200);
    expect((await call(otherSession, "GET", "/profile")).status).toBe(401);
    expect((await login(user)).status).toBe(401);
    expect((await login({ ...user, password: newPassword })).status).toBe(200);
  });
});

describe("DELETE /account", () => {
  it("needs the exact phrase and the password, then deletes the user's rows", async () => {
    const user = await signedInUser();
    expect((await call(user, "POST", "/account/addresses", ADDRESS)).status).toBe(201);
    for (const confirmation of ["delete my account", "DELETE MY ACCOUNT ", "DELETE"]) {
      const response = await call(user, "DELETE", "/account", { password: user.password, confirmation });
      expect(response.status).toBe(400);
    }
    expect(
      (await call(user, "DELETE", "/account", { password: "Wrong-Passw0rd!", confirmation: "DELETE MY ACCOUNT" }))
        .status,
    ).toBe(403);
    const response = await call(user, "DELETE", "/account", {
      password: user.password,
      confirmation: "DELETE MY ACCOUNT",
    });
    expect(response.status).toBe(200);
    expect((await call(user, "GET", "/profile")).status).toBe(401);
    expect((await login(user)).status).toBe(401);
    const rows = await env.DB.prepare(
      "SELECT (SELECT COUNT(*) FROM users WHERE username = ?1) + (SELECT COUNT(*) FROM addresses a JOIN users u ON u.id = a.user_id WHERE u.username = ?1) AS n",
    )
      .bind(user.username)
      .first<number>("n");
    expect(rows).toBe(0);
    // The username is free again.
    expect(await (await api(`/auth/username-available?username=${user.username}`)).json()).toEqual({
      success: true,
      data: { available: true },
    });
  });
});

describe("address book", () => {
  it("creates, lists, updates, sets the default and deletes", async () => {
    const user = await signedInUser();
    const first = await call(user, "POST", "/account/addresses", ADDRESS);
    expect(first.status).toBe(201);
    const a = (await first.json<{ data: { id: string; isDefault: boolean; country: string } }>()).data;
    expect(a).toMatchObject({ isDefault: true, country: "GB" });
    const b = (
      await (
        await call(user, "POST", "/account/addresses", { ...ADDRESS, city: "Paris", country: "FR" })
      ).json<{ data: { id: string; isDefault: boolean } }>()
    ).data;
    expect(b.isDefault).toBe(false);

    const updated = await call(user, "PUT", `/account/addresses/${b.id}`, { ...ADDRESS, city: "Lyon", country: "FR" });
    expect(updated.status).toBe(200);
    expect((await updated.json<{ data: { city: string } }>()).data.city).toBe("Lyon");

    expect((await call(user, "PUT", `/account/addresses/${b.id}/default`)).status).toBe(200);
    const list = (
      await (
        await call(user, "GET", "/account/addresses")
      ).json<{ data: { addresses: { id: string; isDefault: boolean }[] } }>()
    ).data.addresses;
    expect(list.filter((entry) => entry.isDefault).map((entry) => entry.id)).toEqual([b.id]);

    expect((await call(user, "DELETE", `/account/addresses/${b.id}`)).status).toBe(200);
    const after = (
      await (
        await call(user, "GET", "/account/addresses")
      ).json<{ data: { addresses: { id: string; isDefault: boolean }[] } }>()
    ).data.addresses;
    expect(after).toEqual([expect.objectContaining({ id: a.id, isDefault: true })]);
  });

  it("refuses an address missing required fields with 400", async () => {
    const user = await signedInUser();
    const response = await call(user, "POST", "/account/addresses", { firstName: "Ada", country: "XX" });
    expect(response.status).toBe(400);
    const paths = (await response.json<ErrorBody>()).errors?.map((error) => error.path);
    expect(paths).toEqual(expect.arrayContaining(["lastName", "address", "city", "country"]));
  });

  it("one user cannot read or change another's addresses", async () => {
    const [owner, intruder] = await Promise.all([signedInUser(), signedInUser()]);
    const created = (await (await call(owner, "POST", "/account/addresses", ADDRESS)).json<{ data: { id: string } }>())
      .data;
    const list = (await (await call(intruder, "GET", "/account/addresses")).json<{ data: { addresses: unknown[] } }>())
      .data.addresses;
    expect(list).toEqual([]);
    expect(
      (await call(intruder, "PUT", `/account/addresses/${created.id}`, { ...ADDRESS, city: "Hacked" })).status,
    ).toBe(404);
    expect((await call(intruder, "PUT", `/account/addresses/${created.id}/default`)).status).toBe(404);
    expect((await call(intruder, "DELETE", `/account/addresses/${created.id}`)).status).toBe(404);
    const mine = (
      await (await call(owner, "GET", "/account/addresses")).json<{ data: { addresses: { city: string }[] } }>()
    ).data.addresses;
    expect(mine.map((entry) => entry.city)).toEqual(["London"]);
  });
});

describe("two-factor authentication", () => {
  async function enableTwoFactor(user: User): Promise<{ secret: string; recoveryCodes: string[] }> {
    const setup = await call(user, "POST", "/account/2fa/setup");
    expect(setup.status).toBe(200);
    const { secret, otpauth_uri } = (await setup.json<{ data: { secret: string; otpauth_uri: string } }>()).data;
    expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\//);
    expect(
      (
        await call(user, "POST", "/account/2fa/enable", {
          code: "000000" === (await totpCode(secret, Date.now())) ? "111111" : "000000",
        })
      ).status,
    ).toBe(400);
    const enable = await call(user, "POST", "/account/2fa/enable", { code: await totpCode(secret, Date.now()) });
    expect(enable.status).toBe(200);
    const recoveryCodes = (await enable.json<{ data: { recovery_codes: string[] } }>()).data.recovery_codes;
    return { secret, recoveryCodes };
  }

  async function challenge(user: User): Promise<string> {
    const response = await login(user);
    expect(response.status).toBe(200);
    const { data } = await response.json<{
      data: { two_factor_required?: boolean; challenge_token?: string; token?: string };
    }>();
    expect(data.two_factor_required).toBe(true);
    expect(data.token).toBeUndefined();
    return data.challenge_token ?? "";
  }

  it("asks for the second factor at sign-in and accepts an app code", async () => {
    const user = await signedInUser();
    const { secret, recoveryCodes } = await enableTwoFactor(user);
    expect(recoveryCodes).toHaveLength(10);
    const challengeToken = await challenge(user);
    expect((await postJson("/auth/login/2fa", { challenge_token: challengeToken, code: "12345a" })).status).toBe(400);
    const next = await totpCode(secret, Date.now() + 30_000);
    const response = await postJson("/auth/login/2fa", { challenge_token: challengeToken, code: next });
    expect(response.status).toBe(200);
    const { data } = await response.json<{ data: { token: string; user: { two_factor_enabled: boolean } } }>();
    expect(data.user.two_factor_enabled).toBe(true);
    expect((await call(data, "GET", "/profile")).status).toBe(200);
    // The same app code cannot be used twice.
    expect((await postJson("/auth/login/2fa", { challenge_token: await challenge(user), code: next })).status).toBe(
      401,
    );
  });

  it("a recovery code works once", async () => {
    const user = await signedInUser();
    const { recoveryCodes } = await enableTwoFactor(user);
    const code = recoveryCodes[0];
    expect(
      (await postJson("/auth/login/2fa", { challenge_token: await challenge(user), code: code!.toUpperCase() })).status,
    ).toBe(200);
    const reused = await postJson("/auth/login/2fa", { challenge_token: await challenge(user), code });
    expect(reused.status).toBe(401);
    expect((await reused.json<ErrorBody>()).code).toBe("invalid_two_factor_code");
    const stored = await env.DB.prepare("SELECT code_hash FROM recovery_codes WHERE code_hash = ?1").bind(code).first();
    expect(stored).toBeNull();
  });

  it("refuses a forged challenge token", async () => {
    const response = await postJson("/auth/login/2fa", { challenge_token: "a.b.c", code: "123456" });
    expect(response.status).toBe(401);
  });

  it("disable needs the password and a code", async () => {
    const user = await signedInUser();
    const { secret } = await enableTwoFactor(user);
    const code = await totpCode(secret, Date.now() + 30_000);
    expect((await call(user, "POST", "/account/2fa/disable", { password: "Wrong-Passw0rd!", code })).status).toBe(403);
    expect((await call(user, "POST", "/account/2fa/disable", { password: user.password, code })).status).toBe(200);
    const response = await login(user);
    expect((await response.json<{ data: { token?: string } }>()).data.token?.split(".")).toHaveLength(3);
  });
});

describe("GET /account/login-history", () => {
  it("records successful and failed sign-ins with time, address and the device's short name", async () => {
    const user = await signedInUser();
    const ip = freshClientIp();
    const failed = await api("/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "HistoryTest/1.0 (Windows NT 10.0) curl/8.5.0" },
      body: JSON.stringify({ username: user.username, password: "Wrong-Passw0rd!", seed_key: user.seedKey }),
      clientIp: ip,
    });
    expect(failed.status).toBe(401);
    const response = await call(user, "GET", "/account/login-history");
    expect(response.status).toBe(200);
    const history = (
      await response.json<{
        data: { history: { at: string; ip: string; device: string | null; success: boolean }[] };
      }>()
    ).data.history;
    expect(history).toHaveLength(2);
    expect(history[0]).toEqual({ at: history[0]!.at, ip, device: "curl 8 · Windows", success: false });
    expect(history[1]!.success).toBe(true);
    expect(Number.isNaN(Date.parse(history[0]!.at))).toBe(false);
  });
});
