import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import {
  freshIp,
  latestCode,
  latestLinkPath,
  outbox,
  registerUser,
  resend,
  signIn,
  useClientIp,
} from "./support/account";
import { expectNoAxeViolations } from "./support/axe";
import { freshDomain, setRemixCookie } from "./support/domain";
import {
  askedPositions,
  confirmSeedKey,
  freshSignup,
  openSignup,
  reachVerifyStep,
  shownSeedKey,
  signUpThroughPage,
  submitSignup,
  waitUntilEnhanced,
} from "./support/signup-pages";

// Every test that signs up through the pages sends its requests from its own client address
// (the API allows 5 sign-ups per address and hour) and makes its own users.

/** The errors announced under the sign-up form's fields and the form (role="alert" lists). */
function alerts(page: Page) {
  return page.getByRole("main").getByRole("alert");
}

test.describe("sign-up, seed key and email verification", () => {
  // Each test walks the whole flow (a sign-up hashes the password and the key, then signs in).
  test.describe.configure({ timeout: 60_000 });
  test("a visitor signs up, saves the key, verifies the email and lands signed in on the dashboard", async ({
    page,
    javaScriptEnabled,
  }) => {
    await useClientIp(page);
    const input = await signUpThroughPage(page, javaScriptEnabled);
    const words = await shownSeedKey(page);
    expect(new Set(words).size).toBeGreaterThan(1);

    await confirmSeedKey(page);
    await expect(page).toHaveURL(/\/verify-email$/u);
    await expect(page.getByText(`We sent a 6-digit code to ${input.email}.`)).toBeVisible();
    await waitUntilEnhanced(page, javaScriptEnabled, "verify-email");

    const code = await latestCode(page.request, input.email);
    await page.getByLabel("Verification code").fill(code);
    await page.getByRole("button", { name: "Verify email" }).click();

    await expect(page).toHaveURL(/\/dashboard$/u);
    await expect(
      page.getByRole("status").filter({ hasText: "Your email address is verified. You are signed in." }),
    ).toBeVisible();
    await expect(page.getByRole("banner").getByTestId("user-menu-username").first()).toHaveText(input.username);

    // Signed in and verified: the sign-up, key and verification pages send the user on.
    await page.goto("/signup");
    await expect(page).toHaveURL(/\/dashboard$/u);
    await page.goto("/verify-email");
    await expect(page).toHaveURL(/\/dashboard$/u);
    // The key left the flow once confirmed: the key page sends to /signup, which sends a signed-in user on.
    await page.goto("/createkey");
    await expect(page).toHaveURL(/\/dashboard$/u);
  });

  test("signing up from the checkout keeps the visitor's cart and comes back to the checkout (issue 19)", async ({
    page,
    javaScriptEnabled,
  }) => {
    await useClientIp(page);
    const domain = freshDomain();
    const added = await resend(() =>
      page.request.post("/cart", { form: { intent: "add", domain, years: "1", redirectTo: "/cart" }, maxRedirects: 0 }),
    );
    expect(added.status()).toBe(303);

    await page.goto("/checkout");
    await expect(page).toHaveURL(/\/signin\?redirect=%2Fcheckout$/u);
    await waitUntilEnhanced(page, javaScriptEnabled, "signin");
    await page.getByRole("main").getByRole("link", { name: "Sign up" }).click();
    await expect(page).toHaveURL(/\/signup\?redirect=%2Fcheckout$/u);
    await waitUntilEnhanced(page, javaScriptEnabled, "signup");
    const input = freshSignup();
    await submitSignup(page, input);

    await expect(page).toHaveURL(/\/createkey\?redirect=%2Fcheckout$/u);
    await waitUntilEnhanced(page, javaScriptEnabled, "createkey");
    await confirmSeedKey(page);
    await expect(page).toHaveURL(/\/verify-email\?redirect=%2Fcheckout$/u);
    await waitUntilEnhanced(page, javaScriptEnabled, "verify-email");
    await page.getByLabel("Verification code").fill(await latestCode(page.request, input.email));
    await page.getByRole("button", { name: "Verify email" }).click();

    await expect(page).toHaveURL(/\/checkout$/u);
    await expect(page.getByRole("main").getByText(domain).first()).toBeVisible();
    await expect(page.getByText("Your cart is empty")).toHaveCount(0);
  });

  test("the seed key can be downloaded as a text file with the 12 words", async ({ page, javaScriptEnabled }) => {
    await useClientIp(page);
    const input = await signUpThroughPage(page, javaScriptEnabled);
    const words = await shownSeedKey(page);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download as a text file" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`trinity-seed-key-${input.username}.txt`);
    const text = await readFile(await download.path(), "utf8");
    expect(text).toContain(words.join(" "));
    words.forEach((word, index) => expect(text).toContain(`${String(index + 1).padStart(2, " ")}. ${word}`));
  });

  test("wrong confirmation words are named and nothing is lost", async ({ page, javaScriptEnabled }) => {
    await useClientIp(page);
    await signUpThroughPage(page, javaScriptEnabled);
    const words = await shownSeedKey(page);
    const [first, second] = await askedPositions(page);
    // "zoo" is on the word list but (almost surely) not at these places; use another word if it is.
    const wrong = (position: number) => (words[position - 1] === "zoo" ? "abandon" : "zoo");

    await confirmSeedKey(page, { answers: [wrong(first), words[second - 1]!], saved: false });
    await expect(alerts(page).filter({ hasText: "Tick the box once the seed key is saved." })).toBeVisible();

    await confirmSeedKey(page, { answers: [wrong(first), wrong(second)] });
    await expect(page).toHaveURL(/\/createkey$/u);
    await expect(alerts(page).filter({ hasText: `This is not word #${first} of your seed key.` })).toBeVisible();
    await expect(alerts(page).filter({ hasText: `This is not word #${second} of your seed key.` })).toBeVisible();
    // The key is still shown, with the same words and the same two questions.
    expect(await shownSeedKey(page)).toEqual(words);
    expect(await askedPositions(page)).toEqual([first, second]);
    await expect(page.getByLabel(`Word #${first}`, { exact: true })).toHaveValue(wrong(first));

    await confirmSeedKey(page);
    await expect(page).toHaveURL(/\/verify-email$/u);
  });

  test("the key page without a fresh sign-up sends the visitor to sign up", { tag: "@markup" }, async ({ page }) => {
    await page.goto("/createkey");
    await expect(page).toHaveURL(/\/signup$/u);
    await expect(page.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();
    await page.goto("/createkey/download");
    await expect(page).toHaveURL(/\/signup$/u);
  });

  test("another account signed in at the same browser does not get the key page", async ({ page, context }) => {
    await useClientIp(page);
    await signUpThroughPage(page, false);
    const other = await registerUser(page.request);
    await context.clearCookies({ name: "__session" });
    await signIn(page, other);
    await page.goto("/createkey");
    await expect(page).toHaveURL(/\/dashboard$/u);
    await expect(page.getByTestId("seed-key-word")).toHaveCount(0);
    const download = await page.request.get("/createkey/download", { maxRedirects: 0 });
    expect(download.status()).toBe(302);
    expect(download.headers()["location"]).toBe("/signup");
  });

  test("the verification page asks a visitor to sign in first", { tag: "@markup" }, async ({ page }) => {
    await page.goto("/verify-email");
    await expect(page).toHaveURL(/\/signin\?redirect=%2Fverify-email$/u);
  });

  test("the mail's one-click link verifies the address in a fresh browser after a stranger's wrong codes, once", async ({
    page,
  }) => {
    await useClientIp(page);
    const user = await registerUser(page.request);
    const code = await latestCode(page.request, user.email);
    const wrong = code === "000000" ? "111111" : "000000";
    // A stranger without the registration's flow token: their wrong codes burn nothing.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await page.request.post("/api/v1/auth/verify-email", {
        data: { email: user.email, code: wrong },
        headers: { "cf-connecting-ip": freshIp() },
      });
      expect(response.status()).toBe(400);
    }
    const path = await latestLinkPath(page.request, user.email);
    expect(path).toMatch(/^\/verify-email\/confirm\?token=/u);
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: "Confirm your email address" })).toBeVisible();
    await page.getByRole("button", { name: "Verify my email" }).click();
    await expect(page).toHaveURL(/\/signin/u);
    await expect(page.getByText("Your email address is verified. You can sign in.")).toBeVisible();
    await page.goto(path);
    await page.getByRole("button", { name: "Verify my email" }).click();
    await expect(page.getByText("This link is invalid, expired or already used.", { exact: false })).toBeVisible();
  });

  test("the one-click link page speaks Turkish", async ({ page, context, baseURL }) => {
    await useClientIp(page);
    await setRemixCookie(context, baseURL, "locale", "tr");
    const user = await registerUser(page.request);
    await page.goto(await latestLinkPath(page.request, user.email));
    await expect(page.getByRole("heading", { level: 1, name: "E-posta adresinizi onaylayın" })).toBeVisible();
    await page.getByRole("button", { name: "E-postamı doğrula" }).click();
    await expect(page.getByText("E-posta adresiniz doğrulandı. Giriş yapabilirsiniz.")).toBeVisible();
  });

  test("a wrong verification code is refused with the SPEC message", async ({ page, javaScriptEnabled }) => {
    await useClientIp(page);
    const input = await reachVerifyStep(page, javaScriptEnabled);
    const code = await latestCode(page.request, input.email);
    const wrong = code.replace(/^\d/u, (digit) => String((Number(digit) + 1) % 10));

    await page.getByLabel("Verification code").fill(wrong);
    await page.getByRole("button", { name: "Verify email" }).click();
    await expect(alerts(page).filter({ hasText: "Verification code is invalid or expired" })).toBeVisible();
    await expect(page).toHaveURL(/\/verify-email$/u);

    await page.getByLabel("Verification code").fill("12ab");
    await page.getByRole("button", { name: "Verify email" }).click();
    await expect(alerts(page).filter({ hasText: "Enter the 6-digit code." })).toBeVisible();
  });

  test("with JavaScript the resend button counts down before it can be used", { tag: "@js-only" }, async ({ page }) => {
    await useClientIp(page);
    await reachVerifyStep(page, true);
    // The sign-up just mailed a code: the countdown runs and the button waits.
    await expect(page.getByRole("button", { name: "Send a new code" })).toBeDisabled();
    await expect(page.getByTestId("resend-countdown")).toHaveText(/^You can ask for a new code in \d+ seconds\.$/u);
  });

  test(
    "without JavaScript an early resend is answered with the time to wait",
    { tag: "@no-js-only" },
    async ({ page }) => {
      await useClientIp(page);
      const input = await reachVerifyStep(page, false);
      const before = (await outbox(page.request, input.email)).length;
      await expect(page.getByTestId("resend-countdown")).toHaveText(/^You can ask for a new code in \d+ seconds\.$/u);
      await page.getByRole("button", { name: "Send a new code" }).click();
      await expect(
        alerts(page).filter({ hasText: /^Please wait \d+ seconds before asking for a new code\.$/u }),
      ).toBeVisible();
      expect(await outbox(page.request, input.email)).toHaveLength(before);
    },
  );

  test("a new code can be asked for once the countdown is over, and it works", async ({
    page,
    context,
    javaScriptEnabled,
  }) => {
    await useClientIp(page);
    const input = await reachVerifyStep(page, javaScriptEnabled);
    const before = await outbox(page.request, input.email);
    // Sixty seconds later as far as this browser's flow knows: its record of the last mail is gone.
    await context.clearCookies({ name: "__signup_flow" });
    await page.reload();
    await waitUntilEnhanced(page, javaScriptEnabled, "verify-email");
    await expect(page.getByTestId("resend-countdown")).toHaveText("Check your spam folder, or ask for a new code.");

    await page.getByRole("button", { name: "Send a new code" }).click();
    await expect(page.getByRole("status").filter({ hasText: `We sent a new code to ${input.email}.` })).toBeVisible();
    await expect(page.getByTestId("resend-countdown")).toHaveText(/^You can ask for a new code in \d+ seconds\.$/u);
    if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Send a new code" })).toBeDisabled();
    expect(await outbox(page.request, input.email)).toHaveLength(before.length + 1);

    await page.getByLabel("Verification code").fill(await latestCode(page.request, input.email));
    await page.getByRole("button", { name: "Verify email" }).click();
    await expect(page).toHaveURL(/\/dashboard$/u);
  });
});

test.describe("sign-up form errors", () => {
  for (const [username, message] of [
    [".dotfirst", "The username cannot start with a dot."],
    ["two..dots", "No two dots or underscores in a row."],
    ["Upper_case", "Use only lowercase letters, digits, dots and underscores."],
    ["ab", "Use at least 3 characters."],
  ] as const) {
    test(`the username "${username}" is refused: ${message}`, async ({ page, javaScriptEnabled }) => {
      await useClientIp(page);
      await openSignup(page, javaScriptEnabled);
      await submitSignup(page, freshSignup({ username }));
      await expect(page.getByLabel("Username")).toHaveAccessibleDescription(new RegExp(message.replace(/\./gu, "\\.")));
      await expect(alerts(page).filter({ hasText: message })).toBeVisible();
      await expect(page).toHaveURL(/\/signup$/u);
    });
  }

  test("a weak password gets each missing rule, and the passwords must match", async ({ page, javaScriptEnabled }) => {
    await useClientIp(page);
    await openSignup(page, javaScriptEnabled);
    await expect(
      page.getByText(
        "At least 8 characters with an uppercase letter, a lowercase letter, a digit and a special character.",
      ),
    ).toBeVisible();
    await submitSignup(page, freshSignup({ password: "abc", confirmPassword: "abd" }));
    for (const message of [
      "Use at least 8 characters.",
      "Add an uppercase letter.",
      "Add a digit.",
      "Add a special character (for example ! ? # or %).",
    ]) {
      await expect(alerts(page).filter({ hasText: message })).toBeVisible();
    }
    await expect(alerts(page).filter({ hasText: "Passwords do not match" })).toBeVisible();
    // Secrets never come back in the page.
    if (!javaScriptEnabled) await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
  });

  test("passwords that do not match are refused", async ({ page, javaScriptEnabled }) => {
    await useClientIp(page);
    await openSignup(page, javaScriptEnabled);
    const input = freshSignup({ confirmPassword: "Correct-Horse-8" });
    await submitSignup(page, input);
    await expect(page.getByLabel("Confirm password")).toHaveAccessibleDescription(/Passwords do not match/u);
    await expect(page).toHaveURL(/\/signup$/u);
    await expect(page.getByLabel("Username")).toHaveValue(input.username);
  });

  test("a taken username is refused with the SPEC message (409)", async ({ page, javaScriptEnabled }) => {
    const existing = await registerUser(page.request);
    await useClientIp(page);
    await openSignup(page, javaScriptEnabled);
    const input = freshSignup({ username: existing.username });
    await submitSignup(page, input);
    await expect(alerts(page).filter({ hasText: "This username is already taken" })).toBeVisible();
    await expect(page.getByLabel("Username")).toHaveAccessibleDescription(/This username is already taken/u);
    await expect(page.getByLabel("Email address")).toHaveValue(input.email);
  });

  test("an email address in use is refused with the SPEC message (409)", async ({ page, javaScriptEnabled }) => {
    const existing = await registerUser(page.request);
    await useClientIp(page);
    await openSignup(page, javaScriptEnabled);
    await submitSignup(page, freshSignup({ email: existing.email }));
    await expect(alerts(page).filter({ hasText: "This email is already in use" })).toBeVisible();
    await expect(page.getByLabel("Email address")).toHaveAccessibleDescription(/This email is already in use/u);
  });

  test("with JavaScript the username is checked while typing", { tag: "@js-only" }, async ({ page }) => {
    const existing = await registerUser(page.request);
    await useClientIp(page);
    await openSignup(page, true);
    const availability = page.getByTestId("username-availability");
    await page.getByLabel("Username").fill(existing.username);
    await expect(availability).toHaveText("This username is already taken");
    await page.getByLabel("Username").fill(freshSignup().username);
    await expect(availability).toHaveText("This username is available.");
  });

  test("the form speaks Turkish", async ({ page, context, baseURL, javaScriptEnabled }) => {
    await setRemixCookie(context, baseURL, "locale", "tr");
    await useClientIp(page);
    await page.goto("/signup");
    await waitUntilEnhanced(page, javaScriptEnabled, "signup");
    await expect(page.getByRole("heading", { level: 1, name: "Hesabınızı oluşturun" })).toBeVisible();
    await page.getByLabel("Kullanıcı adı").fill(".nokta");
    await page.getByLabel("E-posta adresi").fill("kimse@example.test");
    await page.getByLabel("Parola", { exact: true }).fill("kisa");
    await page.getByLabel("Parolayı onaylayın").fill("farkli");
    await page.getByRole("button", { name: "Hesap oluştur" }).click();
    await expect(alerts(page).filter({ hasText: "Kullanıcı adı nokta ile başlayamaz." })).toBeVisible();
    await expect(alerts(page).filter({ hasText: "Bir büyük harf ekleyin." })).toBeVisible();
    await expect(alerts(page).filter({ hasText: "Parolalar eşleşmiyor" })).toBeVisible();
    await expect(page).toHaveTitle(/Kayıt ol/u);
  });
});

test.describe("development mailbox", () => {
  test("lists an address's messages with their text", async ({ page }) => {
    const user = await registerUser(page.request);
    await page.goto("/dev/mailbox");
    await page.getByLabel("Email address").fill(user.email);
    await page.getByRole("button", { name: "Show messages" }).click();
    await expect(page).toHaveURL(
      new RegExp(`/dev/mailbox\\?to=${encodeURIComponent(user.email).replace(/\./gu, "\\.")}$`, "u"),
    );
    await expect(page.getByRole("heading", { level: 2, name: `1 message for ${user.email}` })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: "Verify your email address" })).toBeVisible();
    await expect(page.locator("pre")).toContainText(await latestCode(page.request, user.email));
  });
});

test.describe("accessibility of the sign-up steps", () => {
  // Up to six axe runs per test (three looks, twice on /signup); without JS each one copies the page.
  test.describe.configure({ timeout: 120_000 });
  const looks = [
    { scheme: "light", viewport: { width: 1280, height: 800 } },
    { scheme: "dark", viewport: { width: 1280, height: 800 } },
    { scheme: "dark", viewport: { width: 390, height: 844 } },
  ] as const;

  async function checkEveryLook(page: Page, javaScriptEnabled: boolean) {
    for (const look of looks) {
      await page.setViewportSize(look.viewport);
      await page.emulateMedia({ colorScheme: look.scheme });
      await expectNoAxeViolations(page, javaScriptEnabled);
    }
  }

  test("/signup has no axe violations, with errors shown too", { tag: "@axe" }, async ({ page, javaScriptEnabled }) => {
    test.slow(); // axe in every look (themes, sizes), twice: ~32 s on a loaded 2-core runner
    await useClientIp(page);
    await openSignup(page, javaScriptEnabled);
    await checkEveryLook(page, javaScriptEnabled);
    await submitSignup(page, freshSignup({ username: ".x", password: "abc" }));
    await expect(alerts(page).first()).toBeVisible();
    await checkEveryLook(page, javaScriptEnabled);
  });

  test("/createkey has no axe violations", { tag: "@axe" }, async ({ page, javaScriptEnabled }) => {
    await useClientIp(page);
    await signUpThroughPage(page, javaScriptEnabled);
    await checkEveryLook(page, javaScriptEnabled);
  });

  test("/verify-email has no axe violations", { tag: "@axe" }, async ({ page, javaScriptEnabled }) => {
    await useClientIp(page);
    await reachVerifyStep(page, javaScriptEnabled);
    await checkEveryLook(page, javaScriptEnabled);
  });
});
