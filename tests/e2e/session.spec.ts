import { createCookieSessionStorage } from "@remix-run/cloudflare";
import type { APIRequestContext, BrowserContext } from "@playwright/test";
import { expect, test } from "./support/test";
import { registerUser, signIn, useClientIp, waitForHydration, type TestUser } from "./support/account";
import { setRemixCookie } from "./support/domain";

// SPEC §4 "Session": the browser monitor (timers on a fake clock, JavaScript on) and the same
// checks done by the server on every request (JavaScript off or on).

test.describe("the browser's session monitor", () => {
  test(
    "an access token that runs out signs the user out with the expired message and goes to sign-in",
    { tag: "@js-only" },
    async ({ page, request, javaScriptEnabled }) => {
      const user = await registerUser(request);
      await useClientIp(page, user.ip);
      await page.clock.install({ time: new Date() });
      await signIn(page, user);
      await page.goto("/cart");
      await waitForHydration(page, javaScriptEnabled);

      await page.clock.fastForward("16:00");
      await expect(
        page.getByRole("status").filter({ hasText: "Your session has expired. Please sign in again." }),
      ).toBeVisible();
      await page.clock.runFor(2_500);
      await expect(page).toHaveURL(/\/signin\?redirect=%2Fcart$/u);
      await expect(page.getByRole("banner").getByRole("link", { name: "Sign up" }).first()).toBeAttached();
      expect((await page.context().cookies()).some((cookie) => cookie.name === "__session")).toBe(false);
    },
  );

  test(
    "in Turkish the expired message is Turkish",
    { tag: "@js-only" },
    async ({ page, context, baseURL, request, javaScriptEnabled }) => {
      await setRemixCookie(context, baseURL, "locale", "tr");
      const user = await registerUser(request);
      await useClientIp(page, user.ip);
      await page.clock.install({ time: new Date() });
      await signIn(page, user);
      await page.goto("/cart");
      await waitForHydration(page, javaScriptEnabled);
      await page.clock.fastForward("16:00");
      await expect(
        page.getByRole("status").filter({ hasText: "Oturumunuzun süresi doldu, lütfen tekrar giriş yapın." }),
      ).toBeVisible();
    },
  );

  test(
    "five minutes before the end a warning offers to extend the session",
    { tag: "@js-only" },
    async ({ page, request, javaScriptEnabled }) => {
      const user = await registerUser(request);
      await useClientIp(page, user.ip);
      await page.clock.install({ time: new Date() });
      await signIn(page, user);
      await page.goto("/cart");
      await waitForHydration(page, javaScriptEnabled);

      await page.clock.fastForward("10:00");
      const warning = page
        .getByRole("status")
        .filter({ hasText: "Your session ends in 5 minutes. Any action keeps it going." });
      await expect(warning.first()).toBeVisible();
      const extended = page.waitForResponse(
        (response) => new URL(response.url()).pathname === "/session.data" && response.request().method() === "POST",
      );
      await page.getByRole("button", { name: "Stay signed in" }).click();
      expect((await extended).status()).toBe(200);
      await expect(page.getByRole("status").filter({ hasText: "Your session was extended." })).toBeVisible();
    },
  );

  test("a remember-me session says so once", { tag: "@js-only" }, async ({ page, request, javaScriptEnabled }) => {
    const user = await registerUser(request);
    await useClientIp(page, user.ip);
    await signIn(page, user, { rememberMe: true });
    await page.goto("/cart");
    await waitForHydration(page, javaScriptEnabled);
    await expect(
      page.getByRole("status").filter({ hasText: "You will stay signed in on this device for 7 days." }),
    ).toBeVisible();
    await page.reload();
    await waitForHydration(page, javaScriptEnabled);
    await expect(
      page.getByRole("status").filter({ hasText: "You will stay signed in on this device for 7 days." }),
    ).toHaveCount(0);
  });
});

// The server's checks need a session whose access token is already due: the test writes the
// session cookie itself, exactly as the storefront does (Remix cookie session signed with the
// development secret `npm start` uses), around real tokens from the API.
const DEVELOPMENT_SECRET = "development-only-cookie-secret-change-me";

type LoginAnswer = {
  token: string;
  refresh_token: string;
  expires_at: string;
  refresh_expires_at: string;
  user: { id: string; username: string; email: string; email_verified: boolean; two_factor_enabled: boolean };
};

async function apiLogin(request: APIRequestContext, user: TestUser): Promise<LoginAnswer> {
  const response = await request.post("/api/v1/auth/login", {
    data: { username: user.username, password: user.password, seed_key: user.seedKey, remember_me: false },
    headers: { "cf-connecting-ip": user.ip },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: LoginAnswer }).data;
}

async function plantDueSession(context: BrowserContext, baseURL: string | undefined, answer: LoginAnswer) {
  const storage = createCookieSessionStorage({
    cookie: { name: "__session", path: "/", httpOnly: true, sameSite: "lax", secrets: [DEVELOPMENT_SECRET] },
  });
  const session = await storage.getSession();
  session.set("auth", {
    token: answer.token,
    refreshToken: answer.refresh_token,
    // Due: the server refreshes under 5 minutes left; this one says it ran out a minute ago.
    expiresAt: Date.now() - 60_000,
    refreshExpiresAt: Date.parse(answer.refresh_expires_at),
    rememberMe: false,
    user: {
      id: answer.user.id,
      username: answer.user.username,
      email: answer.user.email,
      emailVerified: answer.user.email_verified,
      twoFactorEnabled: false,
    },
  });
  const header = await storage.commitSession(session);
  const value = header.slice("__session=".length, header.indexOf(";"));
  await context.addCookies([{ name: "__session", value, url: baseURL ?? "" }]);
}

test.describe("the server's session checks on each request", () => {
  test("a due access token is refreshed on the next page, and the cookie is rotated", async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    const user = await registerUser(request);
    await useClientIp(page, user.ip);
    const answer = await apiLogin(request, user);
    await plantDueSession(context, baseURL, answer);
    const before = (await context.cookies()).find((cookie) => cookie.name === "__session")?.value;

    await page.goto("/cart");
    await expect(page.getByRole("banner").locator('details[data-menu="user"]')).toBeAttached();
    await expect(page).toHaveURL(/\/cart$/u);
    const after = (await context.cookies()).find((cookie) => cookie.name === "__session")?.value;
    expect(after).not.toBe(before);
    // The rotated cookie holds a fresh access token (15 minutes) and a new refresh token.
    const storage = createCookieSessionStorage({ cookie: { name: "__session", secrets: [DEVELOPMENT_SECRET] } });
    const rotated = (await storage.getSession(`__session=${after ?? ""}`)).get("auth") as
      { expiresAt: number; refreshToken: string } | undefined;
    expect(rotated?.expiresAt).toBeGreaterThan(Date.now() + 10 * 60_000);
    expect(rotated?.refreshToken).not.toBe(answer.refresh_token);
    // The old refresh token was spent by that refresh.
    const reuse = await request.post("/api/v1/auth/refresh-token", { data: { refresh_token: answer.refresh_token } });
    expect([401, 409]).toContain(reuse.status());
  });

  test("a due token whose session was ended elsewhere signs out with the expired message", async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    const user = await registerUser(request);
    await useClientIp(page, user.ip);
    const answer = await apiLogin(request, user);
    // The session ends at the API (as a sign-out on another device would).
    const logout = await request.post("/api/v1/auth/logout", { data: { refresh_token: answer.refresh_token } });
    expect(logout.status()).toBe(200);
    await plantDueSession(context, baseURL, answer);

    await page.goto("/cart?from=test");
    await expect(page).toHaveURL(/\/signin\?redirect=%2Fcart%3Ffrom%3Dtest$/u);
    await expect(
      page.getByRole("status").filter({ hasText: "Your session has expired. Please sign in again." }),
    ).toBeVisible();
    expect((await context.cookies()).some((cookie) => cookie.name === "__session")).toBe(false);
  });

  test("a forged session cookie is ignored", { tag: "@markup" }, async ({ page, context, baseURL }) => {
    await useClientIp(page);
    await context.addCookies([{ name: "__session", value: "eyJhdXRoIjp7fX0%3D.forged", url: baseURL ?? "" }]);
    await page.goto("/cart");
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign up" }).first()).toBeAttached();
  });
});
