// Checkout (issue 13) over HTTP against the running server, as a client of /api/v1 would buy:
// buyers are registered, verified through the development outbox, signed in, given an address;
// then (1) each buys one fresh .com with the embedded test provider's card 4242…, timed from
// sending POST /payment/unified to the order being "completed" (its answer, or GET /orders/:id
// until it is); (2) `raceBuyers` buyers put the same fresh name in their carts and pay at the same
// moment: the outcome is counted from the answers and from each buyer's payment history.
import { randomInt } from "node:crypto";
import { freshLabel } from "./catalogue.mjs";
import { durationStats } from "./load.mjs";

const VISA = { number: "4242 4242 4242 4242", exp_month: 12, exp_year: new Date().getUTCFullYear() + 5, cvc: "123" };
const password = () => `Bench-${freshLabel("", 12)}-7Q`;

/** One JSON call; throws with the answer when the status is not `expect`. */
export async function call(origin, method, path, { token, body, ip, expect } = {}) {
  const headers = {
    accept: "application/json",
    "cf-connecting-ip": ip ?? `10.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(254)}`,
  };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(new URL(`/api/v1${path}`, origin), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: json stays null.
  }
  if (expect !== undefined && response.status !== expect)
    throw new Error(`${method} ${path} answered HTTP ${response.status}, expected ${expect}: ${text.slice(0, 200)}`);
  return { status: response.status, json };
}

/** A verified, signed-in buyer with one address: { token, contactId, ip, username, email, password, seedKey }. */
export async function newBuyer(origin) {
  const ip = `10.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(254)}`;
  const username = freshLabel("buyer", 10);
  const account = { username, email: `${username}@example.com`, password: password() };
  const registered = await call(origin, "POST", "/auth/register", { body: account, ip, expect: 201 });
  const outbox = await call(origin, "GET", `/dev/outbox?to=${encodeURIComponent(account.email)}`, { expect: 200 });
  const code = outbox.json.data.messages.map((message) => /\b(\d{6})\b/u.exec(message.text)?.[1]).find(Boolean);
  if (!code) throw new Error(`no verification code mailed to ${account.email} (is the development outbox on?)`);
  // A code is tried within its registration's flow (issue 18): without the register answer's flow
  // token, and before any session exists, the API answers code_invalid.
  await call(origin, "POST", "/auth/verify-email", {
    body: { email: account.email, code, flow_token: registered.json.data.flow_token },
    ip,
    expect: 200,
  });
  const login = await call(origin, "POST", "/auth/login", {
    body: { username, password: account.password, seed_key: registered.json.data.seed_key, remember_me: false },
    ip,
    expect: 200,
  });
  const token = login.json.data.token;
  const address = await call(origin, "POST", "/account/addresses", {
    token,
    body: {
      firstName: "Bench",
      lastName: "Buyer",
      address: "1 Edge Street",
      city: "Istanbul",
      country: "TR",
      email: account.email,
    },
    expect: 201,
  });
  return {
    token,
    contactId: address.json.data.contactId,
    ip,
    username,
    email: account.email,
    password: account.password,
    seedKey: registered.json.data.seed_key,
  };
}

export const pay = (origin, buyer) =>
  call(origin, "POST", "/payment/unified", {
    token: buyer.token,
    ip: buyer.ip,
    body: { idempotency_key: `bench-${crypto.randomUUID()}`, contact_id: buyer.contactId, card: VISA },
  });

/** Waits until the order settles (completed, failed…), asking GET /orders/:id. */
export async function settled(origin, buyer, order, deadline) {
  let current = order;
  while (["pending", "paid", "fulfilling"].includes(current.status)) {
    if (Date.now() > deadline) throw new Error(`order ${current.number} still ${current.status} after the time limit`);
    await new Promise((resolve) => setTimeout(resolve, 25));
    current = (await call(origin, "GET", `/orders/${current.id}`, { token: buyer.token, expect: 200 })).json.data;
  }
  return current;
}

export async function checkoutRun({ origin, buyers, raceBuyers, track }) {
  let stopped = false;
  const untrack = track(() => {
    stopped = true;
  });
  try {
    // 1. Time to completed, one buyer after another.
    const durations = [];
    const statuses = {};
    for (let i = 0; i < buyers; i++) {
      if (stopped) throw new Error("interrupted");
      const buyer = await newBuyer(origin);
      await call(origin, "POST", "/cart/items", {
        token: buyer.token,
        body: { domain: `${freshLabel("bench", 12)}.com` },
        expect: 201,
      });
      const started = performance.now();
      const answer = await pay(origin, buyer);
      if (answer.status !== 201)
        throw new Error(
          `POST /payment/unified answered HTTP ${answer.status}: ${JSON.stringify(answer.json).slice(0, 200)}`,
        );
      const order = await settled(origin, buyer, answer.json.data.order, Date.now() + 30_000);
      durations.push(performance.now() - started);
      statuses[order.status] = (statuses[order.status] ?? 0) + 1;
    }

    // 2. The race: everyone pays for the same available name at once.
    const name = `${freshLabel("race", 12)}.com`;
    const racers = [];
    for (let i = 0; i < raceBuyers; i++) racers.push(await newBuyer(origin));
    for (const racer of racers)
      await call(origin, "POST", "/cart/items", { token: racer.token, body: { domain: name }, expect: 201 });
    const answers = await Promise.all(racers.map((racer) => pay(origin, racer)));
    const outcome = {
      completed: 0,
      refusedAlreadyBeingRegistered: 0,
      refusedNotAvailable: 0,
      failedOrders: 0,
      otherAnswers: 0,
      succeededCharges: 0,
      refundedCharges: 0,
    };
    for (const [index, answer] of answers.entries()) {
      const racer = racers[index];
      if (answer.status === 409 && answer.json?.code === "already_being_registered")
        outcome.refusedAlreadyBeingRegistered++;
      else if (answer.status === 409 && answer.json?.code === "not_available") outcome.refusedNotAvailable++;
      else if (answer.status === 201 || answer.status === 200) {
        const order = await settled(origin, racer, answer.json.data.order, Date.now() + 30_000);
        if (order.status === "completed") outcome.completed++;
        else outcome.failedOrders++;
      } else outcome.otherAnswers++;
      const payments = (await call(origin, "GET", "/payments/", { token: racer.token, expect: 200 })).json.data
        .payments;
      outcome.succeededCharges += payments.filter((payment) => payment.status === "succeeded").length;
      outcome.refundedCharges += payments.filter((payment) => payment.refunded > 0).length;
    }
    return {
      card: "4242 4242 4242 4242 (test provider)",
      completedMs: durationStats(durations),
      statuses,
      race: { buyers: raceBuyers, name, ...outcome },
    };
  } finally {
    untrack();
  }
}
