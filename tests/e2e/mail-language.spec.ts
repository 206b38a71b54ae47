// Issue 19 (5): the TR/EN switch of a signed-in customer is also the account's language, the one
// every mail to it is written in (whoever asks for the mail, in whatever language).
import { expect, test } from "./support/test";
import { freshIp, outbox, resend, signedInUser, waitForHydration } from "./support/account";

test("a signed-in customer who switches to Turkish gets the account's mails in Turkish", async ({
  page,
  javaScriptEnabled,
}) => {
  const user = await signedInUser(page);
  await page.goto("/dashboard");
  await waitForHydration(page, javaScriptEnabled);
  await page.getByRole("button", { name: "Türkçe" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "tr");
  await expect(page.getByRole("status").filter({ hasText: "Dil Türkçe olarak ayarlandı." })).toBeVisible();

  // A reset mail asked for through the API in English still comes out in the account's language.
  const asked = await resend(() =>
    page.request.post("/api/v1/auth/forgot-password", {
      data: { email: user.email },
      headers: { "cf-connecting-ip": freshIp(), "accept-language": "en-US" },
    }),
  );
  expect(asked.status()).toBe(200);
  const [mail] = await outbox(page.request, user.email);
  expect(mail!.subject).toBe("Parolanızı sıfırlayın");
  expect(mail!.text).toContain("Parola sıfırlama kodunuz");
});
