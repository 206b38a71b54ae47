import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test } from "./support/test";
import { signedInUser, waitForHydration } from "./support/account";
import { expectNoAxeViolations } from "./support/axe";
import { randomLetters, setRemixCookie } from "./support/domain";
import { buyDomains } from "./support/purchase";

// My domains (issue 14) through the pages, with JavaScript on and off: the list, the domain page
// (lock with the password), the DNS editor (add, edit, delete, forwarding) and another user's
// domain → 404. Domains are bought through the API as a customer buys them.

const fresh = (tld = "com") => `e2e${randomLetters(12)}.${tld}`;

test.describe("my domains", () => {
  test("lists the user's domains with status, expiry, lock and auto-renewal; filters and sorts with a GET form", async ({
    page,
    javaScriptEnabled,
  }) => {
    const user = await signedInUser(page);
    const stem = `e2e${randomLetters(8)}`;
    const names = [`${stem}a.com`, `${stem}b.net`];
    await buyDomains(page, user, names);
    await page.goto("/dashboard/domains");
    await expect(page).toHaveTitle("My domains");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My domains");
    const table = page.getByRole("table", { name: "Your domains" });
    for (const name of names) {
      const row = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });
      await expect(row).toContainText("Active");
      await expect(row).toContainText("Locked");
      await expect(row).toContainText("Off");
      await expect(row).toContainText(/36[456] days left/);
    }
    await waitForHydration(page, javaScriptEnabled);
    await page.getByLabel("Search").fill(`${stem}b`);
    await page.getByLabel("Sort by").selectOption("-name");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(new RegExp(`q=${stem}b`));
    await expect(table.getByRole("rowheader")).toHaveText([`${stem}b.net`]);
    await page.getByLabel("Status").selectOption("expiring_soon");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("No domain matches these filters.")).toBeVisible();
    await page.getByRole("button", { name: "Create a private link" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your private calendar link" })).toContainText(
      /\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics/,
    );
    await expectNoAxeViolations(page, javaScriptEnabled);
  });

  test(
    "an empty account shows how to get a domain; a bad query falls back",
    { tag: "@markup" },
    async ({ page, javaScriptEnabled }) => {
      await signedInUser(page);
      await page.goto("/dashboard/domains?status=sleeping&page=-4&sort=%00");
      await expect(page.getByText("No domains yet")).toBeVisible();
      await expect(page.getByRole("link", { name: "Transfer a domain" })).toHaveAttribute("href", "/domain/transfer");
      await expectNoAxeViolations(page, javaScriptEnabled);
    },
  );

  test("unlocks a domain with the account password (wrong password refused)", async ({ page, javaScriptEnabled }) => {
    const user = await signedInUser(page);
    const name = fresh();
    await buyDomains(page, user, [name]);
    await page.goto(`/dashboard/domains/${name}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
    await expect(page.getByText("Everything is in order. No action needed.")).toBeVisible();
    await waitForHydration(page, javaScriptEnabled);
    const lock = page.getByRole("region", { name: "Domain lock" });
    await lock.getByLabel("Account password").fill("Wrong-Password-1");
    await lock.getByRole("button", { name: "Unlock domain" }).click();
    await expect(lock.getByText("The password is incorrect.")).toBeVisible();
    await lock.getByLabel("Account password").fill(user.password);
    await lock.getByRole("button", { name: "Unlock domain" }).click();
    await expect(page.getByText("Domain lock disabled successfully")).toBeVisible();
    await expect(lock.getByRole("button", { name: "Lock domain" })).toBeVisible();
    await expectNoAxeViolations(page, javaScriptEnabled);
  });

  test("the DNS editor adds, edits and deletes records, warns before removing the last MX, and forwards", async ({
    page,
    javaScriptEnabled,
  }) => {
    // Many steps (each a page load without JavaScript): more time than the default 30 s.
    test.setTimeout(90_000);
    const user = await signedInUser(page);
    const name = fresh();
    await buyDomains(page, user, [name]);
    await page.goto(`/dashboard/domains/${name}/dns`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`DNS records of ${name}`);
    await expect(page.getByText("No records yet. Add the first one below.")).toBeVisible();
    await waitForHydration(page, javaScriptEnabled);
    const editor = page.getByRole("region", { name: "Add a record" });
    // With JavaScript only the chosen type's fields; without it every field, its label naming the types.
    const extras = [
      "Priority (MX, SRV)",
      "Weight (SRV)",
      "Port (SRV)",
      "Redirect type (forwarding)",
      "Page title (stealth forwarding)",
    ];
    for (const label of extras) await expect(editor.getByLabel(label)).toHaveCount(javaScriptEnabled ? 0 : 1);

    // A bad address: the error names the field, nothing is added.
    await editor.getByLabel("Value", { exact: true }).fill("300.1.1.1");
    await editor.getByRole("button", { name: "Add record" }).click();
    await expect(editor.getByText("Enter an IPv4 address like 192.0.2.1.")).toBeVisible();

    await editor.getByLabel("Value", { exact: true }).fill("192.0.2.10");
    await editor.getByRole("button", { name: "Add record" }).click();
    await expect(page.getByText("DNS record added.")).toBeVisible();
    const table = page.getByRole("table", { name: "DNS records" });
    await expect(table).toContainText("192.0.2.10");
    // The form is empty again, the type kept.
    await expect(editor.getByLabel("Value", { exact: true })).toHaveValue("");
    await expect(editor.getByLabel("Type", { exact: true })).toHaveValue("A");

    await waitForHydration(page, javaScriptEnabled);
    await editor.getByLabel("Type", { exact: true }).selectOption("MX");
    if (javaScriptEnabled) {
      await expect(editor.getByLabel("Priority (MX, SRV)")).toBeVisible();
      await expect(editor.getByLabel("Port (SRV)")).toHaveCount(0);
    }
    await editor.getByLabel("Value", { exact: true }).fill("mx1.example.net");
    await editor.getByLabel("Priority (MX, SRV)").fill("10");
    await editor.getByRole("button", { name: "Add record" }).click();
    await expect(table).toContainText("10 mx1.example.net");
    await expect(editor.getByLabel("Type", { exact: true })).toHaveValue("MX");
    await expect(editor.getByLabel("Value", { exact: true })).toHaveValue("");
    await expect(editor.getByLabel("Priority (MX, SRV)")).toHaveValue("");
    await waitForHydration(page, javaScriptEnabled);

    await editor.getByLabel("Type", { exact: true }).selectOption("FORWARD");
    await editor.getByLabel("Name", { exact: true }).fill("go");
    await editor.getByLabel("Value", { exact: true }).fill("https://example.org/landing");
    await editor.getByLabel("Redirect type (forwarding)").selectOption("302");
    await editor.getByRole("button", { name: "Add record" }).click();
    await expect(table).toContainText("Forwards (302) to https://example.org/landing");

    // Edit the A record.
    await table.getByRole("link", { name: "Edit A @" }).click();
    const edit = page.getByRole("region", { name: "Edit the A record @" });
    await edit.getByLabel("Value", { exact: true }).fill("198.51.100.7");
    await edit.getByRole("button", { name: "Save record" }).click();
    await expect(page.getByText("DNS record updated.")).toBeVisible();
    await expect(table).toContainText("198.51.100.7");

    // Deleting the only MX says what it breaks first.
    await table.getByRole("button", { name: "Delete MX @" }).click();
    await expect(
      page.getByText("This removes the last MX record: mail to this domain will stop arriving."),
    ).toBeVisible();
    await page.getByRole("button", { name: "Delete anyway MX @" }).click();
    await expect(page.getByText("DNS record deleted.")).toBeVisible();
    await expect(table).not.toContainText("mx1.example.net");
    // The history says what each state came before, a count with its plural.
    await expect(page.getByRole("region", { name: "Zone history" }).getByRole("listitem").first()).toContainText(
      /: before deleting the MX record @ \(\d+ records\)/u,
    );
    await expect(page.getByRole("region", { name: "Zone history" }).getByRole("listitem").last()).toContainText(
      /: before adding the A record @ \(0 records\)/u,
    );

    // History: one step back brings the MX back.
    await page
      .getByRole("region", { name: "Zone history" })
      .getByRole("button", { name: /^Restore this state/ })
      .first()
      .click();
    await expect(page.getByText("Zone restored.")).toBeVisible();
    await expect(table).toContainText("10 mx1.example.net");
    await expectNoAxeViolations(page, javaScriptEnabled);
  });

  test("a saved record is live on our nameservers, and dig asks them over DNS-over-HTTPS", async ({
    page,
    baseURL,
  }) => {
    const user = await signedInUser(page);
    const name = fresh();
    await buyDomains(page, user, [name]);
    await page.goto(`/dashboard/domains/${name}/dns`);
    const status = page.getByRole("status").filter({ hasText: "our nameservers" });
    await expect(status).toHaveText(
      /^Live on our nameservers \(ns1\.trinity-dns\.net, ns2\.trinity-dns\.net\): version \d+ is being answered\.$/,
    );
    const editor = page.getByRole("region", { name: "Add a record" });
    await editor.getByLabel("Value", { exact: true }).fill("192.0.2.44");
    await editor.getByRole("button", { name: "Add record" }).click();
    await expect(page.getByText("DNS record added.")).toBeVisible();
    await expect(status).toContainText("is being answered");
    // A real DNS client (BIND's dig, Debian bind9-dnsutils) asks the storefront's /dns-query.
    const port = new URL(baseURL ?? "").port;
    const dig = (type: string) =>
      promisify(execFile)(
        "dig",
        ["+http-plain=/dns-query", "@127.0.0.1", "-p", port, name, type, "+short", "+tries=1"],
        {
          encoding: "utf8",
        },
      );
    expect((await dig("A")).stdout.trim()).toBe("192.0.2.44");
    expect((await dig("NS")).stdout.trim().split("\n").sort()).toEqual([
      "ns1.trinity-dns.net.",
      "ns2.trinity-dns.net.",
    ]);
  });

  test("a zone file import names each refused line and keeps the text, then reports what it skipped and adjusted", async ({
    page,
    javaScriptEnabled,
  }) => {
    const user = await signedInUser(page);
    const name = fresh();
    await buyDomains(page, user, [name]);
    await page.goto(`/dashboard/domains/${name}/dns`);
    await waitForHydration(page, javaScriptEnabled);
    const zoneFile = page.getByLabel("Zone file (BIND format)");
    const refused = "www A 192.0.2.1\n$INCLUDE other.zone\n@ MX 10 192.0.2.10\n";
    await zoneFile.fill(refused);
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(
      page.getByText("Line 2: $INCLUDE is not supported: paste the included file's records here instead"),
    ).toBeVisible();
    await expect(
      page.getByText("Line 3: 192.0.2.10 is an IP address: a target must be a host name like mail.example.com."),
    ).toBeVisible();
    await expect(zoneFile).toHaveValue(refused);
    await expect(page.getByText("No records yet. Add the first one below.")).toBeVisible();

    // BIND's own layout: $ORIGIN, $TTL, an SOA and the apex NS (skipped, said), a TTL the editor rounds.
    const bind =
      `$ORIGIN ${name}.\n$TTL 3600\n@ IN SOA ns1.example.net. hostmaster.${name}. ( 1 7200 3600 1209600 3600 )\n` +
      "@ IN NS ns1.example.net.\nwww 301 IN A 192.0.2.1\nmail IN A 192.0.2.2\n";
    await zoneFile.fill(bind);
    // The preview first: what an import would do, line by line, nothing saved.
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    const report = page.getByRole("status").filter({ hasText: "Nothing is saved yet" });
    await expect(report).toContainText("An import would add 2 records and skip 2 lines. Nothing is saved yet.");
    await expect(report).toContainText("Line 3: SOA @ skipped: SOA is not a type the DNS editor holds");
    await expect(report).toContainText(
      "Line 4: NS @ skipped: the domain's own nameservers are set on the Nameservers form",
    );
    await expect(report).toContainText(
      "Line 5: A www imported, adjusted: TTL 301 is kept as 300, the nearest the editor offers",
    );
    await expect(zoneFile).toHaveValue(bind);
    await expect(page.getByText("No records yet. Add the first one below.")).toBeVisible();
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(
      page.getByText(
        "2 records imported. 2 lines skipped (SOA, NS). 1 record was adjusted on the way in (a TTL to the nearest option, a name without its final dot…).",
      ),
    ).toBeVisible();
    const table = page.getByRole("table", { name: "DNS records" });
    await expect(table).toContainText("192.0.2.1");
    await expect(table).toContainText("192.0.2.2");
  });

  test("auto-renewal needs a card, renewal goes into the cart, the auth code needs an unlocked domain", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.setTimeout(90_000);
    const user = await signedInUser(page);
    const name = fresh();
    await buyDomains(page, user, [name]);
    await page.goto(`/dashboard/domains/${name}`);
    await waitForHydration(page, javaScriptEnabled);
    const autoRenew = page.getByRole("region", { name: "Auto-renewal" });
    await autoRenew.getByRole("button", { name: "Turn on" }).click();
    await expect(autoRenew.getByText("Auto-renewal needs a saved payment method.")).toBeVisible();

    const renew = page.getByRole("region", { name: "Renew" });
    await renew.getByLabel("Years").selectOption("2");
    await renew.getByRole("button", { name: `Add renewal to cart ${name}` }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByText(`${name} renewal added to your cart.`)).toBeVisible();

    await page.goto(`/dashboard/domains/${name}/transfer-out`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Transfer ${name} to another registrar`);
    await expect(page.getByText("The domain is locked. Unlock it on the domain page first.")).toBeVisible();
    await expect(page.getByText("No transfer request yet.")).toBeVisible();
    await waitForHydration(page, javaScriptEnabled);
    // Just registered: the 60-day lock and the day it ends are said before any password is asked for.
    const reveal = page.getByRole("region", { name: "2. Reveal the auth code" });
    const day = (ms: number) =>
      new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }).format(new Date(ms + 60 * 86_400_000));
    const possible = [day(Date.now() - 10 * 60_000), day(Date.now())];
    const explanation = reveal.getByText(
      "This domain cannot move to another registrar yet: a domain cannot be transferred within 60 days of its registration or last transfer.",
      { exact: false },
    );
    await expect(explanation).toBeVisible();
    await expect(explanation).toContainText(
      new RegExp(`It becomes possible on (${possible.join("|")}); the auth code can be revealed from then\\.`, "u"),
    );
    await expect(reveal.getByLabel("Account password")).toHaveCount(0);
    await expect(reveal.getByRole("button", { name: "Reveal auth code" })).toHaveCount(0);
    await expectNoAxeViolations(page, javaScriptEnabled);
  });

  test("another user's domain is Page Not Found on every page", { tag: "@markup" }, async ({ page, browser }) => {
    const owner = await signedInUser(page);
    const name = fresh();
    await buyDomains(page, owner, [name]);
    const other = await browser.newPage();
    await signedInUser(other);
    for (const path of [
      `/dashboard/domains/${name}`,
      `/dashboard/domains/${name}/dns`,
      `/dashboard/domains/${name}/transfer-out`,
    ]) {
      const response = await other.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(other.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    }
    await other.close();
  });

  test("the domain pages in Turkish", async ({ page, context, baseURL, javaScriptEnabled }) => {
    const user = await signedInUser(page);
    const name = fresh();
    await buyDomains(page, user, [name]);
    await setRemixCookie(context, baseURL, "locale", "tr");
    await page.goto("/dashboard/domains");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Alan adlarım");
    await expect(page.getByRole("table", { name: "Alan adlarınız" })).toContainText("Aktif");
    await page.goto(`/dashboard/domains/${name}/dns`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${name} DNS kayıtları`);
    await waitForHydration(page, javaScriptEnabled);
    const editor = page.getByRole("region", { name: "Kayıt ekle" });
    await editor.getByLabel("Değer", { exact: true }).fill("192.0.2.10");
    await editor.getByRole("button", { name: "Kayıt ekle" }).click();
    await expect(page.getByText("DNS kaydı eklendi.")).toBeVisible();
    // The zone history in Turkish, with no English action words ("add A @").
    const history = page.getByRole("region", { name: "Bölge geçmişi" }).getByRole("listitem").first();
    await expect(history).toContainText(/: @ adlı A kaydı eklenmeden önce \(0 kayıt\)/u);
    await expect(history).not.toContainText("add");
    await page.goto(`/dashboard/domains/${name}/transfer-out`);
    await expect(
      page.getByText("Bu alan adı henüz başka bir kayıt kuruluşuna taşınamaz", { exact: false }),
    ).toBeVisible();
  });
});
