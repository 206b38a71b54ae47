import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { randomLetters } from "./domain";

// Accounts in end-to-end tests: every test makes its own users (fresh names, a fresh client
// address so the API's per-address sign-up and sign-in limits never mix tests), through the
// public API as any client would, and reads mailed codes from the development outbox.

export const TEST_PASSWORD = "Correct-Horse-9";

/**
 * Sends a request again when the local server hung up before answering. Playwright's request
 * context reuses keep-alive sockets that `wrangler dev` (workerd) closes after 5 idle seconds
 * (microsoft/playwright#42698, cloudflare/workers-sdk#14641); such a request never reached a
 * handler, so sending it again repeats nothing.
 */
export async function resend<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (error instanceof Error && /socket hang up|ECONNRESET|other side closed/u.test(error.message)) return send();
    throw error;
  }
}

export type TestUser = {
  username: string;
  email: string;
  password: string;
  seedKey: string;
  ip: string;
  /** The flow token of the registration's verification mail (issue 18: codes are tried within their flow). */
  flowToken: string;
};

/** A random private IPv4 address (the local server trusts `cf-connecting-ip`, Cloudflare sets it in production). */
export function freshIp(): string {
  const byte = () => 1 + Math.floor(Math.random() * 254);
  return `10.${byte()}.${byte()}.${byte()}`;
}

/** A username and email no test has used: `e2e_` + 10 random letters. */
export function freshIdentity(): { username: string; email: string } {
  const username = `e2e_${randomLetters(10)}`;
  return { username, email: `${username}@example.test` };
}

/**
 * Sends every request of this page (documents, form posts, fetches) from `ip`. Call it before
 * the first navigation of a test that signs up or signs in through the pages.
 */
export async function useClientIp(page: Page, ip: string = freshIp()): Promise<string> {
  await page.setExtraHTTPHeaders({ "cf-connecting-ip": ip });
  return ip;
}

/** Registers a user through `POST /api/v1/auth/register`; the answer's seed key is kept for sign-in. */
export async function registerUser(
  request: APIRequestContext,
  overrides: Partial<Pick<TestUser, "username" | "email" | "password">> = {},
): Promise<TestUser> {
  const ip = freshIp();
  const user = { ...freshIdentity(), password: TEST_PASSWORD, ...overrides };
  const response = await resend(() =>
    request.post("/api/v1/auth/register", {
      data: { username: user.username, email: user.email, password: user.password },
      headers: { "cf-connecting-ip": ip },
    }),
  );
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { data: { seed_key: string; flow_token: string } };
  return { ...user, seedKey: body.data.seed_key, ip, flowToken: body.data.flow_token };
}

/** The messages the development outbox holds for `email`, newest first. */
export async function outbox(request: APIRequestContext, email: string): Promise<{ subject: string; text: string }[]> {
  const response = await resend(() => request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(email)}`));
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: { messages: { subject: string; text: string }[] } };
  return body.data.messages;
}

/** The newest 6-digit code mailed to `email` (fails the test when there is none). */
export async function latestCode(request: APIRequestContext, email: string): Promise<string> {
  const messages = await outbox(request, email);
  const code = messages.map((message) => /\b(\d{6})\b/u.exec(message.text)?.[1]).find(Boolean);
  expect(code, `a 6-digit code mailed to ${email}`).toMatch(/^\d{6}$/u);
  return code as string;
}

/** The one-click link path (`/verify-email/confirm?token=…`, `/forgot?step=link&token=…`) in the newest mail to `email`. */
export async function latestLinkPath(request: APIRequestContext, email: string): Promise<string> {
  const [latest] = await outbox(request, email);
  const match = latest ? /https?:\/\/[^/\s]+(\/[^\s]*[?&]token=[A-Za-z0-9_-]{43})/u.exec(latest.text) : null;
  expect(match, `a link mailed to ${email}`).not.toBeNull();
  return match![1]!;
}

/** Verifies the user's email through the API with the code from the outbox, within the registration's flow. */
export async function verifyEmail(request: APIRequestContext, user: TestUser): Promise<void> {
  const code = await latestCode(request, user.email);
  const response = await resend(() =>
    request.post("/api/v1/auth/verify-email", {
      data: { email: user.email, code, flow_token: user.flowToken },
      headers: { "cf-connecting-ip": user.ip },
    }),
  );
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Signs `page`'s browser in by posting the sign-in form (`POST /signin`, the same request the page
 * sends): the session cookie lands in the page's context. For tests whose subject is not the
 * sign-in page itself.
 */
export async function signIn(page: Page, user: TestUser, options: { rememberMe?: boolean } = {}): Promise<void> {
  const response = await resend(() =>
    page.request.post("/signin", {
      form: {
        intent: "credentials",
        username: user.username,
        password: user.password,
        seed_key: user.seedKey,
        ...(options.rememberMe ? { remember_me: "on" } : {}),
      },
      headers: { "cf-connecting-ip": user.ip },
      maxRedirects: 0,
    }),
  );
  expect(response.status(), `sign-in of ${user.username}`).toBe(303);
  const cookies = await page.context().cookies();
  expect(cookies.some((cookie) => cookie.name === "__session")).toBe(true);
}

/** A registered, verified and signed-in user. */
export async function signedInUser(page: Page, options: { rememberMe?: boolean } = {}): Promise<TestUser> {
  const user = await registerUser(page.request);
  await verifyEmail(page.request, user);
  await useClientIp(page, user.ip);
  await signIn(page, user, options);
  return user;
}

/** With JavaScript on, waits until React has hydrated the page (root sets `html[data-hydrated]`). */
export async function waitForHydration(page: Page, javaScriptEnabled: boolean): Promise<void> {
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}
