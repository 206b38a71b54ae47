import { expect, test } from "./support/test";
import { useClientIp } from "./support/account";
import { expectNoAxeViolations } from "./support/axe";
import { setRemixCookie } from "./support/domain";

// The free tools (SPEC §2, §3, §5, §8): WHOIS, SSL checker and DNS checker as GET forms with
// shareable URLs, with JavaScript on and off. The lookup worker talks to the loopback fakes of
// RDAP, SSL Labs and DoH (tests/fakes/serve-upstreams.ts, started by playwright.config.ts).

const fresh = (label: string) => `${label}.t${crypto.randomUUID().slice(0, 8)}.com`;

test.describe("tools", () => {
  test.beforeEach(async ({ page }) => {
    await useClientIp(page);
  });

  test("WHOIS: a lookup shows the registry's record with statuses in plain words, at a shareable URL", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/tools/whois");
    await expect(page.getByRole("heading", { level: 1, name: "WHOIS / RDAP lookup" })).toBeVisible();
    await page.getByLabel("Domain name").fill("google.com");
    await page.getByRole("button", { name: "Look up" }).click();
    await expect(page).toHaveURL(/\/tools\/whois\?domain=google\.com$/u);
    const result = page.getByRole("region", { name: "WHOIS of google.com" });
    await expect(result).toBeVisible();
    await expect(result.getByText("MarkMonitor Inc.")).toBeVisible();
    await expect(result.getByText("15 September 1997")).toBeVisible();
    await expect(
      result.getByText("Transfer locked by the registrar: it cannot move to another registrar until unlocked."),
    ).toBeVisible();
    await expect(result.getByText("ns1.google.com")).toBeVisible();
    await expect(result.getByText("Google LLC")).toBeVisible();
    await expectNoAxeViolations(page, javaScriptEnabled);
  });

  test("WHOIS: withheld registrant data reads Redacted, and the page speaks Turkish", async ({
    page,
    context,
    baseURL,
  }) => {
    await setRemixCookie(context, baseURL, "locale", "tr");
    await page.goto("/tools/whois?domain=bitcoin.org");
    const result = page.getByRole("region", { name: "bitcoin.org WHOIS bilgisi" });
    await expect(result).toBeVisible();
    await expect(result.getByText("Gizlenmiş").first()).toBeVisible();
    await expect(result.getByText("NAMECHEAP INC")).toBeVisible();
  });

  test("WHOIS: an extension without RDAP is looked up over port-43 WHOIS", async ({ page }) => {
    const name = `haus-${crypto.randomUUID().slice(0, 8)}.de`;
    await page.goto(`/tools/whois?domain=${name}`);
    const result = page.getByRole("region", { name: `WHOIS of ${name}` });
    await expect(
      result.getByText("From the registry's WHOIS server 127.0.0.1 (this extension has no RDAP service).", {
        exact: false,
      }),
    ).toBeVisible();
    await expect(result.getByText("ns1.example.net")).toBeVisible();
  });

  test("WHOIS: bad input is refused with the SPEC message and the typed text is kept", async ({ page }) => {
    await page.goto("/tools/whois");
    await page.getByLabel("Domain name").fill("exa mple.com");
    await page.getByRole("button", { name: "Look up" }).click();
    await expect(page.getByText("Domain name contains invalid characters.")).toBeVisible();
    await expect(page.getByLabel("Domain name")).toHaveValue("exa mple.com");
    await page.getByLabel("Domain name").fill("example.notarealtld");
    await page.getByRole("button", { name: "Look up" }).click();
    await expect(page.getByText("This extension is not a valid top-level domain.")).toBeVisible();
  });

  test("WHOIS: an unknown name and a failing registry give clear messages, never a blank page", async ({ page }) => {
    await page.goto(`/tools/whois?domain=${fresh("unregistered")}`);
    await expect(page.getByRole("alert")).toContainText("WHOIS lookup failed: the registry has no record of");
    await page.goto("/tools/whois?domain=broken.com");
    await expect(page.getByRole("alert")).toContainText("WHOIS lookup failed: the registry could not be reached");
  });

  test("SSL: progress is visible while SSL Labs tests, then the certificate appears", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.setTimeout(60_000);
    const host = fresh("site");
    await page.goto("/tools/ssl");
    await page.getByLabel("Host name").fill(host);
    await page.getByRole("button", { name: "Check" }).click();
    await expect(page.getByRole("status").filter({ hasText: `SSL Labs is testing ${host}` })).toBeVisible();
    await expectNoAxeViolations(page, javaScriptEnabled);
    const result = page.getByRole("region", { name: `Certificate of ${host}` });
    await expect(result).toBeVisible({ timeout: 40_000 });
    await expect(result.getByText("R3 (Let's Encrypt)")).toBeVisible();
    await expect(result.getByText("SHA256withRSA")).toBeVisible();
    await expect(result.getByText("TLS 1.0, TLS 1.1, TLS 1.2")).toBeVisible();
    await expectNoAxeViolations(page, javaScriptEnabled);
  });

  test("SSL: the grading service's refusals read as the SPEC texts", async ({ page }) => {
    await page.goto(`/tools/ssl?host=${fresh("busy")}`);
    await expect(page.getByRole("alert")).toHaveText(
      "The grading service is overloaded. Please try again in 15 to 30 minutes.",
    );
    await page.goto(`/tools/ssl?host=${fresh("limited")}`);
    await expect(page.getByRole("alert")).toContainText("Rate limit exceeded");
    const unresolvable = fresh("unresolvable");
    await page.goto(`/tools/ssl?host=${unresolvable}`);
    await expect(page.getByRole("alert")).toHaveText(`Not found: ${unresolvable} could not be resolved or reached.`);
  });

  test("DNS: resolvers' answers side by side, with the expected value marked", async ({ page, javaScriptEnabled }) => {
    await page.goto("/tools/dns");
    await page.getByLabel("Name", { exact: true }).fill("example.com");
    await page.getByLabel("Record type").selectOption("TXT");
    await page.getByLabel("Expected value (optional)").fill("v=spf1 -all");
    await page.getByRole("button", { name: "Check" }).click();
    await expect(page).toHaveURL(/\/tools\/dns\?name=example\.com&type=TXT&expected=/u);
    const table = page.getByRole("table");
    await expect(table.getByRole("rowheader", { name: "Cloudflare" })).toBeVisible();
    await expect(table.getByRole("rowheader", { name: "Google" })).toBeVisible();
    await expect(table.getByText("Matches")).toHaveCount(2);
    await expect(page.getByText("2 of 2 resolvers answer the expected value.")).toBeVisible();
    await expectNoAxeViolations(page, javaScriptEnabled);
  });

  test("speed test: runs against our own endpoints and shows download, upload, ping and jitter @js-only", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.setTimeout(120_000);
    await page.goto("/tools/speedtest");
    await page.getByRole("button", { name: "Start test" }).click();
    await expect(page.getByRole("status")).toHaveText("Test complete.", { timeout: 100_000 });
    for (const label of ["Download", "Upload"]) {
      await expect(
        page.getByRole("definition").filter({ has: page.locator(`xpath=preceding-sibling::dt[.="${label}"]`) }),
      ).toHaveText(/^\d{1,3}(,\d{3})*(\.\d)? Mbps$/u); // over 1 Gbps on loopback: "1,267.1 Mbps"
    }
    for (const label of ["Ping", "Jitter"]) {
      await expect(
        page.getByRole("definition").filter({ has: page.locator(`xpath=preceding-sibling::dt[.="${label}"]`) }),
      ).toHaveText(/^\d+(\.\d)? ms$/u);
    }
    await expect(page.getByRole("img", { name: "Download and upload measurements" })).toBeVisible();
    await expectNoAxeViolations(page, javaScriptEnabled);
  });

  test("speed test: without JavaScript the page says it needs it @no-js-only", async ({ page, javaScriptEnabled }) => {
    await page.goto("/tools/speedtest");
    await expect(
      page.getByText("The speed test measures your browser's connection, so it needs JavaScript."),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Start test" })).toHaveCount(0);
    await expectNoAxeViolations(page, javaScriptEnabled);
  });

  test("on a phone in the dark theme the result and the DNS table stay readable and accessible", async ({
    browser,
    javaScriptEnabled,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled,
      viewport: { width: 390, height: 844 },
      colorScheme: "dark",
    });
    const page = await context.newPage();
    await useClientIp(page);
    await page.goto("/tools/whois?domain=wikipedia.org");
    await expect(page.getByRole("region", { name: "WHOIS of wikipedia.org" })).toBeVisible();
    await expectNoAxeViolations(page, javaScriptEnabled);
    await page.goto("/tools/dns?name=ietf.org&type=A");
    await expect(page.getByRole("table")).toBeVisible();
    await expectNoAxeViolations(page, javaScriptEnabled);
    await context.close();
  });

  test("DNS: a record type outside the list and a too long expected value are refused with their messages", async ({
    page,
  }) => {
    await page.goto(`/tools/dns?name=example.com&type=ZZZ&expected=${"a".repeat(501)}`);
    await expect(page.getByText("Choose one of the record types in the list.")).toBeVisible();
    await expect(page.getByText("The expected value can be at most 500 characters.")).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
  });

  test("the header's Tools menu and the footer link the tools", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    for (const [name, path] of [
      ["WHOIS lookup", "/tools/whois"],
      ["SSL checker", "/tools/ssl"],
      ["DNS checker", "/tools/dns"],
      ["Speed test", "/tools/speedtest"],
    ] as const) {
      await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", path);
    }
  });
});
