import { expect, type Page } from "@playwright/test";
import { freshIdentity, TEST_PASSWORD, waitForHydration } from "./account";

// Driving the sign-up pages as a visitor does: labels and buttons by their visible names. With
// JavaScript on, each helper first waits until the page is hydrated, so a click takes the
// enhanced path and not the plain form post.

export type SignupInput = { username: string; email: string; password: string; confirmPassword: string };

export function freshSignup(overrides: Partial<SignupInput> = {}): SignupInput {
  return {
    ...freshIdentity(),
    password: TEST_PASSWORD,
    confirmPassword: overrides.password ?? TEST_PASSWORD,
    ...overrides,
  };
}

/** Waits (with JavaScript on) until the page showing form `formId` is hydrated. */
export async function waitUntilEnhanced(page: Page, javaScriptEnabled: boolean, formId: string) {
  await expect(page.locator(`form#${formId}`)).toBeVisible();
  await waitForHydration(page, javaScriptEnabled);
}

export async function openSignup(page: Page, javaScriptEnabled: boolean) {
  await page.goto("/signup");
  await waitUntilEnhanced(page, javaScriptEnabled, "signup");
}

/** Fills the sign-up form (English labels) and sends it. */
export async function submitSignup(page: Page, input: SignupInput) {
  await page.getByLabel("Username").fill(input.username);
  await page.getByLabel("Email address").fill(input.email);
  await page.getByLabel("Password", { exact: true }).fill(input.password);
  await page.getByLabel("Confirm password").fill(input.confirmPassword);
  await page.getByRole("button", { name: "Create account" }).click();
}

/** Signs up through the page and lands on the seed-key step. */
export async function signUpThroughPage(
  page: Page,
  javaScriptEnabled: boolean,
  input: SignupInput = freshSignup(),
): Promise<SignupInput> {
  await openSignup(page, javaScriptEnabled);
  await submitSignup(page, input);
  await expect(page).toHaveURL(/\/createkey$/u);
  await expect(page.getByRole("heading", { level: 1, name: "Save your seed key" })).toBeVisible();
  await waitUntilEnhanced(page, javaScriptEnabled, "createkey");
  return input;
}

/** The 12 words the seed-key page shows, in order. */
export async function shownSeedKey(page: Page): Promise<string[]> {
  const words = page.getByTestId("seed-key-words").getByTestId("seed-key-word");
  await expect(words).toHaveCount(12);
  return (await words.allTextContents()).map((word) => word.trim());
}

/** The two positions (1-based) the page asks back, read from the field labels "Word #N". */
export async function askedPositions(page: Page): Promise<[number, number]> {
  const labels = await page
    .locator("form#createkey label")
    .filter({ hasText: /^Word #\d+$/u })
    .allTextContents();
  const positions = labels.map((label) => Number(/\d+/u.exec(label)?.[0]));
  const [first, second] = positions;
  expect(positions).toHaveLength(2);
  return [first!, second!];
}

/** Answers the confirmation with `answers` (default: the right words) and sends it. */
export async function confirmSeedKey(page: Page, options: { answers?: [string, string]; saved?: boolean } = {}) {
  const [first, second] = await askedPositions(page);
  const words = await shownSeedKey(page);
  const answers = options.answers ?? [words[first - 1], words[second - 1]];
  await page.getByLabel(`Word #${first}`, { exact: true }).fill(answers[0]!);
  await page.getByLabel(`Word #${second}`, { exact: true }).fill(answers[1]!);
  if (options.saved ?? true) await page.getByLabel("I saved my seed key somewhere safe").check();
  await page.getByRole("button", { name: "Continue" }).click();
}

/** Signs up and confirms the key: lands on the verification step. */
export async function reachVerifyStep(
  page: Page,
  javaScriptEnabled: boolean,
  input: SignupInput = freshSignup(),
): Promise<SignupInput> {
  await signUpThroughPage(page, javaScriptEnabled, input);
  await confirmSeedKey(page);
  await expect(page).toHaveURL(/\/verify-email$/u);
  await expect(page.getByRole("heading", { level: 1, name: "Verify your email address" })).toBeVisible();
  await waitUntilEnhanced(page, javaScriptEnabled, "verify-email");
  return input;
}
