// The signed-in pages (issue 25), as a customer sees them: a bench account is made through the
// API the way any client makes one (register, seed key, the code from the development outbox,
// sign in, a contact), buys a domain and a VPS with the embedded test provider's card (each order
// leaves an invoice), and keeps one more domain in its cart. The browser's session is the web
// app's own signed `__session` cookie, got by posting the sign-in form like a browser without
// JavaScript; Lighthouse sends it as an extra `Cookie` header and the report's final URL shows
// that the page was not sent to /signin.
import { freshLabel } from "./catalogue.mjs";
import { call, newBuyer, pay, settled } from "./checkout.mjs";
import { SIGNED_IN } from "./config.mjs";

/** Pays the buyer's cart with the test card and waits for the order to complete; answers the order. */
async function buyCart(origin, buyer) {
  const answer = await pay(origin, buyer);
  if (answer.status !== 201)
    throw new Error(
      `POST /payment/unified answered HTTP ${answer.status}: ${JSON.stringify(answer.json).slice(0, 200)}`,
    );
  const order = await settled(origin, buyer, answer.json.data.order, Date.now() + SIGNED_IN.orderTimeoutMs);
  if (order.status !== "completed") throw new Error(`order ${order.number} ended ${order.status}, not completed`);
  return order;
}

/**
 * The bench customer: { buyer, domain, vpsId, hostname, invoiceNumber, cartDomain }. A domain
 * order and a VPS order, each paid with 4242…, then a domain left in the cart for /checkout.
 */
export async function seedCustomer(origin) {
  const buyer = await newBuyer(origin);
  const domain = `${freshLabel("benchmine", 10)}.com`;
  await call(origin, "POST", "/cart/items", { token: buyer.token, ip: buyer.ip, body: { domain }, expect: 201 });
  await buyCart(origin, buyer);

  const hostname = `${freshLabel("vps", 10)}.example.com`;
  await call(origin, "POST", "/cart/servers", {
    token: buyer.token,
    ip: buyer.ip,
    body: { ...SIGNED_IN.server, hostname },
    expect: 201,
  });
  await buyCart(origin, buyer);
  const servers = await call(origin, "GET", `/vps/?q=${encodeURIComponent(hostname)}`, {
    token: buyer.token,
    ip: buyer.ip,
    expect: 200,
  });
  const server = servers.json.data.servers.find((entry) => entry.hostname === hostname);
  if (!server) throw new Error(`the VPS ${hostname} was bought but GET /vps/ does not list it`);

  const invoices = await call(origin, "GET", "/invoices/", { token: buyer.token, ip: buyer.ip, expect: 200 });
  const invoice = invoices.json.data.invoices[0];
  if (!invoice) throw new Error("two orders were paid but GET /invoices/ lists no invoice");

  const cartDomain = `${freshLabel("benchcart", 10)}.com`;
  await call(origin, "POST", "/cart/items", {
    token: buyer.token,
    ip: buyer.ip,
    body: { domain: cartDomain },
    expect: 201,
  });
  return { buyer, domain, vpsId: server.id, hostname, invoiceNumber: invoice.number, cartDomain };
}

/**
 * Signs in through the storefront's own form (POST /signin, as a browser without JavaScript
 * does) and answers the `Cookie` header value with the signed session cookie it set.
 */
export async function webSessionCookie(origin, buyer) {
  const form = new URLSearchParams({
    intent: "credentials",
    username: buyer.username,
    password: buyer.password,
    seed_key: buyer.seedKey,
    redirect: "/dashboard",
  });
  const response = await fetch(new URL("/signin", origin), {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: new URL(origin).origin,
      "cf-connecting-ip": buyer.ip,
    },
    body: form,
  });
  await response.arrayBuffer();
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .find((pair) => pair.startsWith(`${SIGNED_IN.sessionCookie}=`) && pair.length > SIGNED_IN.sessionCookie.length + 1);
  if (response.status !== 302 && response.status !== 303)
    throw new Error(`POST /signin answered HTTP ${response.status}, expected a redirect to /dashboard`);
  if (!session) throw new Error(`POST /signin set no ${SIGNED_IN.sessionCookie} cookie`);
  return session;
}

/** The signed-in pages (templates, SIGNED_IN.paths by default) with the seeded customer's names filled in. */
export function signedInPaths(customer, templates = SIGNED_IN.paths) {
  return templates.map((template) =>
    template
      .replace("{domain}", customer.domain)
      .replace("{invoice}", String(customer.invoiceNumber))
      .replace("{vps}", customer.vpsId),
  );
}

/** True when Lighthouse's final URL is the page asked for, not the sign-in page it redirects to. */
export function stayedSignedIn(askedUrl, finalUrl) {
  if (!finalUrl) return false;
  const asked = new URL(askedUrl);
  const final = new URL(finalUrl);
  return final.pathname === asked.pathname && !final.pathname.startsWith("/signin");
}
