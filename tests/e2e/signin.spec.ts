import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { totpCode } from "../../core/auth/totp";
import {
  freshIp,
  registerUser,
  resend,
  signIn,
  useClientIp,
  verifyEmail,
  waitForHydration,
  type TestUser,
} from "./support/account";
import { expectNoAxeViolations } from "./support/axe";
import { freshDomain, setRemixCookie } from "./support/domain";

// The sign-in page, the header's user menu, sign-out, the edge session cookie and the cart merge.
// Every test registers its own user through the API and signs in from its own client address.

async function fillSignIn(
  page: Page,
  user: Pick<TestUser, "username" | "password" | "seedKey">,
  options: { rememberMe?: boolean } = {},
) {
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByLabel("Seed key").fill(user.seedKey);
  if (options.rememberMe) await page.getByLabel("Remember me for 7 days").check();
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

function userMenu(page: Page) {
  return page.getByRole("banner").getByText("Account menu", { exact: false });
}

async function openUserMenu(page: Page, javaScriptEnabled: boolean) {
  await waitForHydration(page, javaScriptEnabled);
  await page.getByRole("banner").locator('details[data-menu="user"] > summary').click();
}

test.describe("sign in", () => {
  test("a registered user signs in and lands on the redirect target with the user menu", async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    const user = await registerUser(request);
    await useClientIp(page, user.ip);
    await page.goto("/signin?redirect=%2Fcart");
    await expect(page).toHaveTitle("Sign in — Trinity");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
    await fillSignIn(page, user);

    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole("status").filter({ hasText: `Welcome back, ${user.username}!` })).toBeVisible();
    // The banner's sign-in invitation and the sign-in/up links are gone; the menu shows who is in.
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign up" })).toHaveCount(0);
    await openUserMenu(page, javaScriptEnabled);
    const menu = page.getByRole("banner").locator('details[data-menu="user"]');
    await expect(menu.getByTestId("user-menu-username")).toHaveText(user.username);
    await expect(menu.getByText(user.email)).toBeVisible();
    await expect(menu.locator("summary")).toHaveAttribute("aria-label", `Account menu for ${user.username}`);
    await expect(menu.locator("summary")).toHaveText(user.username[0]!.toUpperCase());
    for (const [name, href] of [
      ["Dashboard", "/dashboard"],
      ["My domains", "/dashboard/domains"],
      ["My VPSs", "/dashboard/vps"],
      ["My billing", "/dashboard/billing"],
    ] as const) {
      await expect(menu.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(menu.getByRole("button", { name: "Sign out" })).toBeVisible();
    await expect(userMenu(page)).toHaveCount(0);
  });

  test("the session lives in an HttpOnly SameSite=Lax cookie; tokens never reach the page", async ({
    page,
    request,
  }) => {
    const user = await registerUser(request);
    await useClientIp(page, user.ip);
    await signIn(page, user);
    const cookie = (await page.context().cookies()).find((entry) => entry.name === "__session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    // Without remember-me it is a browser-session cookie.
    expect(cookie?.expires).toBe(-1);
    await page.goto("/");
    const html = await page.content();
    expect(html).not.toContain(user.seedKey);
    expect(html).not.toMatch(/eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/u);
    expect(html).not.toContain("refresh_token");
  });

  test("remember me keeps the session cookie for 7 days", async ({ page, request }) => {
    const user = await registerUser(request);
    await useClientIp(page, user.ip);
    await page.goto("/signin");
    await fillSignIn(page, user, { rememberMe: true });
    await expect(page).toHaveURL(/\/dashboard$/);
    const cookie = (await page.context().cookies()).find((entry) => entry.name === "__session");
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
  });

  test("a wrong seed key or password gets one generic message and keeps the username", async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    const user = await registerUser(request);
    await useClientIp(page, user.ip);
    const other = await registerUser(request);
    await page.goto("/signin");
    await fillSignIn(page, { ...user, seedKey: other.seedKey });
    const generic = "Login failed: the username, password or seed key is not correct.";
    await expect(page.getByRole("alert").filter({ hasText: generic })).toBeVisible();
    await expect(page.getByLabel("Username")).toHaveValue(user.username);
    if (!javaScriptEnabled) {
      // The server never sends the secrets back into the page.
      await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
      await expect(page.getByLabel("Seed key")).toHaveValue("");
    }

    await fillSignIn(page, { ...user, password: `${user.password}x` });
    await expect(page.getByRole("alert").filter({ hasText: generic })).toBeVisible();
    await expect(page).toHaveURL(/\/signin$/);
  });

  test("empty fields and a malformed seed key are explained under each field", async ({ page }) => {
    await useClientIp(page);
    await page.goto("/signin");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.locator("#signin-username-error")).toHaveText("This field is required.");
    await expect(page.locator("#signin-password-error")).toHaveText("This field is required.");
    await expect(page.locator("#signin-seed_key-error")).toHaveText("This field is required.");
    await page.getByLabel("Username").fill("someone");
    await page.getByLabel("Password", { exact: true }).fill("Whatever-1");
    await page.getByLabel("Seed key").fill("apple banana");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.locator("#signin-seed_key-error")).toContainText("The seed key has exactly 12 words.");
    await expect(page.getByLabel("Seed key")).toHaveAttribute("aria-invalid", "true");
  });

  test("too many failures for one username answer 'too many attempts'", async ({ page, request }) => {
    const user = await registerUser(request);
    await useClientIp(page);
    await page.goto("/signin");
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await fillSignIn(page, { ...user, password: `Wrong-${attempt}-pass` });
      await expect(page.getByRole("alert").filter({ hasText: "Login failed" })).toBeVisible();
    }
    await fillSignIn(page, user);
    await expect(
      page.getByRole("alert").filter({ hasText: /Too many attempts\. Please wait \d+ minutes and try again\./u }),
    ).toBeVisible();
  });

  test("only same-site redirect targets are followed", async ({ page, request }) => {
    const user = await registerUser(request);
    await useClientIp(page, user.ip);
    await page.goto(`/signin?redirect=${encodeURIComponent("//evil.example/steal")}`);
    await fillSignIn(page, user);
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/dashboard$/);
  });

  test("a signed-in user opening /signin goes to the redirect target", async ({ page, request }) => {
    const user = await registerUser(request);
    await useClientIp(page, user.ip);
    await signIn(page, user);
    await page.goto("/signin?redirect=%2Fcart");
    await expect(page).toHaveURL(/\/cart$/);
  });

  test("sign out ends the session at the API and clears the cookies", async ({ page, request, javaScriptEnabled }) => {
    const user = await registerUser(request);
    await useClientIp(page, user.ip);
    await signIn(page, user);
    await page.goto("/cart");
    await openUserMenu(page, javaScriptEnabled);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("status").filter({ hasText: "You are signed out." })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign in", exact: true }).first()).toBeVisible();
    expect((await page.context().cookies()).some((cookie) => cookie.name === "__session")).toBe(false);
  });

  test("in Turkish the page and its errors are Turkish", async ({ page, context, baseURL }) => {
    await setRemixCookie(context, baseURL, "locale", "tr");
    await useClientIp(page);
    await page.goto("/signin");
    await expect(page).toHaveTitle("Giriş yap — Trinity");
    await page.getByRole("button", { name: "Giriş yap", exact: true }).click();
    await expect(page.locator("#signin-username-error")).toHaveText("Bu alan zorunludur.");
  });
});

test.describe("two-factor sign-in", () => {
  async function userWithTwoFactor(
    request: Parameters<typeof registerUser>[0],
  ): Promise<TestUser & { secret: string }> {
    const user = await registerUser(request);
    await verifyEmail(request, user);
    const login = await request.post("/api/v1/auth/login", {
      data: { username: user.username, password: user.password, seed_key: user.seedKey, remember_me: false },
      headers: { "cf-connecting-ip": user.ip },
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const auth = { authorization: `Bearer ${token}`, "cf-connecting-ip": user.ip };
    const setup = await request.post("/api/v1/account/2fa/setup", { headers: auth });
    const secret = ((await setup.json()) as { data: { secret: string } }).data.secret;
    const enable = await request.post("/api/v1/account/2fa/enable", {
      headers: auth,
      data: { code: await totpCode(secret, Date.now()) },
    });
    expect(enable.status()).toBe(200);
    return { ...user, secret };
  }

  test("asks for the authenticator code after the password step, refuses a wrong one, accepts the right one", async ({
    page,
    request,
  }) => {
    const user = await userWithTwoFactor(request);
    await useClientIp(page, user.ip);
    await page.goto("/signin?redirect=%2Fcart");
    await fillSignIn(page, user);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Two-factor authentication");
    await expect(page).toHaveURL(/step=2fa/u);
    const right = await totpCode(user.secret, Date.now() + 30_000);
    await page.getByLabel("Authentication code").fill(right === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await expect(page.locator("#signin-2fa-code-error")).toContainText("The code is not correct.");
    await page.getByLabel("Authentication code").fill(right);
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole("status").filter({ hasText: `Welcome back, ${user.username}!` })).toBeVisible();
  });

  test("the second step without its challenge goes back to the first", async ({ page }) => {
    await useClientIp(page);
    await page.goto("/signin?step=2fa");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
  });
});

test.describe("the cart at sign-in and sign-out", () => {
  test("a visitor's cart joins the account at sign-in and leaves the browser at sign-out", async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    const user = await registerUser(request);
    await useClientIp(page, user.ip);
    const domain = freshDomain();
    await page.goto("/");
    const added = await page.request.post("/cart", {
      form: { intent: "add", domain, redirectTo: "/cart" },
      maxRedirects: 0,
    });
    expect(added.status()).toBe(303);
    await page.goto("/cart");
    await expect(page.getByText(domain, { exact: true })).toBeVisible();

    await signIn(page, user);
    await page.goto("/cart");
    await expect(page.getByText(domain, { exact: true })).toBeVisible();

    await openUserMenu(page, javaScriptEnabled);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("status").filter({ hasText: "You are signed out." })).toBeVisible();
    await page.goto("/cart");
    await expect(page.getByText(domain, { exact: true })).toHaveCount(0);

    // Back in (another browser even): the cart is the account's.
    await signIn(page, user);
    await page.goto("/cart");
    await expect(page.getByText(domain, { exact: true })).toBeVisible();
  });
});

test.describe("request forgery", () => {
  test("a cross-site form post is refused with 403", async ({ request }) => {
    const response = await resend(() =>
      request.post("/signin", {
        form: { intent: "credentials", username: "a", password: "b", seed_key: "c" },
        headers: { origin: "https://evil.example", "cf-connecting-ip": freshIp() },
        maxRedirects: 0,
      }),
    );
    expect(response.status()).toBe(403);
    const signOut = await resend(() =>
      request.post("/session", {
        form: { intent: "logout" },
        headers: { origin: "https://evil.example" },
        maxRedirects: 0,
      }),
    );
    expect(signOut.status()).toBe(403);
  });
});

test.describe("accessibility", () => {
  for (const scheme of ["light", "dark"] as const) {
    for (const size of ["desktop", "phone"] as const) {
      test(`sign-in page, ${scheme}, ${size}, with errors shown`, async ({ page, javaScriptEnabled }) => {
        await page.emulateMedia({ colorScheme: scheme });
        if (size === "phone") await page.setViewportSize({ width: 390, height: 844 });
        await useClientIp(page);
        await page.goto("/signin");
        await page.getByRole("button", { name: "Sign in", exact: true }).click();
        await expect(page.locator("#signin-username-error")).toHaveText("This field is required.");
        await expectNoAxeViolations(page, javaScriptEnabled);
      });
    }
  }

  test("the open user menu has no violations (dark, phone menu)", async ({ page, request, javaScriptEnabled }) => {
    const user = await registerUser(request);
    await useClientIp(page, user.ip);
    await signIn(page, user);
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/cart");
    await openUserMenu(page, javaScriptEnabled);
    await expectNoAxeViolations(page, javaScriptEnabled);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/cart");
    await waitForHydration(page, javaScriptEnabled);
    await page.getByRole("banner").locator('details[data-menu="mobile"] > summary').click();
    await expect(page.getByRole("banner").getByRole("button", { name: "Sign out" })).toBeVisible();
    await expectNoAxeViolations(page, javaScriptEnabled);
  });
});
