import { expect, test } from "./support/test";
import { signedInUser } from "./support/account";
import { expectNoAxeViolationsInEveryView } from "./support/axe";

// Personal API tokens in Settings → Security (issue 20): created with a name, scopes and an
// expiry, the secret shown once until "I copied it", listed with its scopes, revoked. Plain form
// posts: the same with and without JavaScript.

const PAGE = "/dashboard/settings/security";

test.describe("API tokens", () => {
  test("a token is created, shown once, works on the API, is listed and revoked", async ({ page }) => {
    await signedInUser(page);
    await page.goto(PAGE);
    const section = page.getByRole("region", { name: "API tokens" });
    await expect(section.getByText("No API tokens yet.")).toBeVisible();

    await section.getByLabel("Name", { exact: true }).fill("Backup script");
    await section.getByLabel(/^Domains & DNS/u).check();
    await section.getByLabel("Expires").selectOption("90");
    await section.getByRole("button", { name: "Create token" }).click();
    await expect(page.getByRole("status").filter({ hasText: "API token created. Copy it now" })).toBeVisible();

    const secret = await section.getByTestId("new-api-token-secret").inputValue();
    expect(secret).toMatch(/^trn_[A-Za-z0-9_-]{43}$/u);
    const row = section.getByTestId("api-tokens").getByRole("row").filter({ hasText: "Backup script" });
    await expect(row).toContainText("Domains & DNS");
    await expect(row).toContainText("Never used");
    await expect(row).toContainText(`trn_…${secret.slice(-4)}`);

    const authorization = { authorization: `Bearer ${secret}` };
    expect((await page.request.get("/api/v1/user-domains", { headers: authorization })).status()).toBe(200);
    expect((await page.request.get("/api/v1/account/api-tokens", { headers: authorization })).status()).toBe(403);

    await section.getByRole("button", { name: "I copied it" }).click();
    await expect(section.getByTestId("new-api-token")).toHaveCount(0);
    await page.reload();
    await expect(section.getByTestId("new-api-token")).toHaveCount(0);
    await expect(row).not.toContainText("Never used");

    await section.getByRole("button", { name: "Revoke the token Backup script" }).click();
    await expect(page.getByRole("status").filter({ hasText: "API token revoked." })).toBeVisible();
    await expect(section.getByText("No API tokens yet.")).toBeVisible();
    expect((await page.request.get("/api/v1/user-domains", { headers: authorization })).status()).toBe(401);
  });

  test("a token needs a name and at least one scope", async ({ page }) => {
    await signedInUser(page);
    await page.goto(PAGE);
    const section = page.getByRole("region", { name: "API tokens" });
    await section.getByRole("button", { name: "Create token" }).click();
    await expect(section.getByText("Enter a name for the token.")).toBeVisible();
    await expect(section.getByText("Choose at least one scope.")).toBeVisible();
    await expect(section.getByText("No API tokens yet.")).toBeVisible();
  });
});

test.describe("API tokens, every OS theme and size", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  // Four axe sweeps a state (expectNoAxeViolationsInEveryView): more than the default time.
  test.slow();

  test(
    "the section with errors, then the new secret and the table, has no axe violations",
    { tag: "@axe" },
    async ({ page, javaScriptEnabled }) => {
      test.setTimeout(180_000);
      await signedInUser(page);
      await page.goto(PAGE);
      const section = page.getByRole("region", { name: "API tokens" });
      await section.getByRole("button", { name: "Create token" }).click();
      await expect(section.getByText("Choose at least one scope.")).toBeVisible();
      await expectNoAxeViolationsInEveryView(page, javaScriptEnabled);
      await section.getByLabel("Name", { exact: true }).fill("Deploy");
      await section.getByLabel(/^Read only/u).check();
      await section.getByLabel(/^Billing/u).check();
      await section.getByRole("button", { name: "Create token" }).click();
      await expect(section.getByTestId("new-api-token")).toBeVisible();
      await expect(section.getByTestId("api-tokens").getByRole("row").filter({ hasText: "Deploy" })).toContainText(
        "Read only, Billing",
      );
      await expectNoAxeViolationsInEveryView(page, javaScriptEnabled);
    },
  );
});
