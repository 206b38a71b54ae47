// Issue 24: passkeys through /api/v1/auth/passkeys/… with real WebAuthn answers built here
// (passkey-authenticator.ts: an ES256 key, CBOR authenticator data, "none" attestation) and
// checked by @simplewebauthn/server in the worker. Each test makes its own accounts.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { DELETE_ACCOUNT_PHRASE } from "../../core/auth/schemas";
import { totpCode } from "../../core/auth/totp";
import { SELF } from "cloudflare:test";
import { api, freshClientIp, outbox, postJson, seedSampleCatalogue, signedInUser, type SignedInUser } from "./helpers";
import { buy, buyer, call, data, errorOf } from "./my-domains-support";
import { SoftAuthenticator } from "./passkey-authenticator";

// Sign-ups and sign-ins cost PBKDF2 at the production cap.
vi.setConfig({ testTimeout: 120_000 });

beforeAll(async () => {
  await seedSampleCatalogue();
}, 60_000);

interface Options {
  flow_token: string;
  options: { challenge: string; rp: { id: string }; user: { id: string }; rpId?: string };
}

/** Adds a passkey to `user`'s account; answers the authenticator holding it and the passkey's id. */
async function addPasskey(user: SignedInUser, name = "Laptop") {
  const authenticator = await SoftAuthenticator.create();
  const { flow_token, options } = await data<Options>(await call(user, "POST", "/auth/passkeys/register/options"));
  const credential = await authenticator.register(options);
  const added = await data<{ id: string; name: string }>(
    await call(user, "POST", "/auth/passkeys/register", { flow_token, name, credential }),
    201,
  );
  return { authenticator, id: added.id };
}

const signInOptions = () => postJson("/auth/passkeys/login/options", {}).then((r) => data<Options>(r));
const confirmOptions = (user: SignedInUser) =>
  call(user, "POST", "/auth/passkeys/confirm/options").then((r) => data<Options>(r));

describe("adding, listing, renaming and removing passkeys", () => {
  it("adds a passkey the account lists, mails the owner, and renames it", async () => {
    const user = await signedInUser();
    const { id } = await addPasskey(user, "Work laptop");
    const listed = await data<{ passkeys: { id: string; name: string; backed_up: boolean }[] }>(
      await call(user, "GET", "/auth/passkeys"),
    );
    expect(listed.passkeys).toEqual([expect.objectContaining({ id, name: "Work laptop", backed_up: false })]);
    const [mail] = await outbox(user.email);
    expect(mail?.subject).toBe("A passkey was added to your account");
    expect(mail?.text).toContain('"Work laptop"');
    const renamed = await data<{ name: string }>(await call(user, "PATCH", `/auth/passkeys/${id}`, { name: "Phone" }));
    expect(renamed.name).toBe("Phone");
  });

  it("creation options ask for a resident key and user verification and exclude the passkeys already added", async () => {
    const user = await signedInUser();
    const { authenticator } = await addPasskey(user);
    const { options } = await data<{
      options: {
        rp: { id: string };
        excludeCredentials: { id: string }[];
        authenticatorSelection: { residentKey: string; userVerification: string };
      };
    }>(await call(user, "POST", "/auth/passkeys/register/options"));
    expect(options.rp.id).toBe("shop.test");
    expect(options.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "required" });
    expect(options.excludeCredentials.map((credential) => credential.id)).toEqual([authenticator.credentialId]);
  });

  it("refuses a creation from another origin, without user verification, or with a used challenge", async () => {
    const user = await signedInUser();
    const authenticator = await SoftAuthenticator.create();
    for (const client of [{ origin: "https://evil.test" }, { userVerified: false }, { rpId: "evil.test" }]) {
      const { flow_token, options } = await data<Options>(await call(user, "POST", "/auth/passkeys/register/options"));
      const credential = await authenticator.register(options, client);
      const refused = await errorOf(
        await call(user, "POST", "/auth/passkeys/register", { flow_token, name: "x", credential }),
        400,
      );
      expect(refused.code).toBe("passkey_invalid");
      // The challenge was spent by the refused try.
      const again = await errorOf(
        await call(user, "POST", "/auth/passkeys/register", { flow_token, name: "x", credential }),
        400,
      );
      expect(again.code).toBe("passkey_challenge_invalid");
    }
    expect((await data<{ passkeys: unknown[] }>(await call(user, "GET", "/auth/passkeys"))).passkeys).toEqual([]);
  });

  it("refuses a challenge issued to another session, and a credential id another account holds", async () => {
    const user = await signedInUser();
    const other = await signedInUser();
    const { flow_token, options } = await data<Options>(await call(user, "POST", "/auth/passkeys/register/options"));
    const authenticator = await SoftAuthenticator.create();
    const credential = await authenticator.register(options);
    const stolen = await errorOf(
      await call(other, "POST", "/auth/passkeys/register", { flow_token, name: "x", credential }),
      400,
    );
    expect(stolen.code).toBe("passkey_challenge_invalid");

    const held = await addPasskey(user);
    const second = await data<Options>(await call(other, "POST", "/auth/passkeys/register/options"));
    // The same authenticator credential presented again for the other account.
    const copy = await held.authenticator.register(second.options);
    const taken = await errorOf(
      await call(other, "POST", "/auth/passkeys/register", {
        flow_token: second.flow_token,
        name: "x",
        credential: copy,
      }),
      409,
    );
    expect(taken.code).toBe("passkey_already_registered");
  });

  it("removes a passkey with the account password (wrong password refused) and mails the owner", async () => {
    const user = await signedInUser();
    const { id } = await addPasskey(user, "Old phone");
    expect(
      (await errorOf(await call(user, "DELETE", `/auth/passkeys/${id}`, { password: "Wrong-Passw0rd!" }), 403)).code,
    ).toBe("invalid_password");
    await data(await call(user, "DELETE", `/auth/passkeys/${id}`, { password: user.password }));
    expect((await data<{ passkeys: unknown[] }>(await call(user, "GET", "/auth/passkeys"))).passkeys).toEqual([]);
    expect((await outbox(user.email))[0]?.subject).toBe("A passkey was removed from your account");
    const other = await signedInUser();
    const { id: othersId } = await addPasskey(other);
    expect(
      (await errorOf(await call(user, "DELETE", `/auth/passkeys/${othersId}`, { password: user.password }), 404)).code,
    ).toBe("passkey_not_found");
  });
});

describe("signing in with a passkey", () => {
  it("signs in without username, password or seed key; the token works", async () => {
    const user = await signedInUser();
    const { authenticator } = await addPasskey(user);
    const { flow_token, options } = await signInOptions();
    const signedIn = await data<{ token: string; user: { username: string } }>(
      await postJson("/auth/passkeys/login", { flow_token, credential: await authenticator.assert(options) }),
    );
    expect(signedIn.user.username).toBe(user.username);
    const profile = await data<{ username: string }>(await call({ token: signedIn.token }, "GET", "/profile"));
    expect(profile.username).toBe(user.username);
  });

  it("refuses a challenge used twice, a replayed assertion, a wrong origin and a missing user verification", async () => {
    const user = await signedInUser();
    const { authenticator } = await addPasskey(user);
    const first = await signInOptions();
    const credential = await authenticator.assert(first.options);
    await data(await postJson("/auth/passkeys/login", { flow_token: first.flow_token, credential }));
    // The same flow token and answer again: the challenge is gone.
    const twice = await errorOf(
      await postJson("/auth/passkeys/login", { flow_token: first.flow_token, credential }),
      400,
    );
    expect(twice.code).toBe("passkey_challenge_invalid");
    // The recorded answer replayed against a fresh challenge: it signed the old one.
    const fresh = await signInOptions();
    const replayed = await errorOf(
      await postJson("/auth/passkeys/login", { flow_token: fresh.flow_token, credential }),
      401,
    );
    expect(replayed).toMatchObject({ code: "passkey_invalid", message: "The passkey could not be verified." });
    // A signature of the new challenge with a counter that did not move (a cloned authenticator).
    const cloned = await signInOptions();
    const stale = await errorOf(
      await postJson("/auth/passkeys/login", {
        flow_token: cloned.flow_token,
        credential: await authenticator.assert(cloned.options, { counter: 1 }),
      }),
      401,
    );
    expect(stale.code).toBe("passkey_invalid");
    for (const client of [{ origin: "https://evil.test" }, { userVerified: false }, { rpId: "evil.test" }]) {
      const { flow_token, options } = await signInOptions();
      const refused = await errorOf(
        await postJson("/auth/passkeys/login", {
          flow_token,
          credential: await authenticator.assert(options, {
            ...client,
            counter: 100 + Math.floor(Math.random() * 1e6),
          }),
        }),
        401,
      );
      expect(refused.code).toBe("passkey_invalid");
    }
  });

  it("works only on the storefront's own host: another host is refused in the one error shape", async () => {
    const response = await SELF.fetch("https://customer-forwarded.example/api/v1/auth/passkeys/login/options", {
      method: "POST",
      headers: { "cf-connecting-ip": freshClientIp() },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      code: "passkey_invalid",
      message: "Passkeys work only on this site's own address.",
    });
  });

  it("a deleted account's passkey signs in no more", async () => {
    const user = await signedInUser();
    const { authenticator } = await addPasskey(user);
    await data(
      await call(user, "DELETE", "/account", { password: user.password, confirmation: DELETE_ACCOUNT_PHRASE }),
    );
    const { flow_token, options } = await signInOptions();
    const refused = await errorOf(
      await postJson("/auth/passkeys/login", { flow_token, credential: await authenticator.assert(options) }),
      401,
    );
    expect(refused.code).toBe("passkey_invalid");
  });

  it("counts failed assertions as failed sign-ins of the address", async () => {
    const user = await signedInUser();
    const { authenticator } = await addPasskey(user);
    const ip = freshClientIp();
    const attempt = async (client = {}) => {
      const { flow_token, options } = await signInOptions();
      return api("/auth/passkeys/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ flow_token, credential: await authenticator.assert(options, client) }),
        clientIp: ip,
      });
    };
    for (let i = 0; i < 5; i += 1) expect((await attempt({ origin: "https://evil.test" })).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect((await limited.json<{ code: string }>()).code).toBe("too_many_attempts");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("passes the two-factor step with the account's passkey, not another account's", async () => {
    const user = await signedInUser();
    const { secret } = await data<{ secret: string }>(await call(user, "POST", "/account/2fa/setup"));
    await data(await call(user, "POST", "/account/2fa/enable", { code: await totpCode(secret, Date.now()) }));
    const { authenticator } = await addPasskey(user);
    const stranger = await signedInUser();
    const strangers = await addPasskey(stranger);
    const challenge = async () =>
      (
        await data<{ challenge_token: string }>(
          await postJson(
            "/auth/login",
            { username: user.username, password: user.password, seed_key: user.seedKey },
            freshClientIp(),
          ),
        )
      ).challenge_token;
    const challengeToken = await challenge();
    const wrong = await data<Options>(
      await postJson("/auth/passkeys/login/2fa/options", { challenge_token: challengeToken }),
    );
    const refused = await errorOf(
      await postJson("/auth/passkeys/login/2fa", {
        challenge_token: challengeToken,
        flow_token: wrong.flow_token,
        credential: await strangers.authenticator.assert(wrong.options),
      }),
      401,
    );
    expect(refused.code).toBe("passkey_invalid");
    const right = await data<Options>(
      await postJson("/auth/passkeys/login/2fa/options", { challenge_token: challengeToken }),
    );
    const signedIn = await data<{ user: { username: string } }>(
      await postJson("/auth/passkeys/login/2fa", {
        challenge_token: challengeToken,
        flow_token: right.flow_token,
        credential: await authenticator.assert(right.options),
      }),
    );
    expect(signedIn.user.username).toBe(user.username);
  });
});

describe("confirming with a passkey", () => {
  it("a proof locks a domain in place of the password, once, and only for its session", async () => {
    const user = await buyer();
    const [name] = await buy(user);
    const { authenticator } = await addPasskey(user);
    const { flow_token, options } = await confirmOptions(user);
    const { proof } = await data<{ proof: string }>(
      await call(user, "POST", "/auth/passkeys/confirm", {
        flow_token,
        credential: await authenticator.assert(options),
      }),
    );
    expect(proof).toMatch(/^pkc_/u);
    const locked = await data<{ locked: boolean }>(
      await call(user, "PUT", `/domains/dns/${name}/domain-lock`, { locked: true, password: proof }),
    );
    expect(locked.locked).toBe(true);
    // Used once: the same proof again is a wrong password.
    expect(
      (
        await errorOf(
          await call(user, "PUT", `/domains/dns/${name}/domain-lock`, { locked: false, password: proof }),
          403,
        )
      ).code,
    ).toBe("invalid_password");
    // A proof given to one session does not confirm for another session of the same account.
    const second = await confirmOptions(user);
    const { proof: other } = await data<{ proof: string }>(
      await call(user, "POST", "/auth/passkeys/confirm", {
        flow_token: second.flow_token,
        credential: await authenticator.assert(second.options),
      }),
    );
    const signedIn = await data<{ token: string }>(
      await postJson("/auth/login", { username: user.username, password: user.password, seed_key: user.seedKey }),
    );
    expect(
      (
        await errorOf(
          await call({ token: signedIn.token }, "PUT", `/domains/dns/${name}/domain-lock`, {
            locked: false,
            password: other,
          }),
          403,
        )
      ).code,
    ).toBe("invalid_password");
  });

  it("refuses another account's credential, and counts failed assertions with the wrong passwords", async () => {
    const user = await signedInUser();
    await addPasskey(user);
    const stranger = await signedInUser();
    const strangers = await addPasskey(stranger);
    for (let i = 0; i < 5; i += 1) {
      const { flow_token, options } = await confirmOptions(user);
      const refused = await errorOf(
        await call(user, "POST", "/auth/passkeys/confirm", {
          flow_token,
          credential: await strangers.authenticator.assert(options),
        }),
        403,
      );
      expect(refused).toMatchObject({ code: "passkey_invalid", message: "The passkey could not be verified." });
    }
    // The limit of the account's confirmations is reached: the right password is refused too.
    const limited = await call(user, "PUT", "/account/username", {
      new_username: `n${user.username}`,
      password: user.password,
    });
    expect(limited.status).toBe(429);
    expect((await limited.json<{ code: string }>()).code).toBe("too_many_attempts");
  });

  it("removes a passkey confirmed with a passkey", async () => {
    const user = await signedInUser();
    const first = await addPasskey(user, "Phone");
    const { id } = await addPasskey(user, "Tablet");
    const { flow_token, options } = await confirmOptions(user);
    const { proof } = await data<{ proof: string }>(
      await call(user, "POST", "/auth/passkeys/confirm", {
        flow_token,
        credential: await first.authenticator.assert(options),
      }),
    );
    await data(await call(user, "DELETE", `/auth/passkeys/${id}`, { password: proof }));
    const left = await data<{ passkeys: { name: string }[] }>(await call(user, "GET", "/auth/passkeys"));
    expect(left.passkeys.map((passkey) => passkey.name)).toEqual(["Phone"]);
  });

  it("answers confirm options 404 when the account has no passkey, and refuses personal API tokens", async () => {
    const user = await signedInUser();
    expect((await errorOf(await call(user, "POST", "/auth/passkeys/confirm/options"), 404)).code).toBe(
      "passkey_not_found",
    );
    const created = await data<{ token: string }>(
      await call(user, "POST", "/account/api-tokens", { name: "script", scopes: ["read", "domains", "billing"] }),
      201,
    );
    expect((await errorOf(await call({ token: created.token }, "GET", "/auth/passkeys"), 403)).code).toBe(
      "insufficient_scope",
    );
  });
});
