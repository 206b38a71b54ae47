// Issue 19 (5): every mail is in the RECIPIENT's language — the account's stored language (the
// one it signed up or last signed in with), whoever or whatever sends it (a request in another
// language, the staff, the scheduled job) — with money and dates formatted for that language;
// and the API's error texts and renewal reasons come back in the request's language.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createSimulatedRegistry } from "../../workers/api/adapters/registry/simulated";
import { createPayments } from "../../workers/api/adapters/payments";
import { createApiApp } from "../../workers/api/app";
import type { UserDomainView } from "../../workers/api/db/user-domains";
import type { ApiEnv } from "../../workers/api/env";
import { runDomainLifecycle } from "../../workers/api/jobs/domain-lifecycle";
import { defaultServices, type ApiServices } from "../../workers/api/services";
import { api, outbox, postJson, seedSampleCatalogue, signedInUser, type ErrorBody, type SignedInUser } from "./helpers";
import { call, data, saveCard, VISA, type Buyer } from "./my-domains-support";
import { freshLabel } from "./registry-fixtures";

vi.setConfig({ testTimeout: 120_000 });

const apiEnv: ApiEnv = env;
const DAY = 86_400_000;
const WRONG = "Wrong-Passw0rd!";

beforeAll(async () => {
  await seedSampleCatalogue();
});

/** A verified buyer with an address, signed up and signed in with `language` as Accept-Language. */
async function buyerIn(language: string): Promise<Buyer> {
  const user = await signedInUser({ verified: true, language });
  const address = await data<{ contactId: number }>(
    await call(user, "POST", "/account/addresses", {
      firstName: "Ada",
      lastName: "Lovelace",
      address: "12 Analytical St",
      city: "London",
      country: "GB",
      email: user.email,
    }),
    201,
  );
  return { ...user, contactId: address.contactId };
}

/** Buys one domain for `years` with no Accept-Language on the request; answers the order. */
async function buyOne(user: Buyer, years: number, headers: Record<string, string> = {}) {
  const name = `${freshLabel()}.com`;
  await data(await call(user, "POST", "/cart/items", { domain: name, years }), 201);
  const response = await api("/payment/unified", {
    method: "POST",
    headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json", ...headers },
    body: JSON.stringify({ idempotency_key: `k-${crypto.randomUUID()}`, contact_id: user.contactId, card: VISA }),
  });
  const { order } = await data<{ order: { number: number; status: string; total: number } }>(response, 201);
  expect(order.status).toBe("completed");
  return { name, order };
}

async function receiptOf(email: string, subjectPart: string) {
  const mail = (await outbox(email)).find((message) => message.subject.includes(subjectPart));
  if (!mail) throw new Error(`no mail with "${subjectPart}" to ${email}`);
  return mail;
}

/** Five wrong password confirmations: the fifth mails the owner a security notice. */
async function guessPasswords(user: SignedInUser): Promise<void> {
  for (let index = 0; index < 5; index += 1) {
    const response = await call(user, "PUT", "/account/username", {
      new_username: `n${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}`,
      password: WRONG,
    });
    expect(response.status).toBe(403);
  }
}

const ENGLISH_WORDS =
  /\b(registration|renewal|completed|refunded|Status|Total|Thank|order|year|years|password|Hello)\b|\d+y\b/u;

describe("the receipt mail", () => {
  it("comes out in Turkish for a Turkish account, every word and the money formatted for tr-TR", async () => {
    const user = await buyerIn("tr-TR,tr;q=0.9");
    // The payment itself is sent without a language (or with an English one): the account decides.
    const { name, order } = await buyOne(user, 2, { "accept-language": "en-US" });
    const mail = await receiptOf(user.email, `#${order.number}`);
    expect(mail.subject).toBe(`#${order.number} numaralı Trinity siparişinizin makbuzu`);
    expect(mail.text).toContain("Siparişiniz için teşekkür ederiz.");
    expect(mail.text).toContain(`- ${name} (kayıt, 2 yıl): `);
    const total = new Intl.NumberFormat("tr-TR", { style: "currency", currency: "USD" }).format(order.total);
    expect(mail.text).toContain(`Toplam: ${total}`);
    expect(total).toMatch(/\d,\d\d/u);
    expect(mail.text).toContain("Durum: tamamlandı");
    expect(mail.text.replace(name, "")).not.toMatch(ENGLISH_WORDS);
  });

  it("comes out in English for an English account, even when the paying request asks for Turkish", async () => {
    const user = await buyerIn("en-US,en;q=0.8");
    const { name, order } = await buyOne(user, 1, { "accept-language": "tr" });
    const mail = await receiptOf(user.email, `#${order.number}`);
    expect(mail.subject).toBe(`Your Trinity receipt for order #${order.number}`);
    expect(mail.text).toContain(`- ${name} (registration, 1 year): `);
    expect(mail.text).toContain(
      `Total: ${new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(order.total)}`,
    );
    expect(mail.text).toContain("Status: completed");
  });

  it("follows the language the account last signed in with", async () => {
    const user = await buyerIn("en");
    const again = await api("/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": "tr" },
      body: JSON.stringify({ username: user.username, password: user.password, seed_key: user.seedKey }),
    });
    const { token } = await data<{ token: string }>(again);
    const { order } = await buyOne({ ...user, token }, 1);
    expect((await receiptOf(user.email, `#${order.number}`)).subject).toBe(
      `#${order.number} numaralı Trinity siparişinizin makbuzu`,
    );
    // A client that names no language (a script) leaves the account's language as it is.
    await data(
      await postJson("/auth/login", { username: user.username, password: user.password, seed_key: user.seedKey }),
    );
    const { order: second } = await buyOne({ ...user, token }, 1);
    expect((await receiptOf(user.email, `#${second.number}`)).subject).toBe(
      `#${second.number} numaralı Trinity siparişinizin makbuzu`,
    );
  });
});

describe("PUT /account/language (the storefront's language switch, signed in)", () => {
  it("makes the account's mails come out in the chosen language; anything but en or tr is a 400", async () => {
    const user = await buyerIn("en");
    expect(await data<{ locale: string }>(await call(user, "PUT", "/account/language", { locale: "tr" }))).toEqual({
      locale: "tr",
    });
    const { order } = await buyOne(user, 1);
    expect((await receiptOf(user.email, `#${order.number}`)).subject).toBe(
      `#${order.number} numaralı Trinity siparişinizin makbuzu`,
    );
    for (const locale of ["de", "", "TR", null]) {
      const refused = await call(user, "PUT", "/account/language", { locale });
      expect(refused.status).toBe(400);
      expect((await refused.json<ErrorBody>()).code).toBe("invalid_parameter");
    }
    expect((await call(null, "PUT", "/account/language", { locale: "tr" })).status).toBe(401);
  });
});

describe("the security mail (wrong passwords)", () => {
  it("comes out in Turkish for a Turkish account, with the glossary's word for password and a Turkish date", async () => {
    const user = await signedInUser({ language: "tr" });
    await guessPasswords(user);
    const mail = await receiptOf(user.email, "parola");
    expect(mail.subject).toBe("Hesabınızda art arda yanlış parola girildi");
    expect(mail.text).toContain(`Merhaba ${user.username},`);
    expect(mail.text).toContain("hesap parolanız 5 kez yanlış girildi");
    expect(mail.text).not.toMatch(/şifre/iu);
    const month = new Intl.DateTimeFormat("tr-TR", { month: "long", timeZone: "UTC" }).format(new Date());
    expect(mail.text).toContain(month);
    expect(mail.text.replace(user.username, "")).not.toMatch(ENGLISH_WORDS);
  });

  it("comes out in English for an English account", async () => {
    const user = await signedInUser({ language: "en-GB" });
    await guessPasswords(user);
    const mail = await receiptOf(user.email, "wrong passwords");
    expect(mail.subject).toBe("Several wrong passwords were entered for your account");
    expect(mail.text).toContain("5 times");
    expect(mail.text).toContain(
      new Intl.DateTimeFormat("en-US", { month: "long", timeZone: "UTC" }).format(new Date()),
    );
  });
});

describe("the support mails", () => {
  it("are in the customer's language, not the staff's", async () => {
    const user = await signedInUser({ language: "tr" });
    const ticket = await data<{ id: string }>(
      await call(user, "POST", "/support/tickets", {
        subject: "Alan adı sorusu",
        details: "Alan adımı nasıl taşırım, yardım eder misiniz?",
        priority: "normal",
        category: "domains",
      }),
      201,
    );
    expect((await outbox(user.email))[0]!.subject).toBe("Destek talebiniz alındı: Alan adı sorusu");
    // The staff's tool asks in English.
    const ctx = createExecutionContext();
    const reply = await createApiApp().fetch(
      new Request(`https://shop.test/api/v1/support/staff/tickets/${ticket.id}/replies`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "accept-language": "en-US",
          "cf-connecting-ip": "203.0.113.9",
          authorization: "Bearer staff-secret",
        },
        body: JSON.stringify({ body: "Done: the transfer is on its way." }),
      }),
      { ...apiEnv, SUPPORT_API_TOKEN: "staff-secret" },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(reply.status).toBe(201);
    const [mail] = await outbox(user.email);
    expect(mail!.subject).toBe("Talebinize yanıt var: Alan adı sorusu");
    expect(mail!.text).toContain("Destek ekibimiz");
  });
});

describe("the API's texts", () => {
  it("answers an error in the request's language (Turkish, else English)", async () => {
    const user = await signedInUser();
    const taken = (language: string) =>
      api("/auth/register", {
        method: "POST",
        headers: { "content-type": "application/json", "accept-language": language },
        body: JSON.stringify({
          username: user.username,
          email: `x${crypto.randomUUID().slice(0, 8)}@example.test`,
          password: "Corr3ct-Horse!",
        }),
      });
    expect(await (await taken("tr")).json<ErrorBody>()).toMatchObject({
      code: "username_taken",
      message: "Bu kullanıcı adı zaten alınmış",
    });
    expect(await (await taken("en")).json<ErrorBody>()).toMatchObject({
      code: "username_taken",
      message: "This username is already taken",
    });
    // A text with a value in it keeps the value.
    const name = `${freshLabel()}.com`;
    const add = (language: string) =>
      api("/cart/items", {
        method: "POST",
        headers: {
          authorization: `Bearer ${user.token}`,
          "content-type": "application/json",
          "accept-language": language,
        },
        body: JSON.stringify({ domain: name }),
      });
    expect((await add("tr")).status).toBe(201);
    expect(await (await add("tr")).json<ErrorBody>()).toMatchObject({
      code: "already_in_cart",
      message: `${name} zaten sepetinizde.`,
    });
    expect(await (await add("en")).json<ErrorBody>()).toMatchObject({
      code: "already_in_cart",
      message: `${name} is already in your cart.`,
    });
  });

  it("a failed auto-renewal: mailed in the account's language, its reason shown in the page's", async () => {
    const user = await buyerIn("tr");
    const { name } = await buyOne(user, 9);
    await saveCard(user, "4000002760003184");
    await data(await call(user, "PUT", `/user-domains/${name}/auto-renew`, { auto_renew: true }));
    const before = await data<UserDomainView>(await call(user, "GET", `/user-domains/${name}`));
    const at = new Date(Date.parse(before.expires_at ?? "") - 3 * DAY);
    const now = () => at;
    const services: ApiServices = {
      ...defaultServices(apiEnv),
      now,
      registry: createSimulatedRegistry(apiEnv.DB, now),
      payments: createPayments(apiEnv, now),
    };
    expect(await runDomainLifecycle(apiEnv, services)).toMatchObject({ renewFailed: 1 });

    const mail = await receiptOf(user.email, `${name} otomatik olarak yenilenemedi`);
    expect(mail.text).toContain("Bankanız bu ödemeyi onaylamanızı istiyor; kendiniz yenileyin.");
    expect(mail.text).toContain(
      new Intl.DateTimeFormat("tr-TR", { dateStyle: "long", timeZone: "UTC" }).format(
        new Date(before.expires_at ?? ""),
      ),
    );

    // The reminder of the same run too: "3 days", and auto-renewal is on "7 days before".
    const reminder = await receiptOf(user.email, `${name} alan adının süresi 3 gün sonra doluyor`);
    expect(reminder.text).toContain("Otomatik yenileme açık: süresi dolmadan 7 gün önce");

    const view = async (language: string) =>
      data<UserDomainView>(
        await api(`/user-domains/${name}`, {
          headers: { authorization: `Bearer ${user.token}`, "accept-language": language },
        }),
      );
    expect((await view("tr")).renew_error).toBe("Bankanız bu ödemeyi onaylamanızı istiyor; kendiniz yenileyin.");
    expect((await view("en")).renew_error).toBe("Your bank asks you to confirm this payment; renew it yourself.");
  });
});
