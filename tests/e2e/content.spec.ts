import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { freshIdentity, outbox, signedInUser, useClientIp, waitForHydration } from "./support/account";
import { expectNoAxeViolations, expectNoAxeViolationsInEveryView } from "./support/axe";

// Issue 10: info pages, blog, donate, download (release emails), support centre, SEO files.
// Every page works with JavaScript on and off: both projects run every test but those tagged
// @markup, which only read what the server sends (info and blog pages ship no script at all)
// and run once (playwright.config.ts).

const PHONE = { width: 390, height: 844 };
const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

const INFO_PAGES = [
  { path: "/about", heading: "About Trinity", tr: "Trinity hakkında" },
  { path: "/license", heading: "Licences", tr: "Lisanslar" },
  {
    path: "/epsl",
    heading: "Equitable Public Source License (EPSL) 1.0",
    tr: "Equitable Public Source License (EPSL) 1.0",
  },
  { path: "/terms", heading: "Terms of service", tr: "Hizmet koşulları" },
  { path: "/privacy", heading: "Privacy policy", tr: "Gizlilik politikası" },
  { path: "/softwear", heading: "Softwear", tr: "Softwear" },
  { path: "/security", heading: "Security", tr: "Güvenlik" },
  { path: "/donate", heading: "Donate to the Trinity Foundation", tr: "Trinity Vakfı'na bağış yapın" },
  { path: "/brand", heading: "Brand guidelines", tr: "Marka yönergeleri" },
  { path: "/roadmap", heading: "Roadmap", tr: "Yol haritası" },
  { path: "/download", heading: "Download", tr: "İndir" },
  { path: "/blog", heading: "Trinity blog", tr: "Trinity blogu" },
] as const;

test.describe("info pages", () => {
  for (const info of INFO_PAGES) {
    test(
      `${info.path} answers 200 with its title, description and canonical link`,
      { tag: "@markup" },
      async ({ page }) => {
        const response = await page.goto(info.path);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(info.heading);
        await expect(page).toHaveTitle(`${info.heading} · Trinity`);
        await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{20,}/u);
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
          "href",
          new URL(info.path, page.url()).href,
        );
        await expect(page.locator('link[rel="alternate"][hreflang="tr"]')).toHaveAttribute(
          "href",
          `${new URL(info.path, page.url()).href}?lang=tr`,
        );
      },
    );
  }

  test("the footer's info links reach their pages, not the 404 page", async ({ page }) => {
    await page.goto("/about");
    const footer = page.getByRole("contentinfo");
    for (const info of INFO_PAGES) {
      const link = footer.locator(`a[href="${info.path}"]`);
      await expect(link, info.path).toHaveCount(1);
    }
    await footer.getByRole("link", { name: "Privacy policy" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy policy");
    await expect(page.getByRole("heading", { level: 2, name: "Cookies and local storage" })).toBeVisible();
  });

  test("the licence page compares the two licences and was last updated in August 2025", async ({ page }) => {
    await page.goto("/license");
    await expect(page.getByText("Last updated August 2025")).toBeVisible();
    const table = page.getByRole("table");
    await expect(table.getByRole("columnheader", { name: "Equitable Public Source License (EPSL)" })).toBeVisible();
    await expect(table.getByRole("columnheader", { name: "Commercial licence" })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "EPSL page" }).click();
    await expect(page).toHaveURL(/\/epsl$/u);
  });

  test.describe("in Turkish", () => {
    test.use({ locale: "tr-TR" });

    for (const info of INFO_PAGES) {
      test(`${info.path} is in Turkish`, { tag: "@markup" }, async ({ page }) => {
        await page.goto(info.path);
        await expect(page.locator("html")).toHaveAttribute("lang", "tr");
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(info.tr);
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\?lang=tr$/u);
      });
    }

    test("the licence date is Turkish", { tag: "@markup" }, async ({ page }) => {
      await page.goto("/license");
      await expect(page.getByText("Son güncelleme: Ağustos 2025")).toBeVisible();
    });
  });

  test("?lang=tr shows Turkish to an English browser, and the EN button goes back to English", async ({ page }) => {
    await page.goto("/about?lang=tr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Trinity hakkında");
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "tr_TR");
    await page.locator('button[name="locale"][value="en"]').click();
    await expect(page).toHaveURL((url) => url.pathname === "/about" && !url.searchParams.has("lang"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Trinity");
  });

  test("an unknown ?lang falls back instead of failing", { tag: "@markup" }, async ({ page }) => {
    const response = await page.goto("/about?lang=xx");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Trinity");
  });
});

test.describe("donate", { tag: "@markup" }, () => {
  test("shows the plans with their status and every way to give", async ({ page }) => {
    await page.goto("/donate");
    const plans = page.getByRole("region", { name: "What your donation pays for" });
    await expect(plans.getByRole("listitem").filter({ hasText: "Public RDAP mirror" })).toContainText("In Development");
    await expect(plans.getByRole("listitem").filter({ hasText: "DNSSEC for everyone" })).toContainText("Planned");
    await expect(plans.getByRole("listitem").filter({ hasText: "Homograph detection" })).toContainText(
      "Research Phase",
    );
    const methods = page.getByRole("region", { name: "Ways to give" });
    for (const text of [
      "USDT",
      "USDC",
      "Bitcoin (BTC)",
      "Ethereum (ETH)",
      "Network: Base",
      "Account in USD",
      "Account in TRY",
      "Account in GBP",
    ]) {
      await expect(methods.getByText(text, { exact: true }).first(), text).toBeVisible();
    }
    await expect(
      methods.getByRole("link", { name: /^Ask for the details ?: USDT, Ethereum \(ERC20\)$/u }),
    ).toHaveAttribute("href", /^mailto:donate@trinity\.domains\?subject=/u);
  });

  test.describe("in Turkish", () => {
    test.use({ locale: "tr-TR" });
    test("the plan statuses are translated", async ({ page }) => {
      await page.goto("/donate");
      await expect(page.getByText("Araştırma Aşamasında")).toBeVisible();
      await expect(page.getByText("TRY hesabı", { exact: true })).toBeVisible();
    });
  });
});

test.describe("blog", () => {
  test("lists the newest posts first, three a page, with an Older posts link", async ({ page }) => {
    await page.goto("/blog");
    const titles = page.getByRole("main").getByRole("heading", { level: 2 });
    await expect(titles).toHaveText([
      "What happens when a domain expires",
      "DNSSEC explained without the cryptography lecture",
      "How a domain transfer works, step by step",
    ]);
    const pager = page.getByRole("navigation", { name: "Blog pages" });
    await expect(pager).toContainText("Page 1 of 2");
    await pager.getByRole("link", { name: /Older posts/u }).click();
    await expect(page).toHaveURL(/\/blog\?page=2$/u);
    await expect(titles).toHaveText(["What RDAP is, and why WHOIS is being retired"]);
    await expect(page).toHaveTitle("Blog, page 2 · Trinity");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/blog\?page=2$/u);
  });

  test("?page=1 is the list itself", { tag: "@markup" }, async ({ page }) => {
    await page.goto("/blog?category=guides&page=1");
    await expect(page).toHaveURL(/\/blog\?category=guides$/u);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/blog\?category=guides$/u);
  });

  test("filters by tag and by category", async ({ page }) => {
    await page.goto("/blog/dnssec-explained");
    await page
      .getByRole("article")
      .first()
      .getByRole("list", { name: "Tags" })
      .getByRole("link", { name: "#Security" })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Posts tagged “Security”");
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText([
      "DNSSEC explained without the cryptography lecture",
      "How a domain transfer works, step by step",
    ]);
    await page.goto("/blog?category=guides");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Posts in “Guides”");
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveCount(3);
  });

  test("a post shows its date, read time, category, tags, related posts and article data", async ({ page }) => {
    await page.goto("/blog?page=2");
    await page.getByRole("link", { name: "What RDAP is, and why WHOIS is being retired" }).click();
    await expect(page).toHaveURL(/\/blog\/what-is-rdap$/u);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("What RDAP is, and why WHOIS is being retired");
    const article = page.getByRole("article").first();
    await expect(article.locator("time")).toHaveText("12 June 2025");
    await expect(article.getByText(/^\d+ min read$/u)).toBeVisible();
    await expect(article.getByRole("link", { name: "Category: Guides" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "What RDAP changes" })).toBeVisible();
    const related = page.getByRole("region", { name: "Related posts" });
    // Shared tag "registries" and category "guides"; the DNSSEC post shares neither.
    await expect(related.getByRole("heading", { level: 3 })).toHaveText([
      "What happens when a domain expires",
      "How a domain transfer works, step by step",
    ]);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
    ) as Record<string, unknown>;
    expect(jsonLd).toMatchObject({
      "@type": "BlogPosting",
      headline: "What RDAP is, and why WHOIS is being retired",
      datePublished: "2025-06-12",
    });
  });

  test("unknown posts, pages and filters answer 404", { tag: "@markup" }, async ({ page }) => {
    for (const path of [
      "/blog/no-such-post",
      "/blog?page=9",
      "/blog?page=abc",
      "/blog?tag=nothing-here",
      "/blog?tag=%3Cscript%3E",
      "/blog?category=Bad%20Value",
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
    }
  });

  test("the Atom feed lists the posts with absolute links", { tag: "@markup" }, async ({ request, baseURL }) => {
    const response = await request.get("/blog/feed.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/atom+xml");
    const xml = await response.text();
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">');
    expect(xml).toContain(`<link rel="alternate" type="text/html" href="${baseURL}/blog/what-is-rdap"/>`);
    expect(xml.match(/<entry>/gu)).toHaveLength(4);
    const turkish = await (await request.get("/blog/feed.xml?lang=tr")).text();
    expect(turkish).toContain("<title>Trinity blogu</title>");
    expect(turkish).toContain(`${baseURL}/blog/what-is-rdap?lang=tr`);
  });

  test.describe("in Turkish", () => {
    test.use({ locale: "tr-TR" });
    test("the list and a post are in Turkish", async ({ page }) => {
      await page.goto("/blog");
      await expect(page.getByRole("navigation", { name: "Blog sayfaları" })).toContainText("Sayfa 1 / 2");
      await page.getByRole("link", { name: "Kriptografi dersine girmeden DNSSEC" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kriptografi dersine girmeden DNSSEC");
      await expect(page.getByRole("article").first().locator("time")).toHaveText("20 Ağustos 2025");
      await expect(page.getByText(/^\d+ dk okuma$/u).first()).toBeVisible();
    });
  });
});

test.describe("release emails on the download page", () => {
  test("refuses a bad address and keeps what was typed", async ({ page, javaScriptEnabled }) => {
    await page.goto("/download");
    await waitForHydration(page, javaScriptEnabled);
    const form = page.getByRole("region", { name: "Get an email when a release is out" });
    await form.getByLabel("Email address").fill("not-an-email");
    await form.getByRole("button", { name: "Notify me" }).click();
    await expect(form.getByText("Enter a valid email address.")).toBeVisible();
    await expect(form.getByLabel("Email address")).toHaveValue("not-an-email");
    await expect(form.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
  });

  test("the server refuses a bad address with 400", async ({ page }) => {
    await page.goto("/download");
    const response = await page.request.post("/download", { form: { email: "nope" } });
    expect(response.status()).toBe(400);
  });

  test("signs up, confirms by the mailed link and unsubscribes", async ({ page, javaScriptEnabled }) => {
    const { email } = freshIdentity();
    // Sign-ups are limited per client address: this test's own address.
    await useClientIp(page);
    await page.goto("/download");
    await waitForHydration(page, javaScriptEnabled);
    const form = page.getByRole("region", { name: "Get an email when a release is out" });
    await form.getByLabel("Email address").fill(email);
    await form.getByRole("button", { name: "Notify me" }).click();
    await expect(toast(page, `we sent a confirmation link to ${email}`)).toBeVisible();

    const [mail] = await outbox(page.request, email);
    expect(mail!.subject).toBe("Confirm your Trinity release emails");
    const confirm = /https?:\/\/\S+\/download\/confirm\?token=\S+/u.exec(mail!.text)?.[0];
    const unsubscribe = /https?:\/\/\S+\/download\/unsubscribe\?token=\S+/u.exec(mail!.text)?.[0];
    expect(confirm).toMatch(/\/download\/confirm\?token=[^\s&]{16,}$/u);
    expect(unsubscribe).toMatch(/\/download\/unsubscribe\?token=[^\s&]{16,}$/u);

    await page.goto(new URL(confirm as string).pathname + new URL(confirm as string).search);
    await expect(page.getByText(`Confirm release emails for ${email}?`)).toBeVisible();
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Your address ${email} is confirmed.` })).toBeVisible();

    await page.goto(new URL(unsubscribe as string).pathname + new URL(unsubscribe as string).search);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: `we will not send release emails to ${email} any more` }),
    ).toBeVisible();
  });

  test("a broken link says so with 404", { tag: "@markup" }, async ({ page }) => {
    const response = await page.goto(`/download/confirm?token=${"x".repeat(43)}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("alert")).toHaveText(
      "This link is not valid or has expired. Sign up again on the download page.",
    );
    expect((await page.goto("/download/unsubscribe"))?.status()).toBe(404);
  });
});

test.describe("support centre", () => {
  test("a visitor is sent to sign in first", { tag: "@markup" }, async ({ page }) => {
    await page.goto("/dashboard/support");
    await expect(page).toHaveURL(/\/signin\?redirect=%2Fdashboard%2Fsupport$/u);
  });

  test("opens a ticket, replies and closes it", async ({ page, javaScriptEnabled }) => {
    const user = await signedInUser(page);
    await page.goto("/dashboard/support");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Support centre");
    await expect(page.getByText("answers within 24 to 48 hours")).toBeVisible();
    await expect(page.getByText("You have no tickets yet.")).toBeVisible();
    await waitForHydration(page, javaScriptEnabled);

    const form = page.getByRole("region", { name: "Open a ticket" });
    await form.getByLabel("Subject").fill("Hi");
    await form.getByLabel("Details", { exact: true }).fill("My www record stopped resolving this morning.");
    await form.getByRole("button", { name: "Send ticket" }).click();
    await expect(form.getByText("The subject must be 3 to 120 characters.")).toBeVisible();
    await expect(form.getByLabel("Details", { exact: true })).toHaveValue(
      "My www record stopped resolving this morning.",
    );

    await form.getByLabel("Subject").fill("www does not resolve");
    await form.getByLabel("Category").selectOption({ label: "Domains" });
    await form.getByLabel("Priority").selectOption({ label: "High" });
    await form.getByRole("button", { name: "Send ticket" }).click();
    await expect(toast(page, "Ticket sent. We answer within 24 to 48 hours.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("www does not resolve");
    await expect(page.getByText("Status: Open")).toBeVisible();
    await expect(page.getByRole("region", { name: "Conversation" })).toContainText(
      "My www record stopped resolving this morning.",
    );
    const [receipt] = await outbox(page.request, user.email);
    expect(receipt!.subject).toBe("We received your support ticket: www does not resolve");

    await page.getByLabel("Your reply").fill("It is the A record for www.");
    await page.getByRole("button", { name: "Send reply" }).click();
    await expect(toast(page, "Reply sent.")).toBeVisible();
    await expect(page.getByRole("region", { name: "Conversation" }).getByRole("listitem")).toHaveCount(2);

    await page.getByRole("button", { name: "Close ticket" }).click();
    await expect(toast(page, "Ticket closed.")).toBeVisible();
    await expect(page.getByText("Status: Closed")).toBeVisible();
    await expect(page.getByText("This ticket is closed. A reply opens it again.")).toBeVisible();

    await page.getByRole("link", { name: "All tickets" }).click();
    await expect(
      page.getByRole("region", { name: "Your tickets" }).getByRole("link", { name: "www does not resolve" }),
    ).toBeVisible();
  });

  test("the FAQ opens without JavaScript, each item on its own", async ({ page }) => {
    await signedInUser(page);
    await page.goto("/dashboard/support");
    const faq = page.getByRole("region", { name: "Frequently asked questions" });
    const answer = faq.getByText("Within 24 to 48 hours, every day of the year.", { exact: false });
    await expect(answer).toBeHidden();
    await faq.getByText("How fast do you answer?").click();
    await expect(answer).toBeVisible();
    await faq.getByText("How do I change my DNS records?").click();
    await expect(answer).toBeVisible();
    await expect(faq.getByText("Open the domain in the dashboard and choose DNS.", { exact: false })).toBeVisible();
  });

  test("another user's ticket is Page Not Found, and unknown intents answer 400", async ({ page, browser }) => {
    await signedInUser(page);
    await page.goto("/dashboard/support");
    await page.getByLabel("Subject").fill("Billing question");
    await page.getByLabel("Details", { exact: true }).fill("Why was I charged twice this month?");
    await page.getByRole("button", { name: "Send ticket" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Billing question");
    const ticketPath = new URL(page.url()).pathname;
    expect((await page.request.post(ticketPath, { form: { intent: "delete-everything" } })).status()).toBe(400);

    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await signedInUser(other);
    const response = await other.goto(ticketPath);
    expect(response?.status()).toBe(404);
    await expect(other.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
    expect((await other.goto("/dashboard/support/not-a-ticket"))?.status()).toBe(404);
    await otherContext.close();
  });
});

test.describe("illuminate", () => {
  test(
    "a new account's health report says there is nothing to check, in both languages",
    { tag: "@markup" },
    async ({ page }) => {
      await signedInUser(page);
      const response = await page.goto("/dashboard/illuminate");
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Illuminate");
      await expect(
        page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Illuminate" }),
      ).toHaveAttribute("aria-current", "page");
      await expect(
        page.getByRole("status").filter({ hasText: "You have no domains yet, so there is nothing to check." }),
      ).toBeVisible();
      await page.goto("/dashboard/illuminate?lang=tr");
      await expect(page.getByText("Henüz alan adınız yok, kontrol edilecek bir şey bulunmuyor.")).toBeVisible();
    },
  );

  test("a visitor is sent to sign in first", { tag: "@markup" }, async ({ page }) => {
    await page.goto("/dashboard/illuminate");
    await expect(page).toHaveURL(/\/signin\?redirect=%2Fdashboard%2Filluminate$/u);
  });
});

test.describe("structured data and links on other pages", { tag: "@markup" }, () => {
  test("the home page has canonical and hreflang links and describes the site and its search", async ({
    page,
    baseURL,
  }) => {
    await page.goto("/");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/`);
    await expect(page.locator('link[rel="alternate"][hreflang="tr"]')).toHaveAttribute("href", `${baseURL}/?lang=tr`);
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute("href", `${baseURL}/`);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}") as {
      "@graph": { "@type": string; potentialAction?: { target: string } }[];
    };
    const site = jsonLd["@graph"].find((node) => node["@type"] === "WebSite");
    expect(site?.potentialAction?.target).toBe(`${baseURL}/domain-search?q={search_term_string}`);
  });

  test("an available domain is a product with its first-year offer", async ({ page }) => {
    await page.goto("/content-seo-nobody-has-this.com");
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
    ) as Record<string, unknown>;
    expect(jsonLd).toMatchObject({
      "@type": "Product",
      name: "content-seo-nobody-has-this.com",
      offers: { "@type": "Offer", priceCurrency: "USD", availability: "https://schema.org/InStock" },
    });
    expect((jsonLd.offers as { price: string }).price).toMatch(/^\d+\.\d{2}$/u);
  });
});

test.describe("SEO files", { tag: "@markup" }, () => {
  test("robots.txt names the sitemap and keeps crawlers out of the API; the dashboard sends them to sign in", async ({
    request,
    baseURL,
  }) => {
    const text = await (await request.get("/robots.txt")).text();
    expect(text).toContain("Disallow: /api/");
    expect(text).not.toContain("Disallow: /dashboard");
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const dashboard = await request.get("/dashboard/domains", { maxRedirects: 0 });
    expect(dashboard.status()).toBe(302);
    expect(dashboard.headers()["location"]).toMatch(/^\/signin/);
  });

  test("sitemap.xml lists the pages in both languages with hreflang alternates", async ({ request, baseURL }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    const xml = await response.text();
    expect(xml).toContain(`<loc>${baseURL}/about</loc>`);
    expect(xml).toContain(`<loc>${baseURL}/about?lang=tr</loc>`);
    expect(xml).toContain(`<loc>${baseURL}/blog/dnssec-explained</loc>`);
    expect(xml).toContain(
      `<xhtml:link rel="alternate" hreflang="tr" href="${baseURL}/blog/dnssec-explained?lang=tr"/>`,
    );
    expect(xml).not.toContain("/dashboard");
  });

  test("security.txt gives a contact, an expiry under a year and the policy", async ({ request, baseURL }) => {
    const text = await (await request.get("/.well-known/security.txt")).text();
    expect(text).toContain("Contact: mailto:security@trinity.domains");
    expect(text).toContain(`Policy: ${baseURL}/security`);
    const expires = Date.parse(/^Expires: (.+)$/mu.exec(text)?.[1] ?? "");
    expect(expires).toBeGreaterThan(Date.now());
    expect(expires).toBeLessThan(Date.now() + 365 * 86_400_000);
  });
});

const AXE_PAGES = [
  { path: "/blog", heading: "Trinity blog" },
  { path: "/blog/when-a-domain-expires", heading: "What happens when a domain expires" },
  { path: "/donate", heading: "Donate to the Trinity Foundation" },
  { path: "/download", heading: "Download" },
  { path: "/license", heading: "Licences" },
] as const;

test.describe("axe, every OS theme and size", () => {
  test.use({ viewport: PHONE });
  // Four axe sweeps a state (expectNoAxeViolationsInEveryView): more than the default time.
  test.slow();
  for (const target of AXE_PAGES) {
    test(`${target.path} has no axe violations`, { tag: "@axe" }, async ({ page, javaScriptEnabled }) => {
      await page.goto(target.path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(target.heading);
      await expectNoAxeViolationsInEveryView(page, javaScriptEnabled);
    });
  }
  test("illuminate has no axe violations", { tag: "@axe" }, async ({ page, javaScriptEnabled }) => {
    await signedInUser(page);
    await page.goto("/dashboard/illuminate");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Illuminate");
    await expectNoAxeViolationsInEveryView(page, javaScriptEnabled);
  });
  test("the support centre has no axe violations", { tag: "@axe" }, async ({ page, javaScriptEnabled }) => {
    await signedInUser(page);
    await page.goto("/dashboard/support");
    await page.getByRole("region", { name: "Frequently asked questions" }).getByText("How fast do you answer?").click();
    await expectNoAxeViolationsInEveryView(page, javaScriptEnabled);
  });
});

test.describe("axe in Turkish", () => {
  test.use({ locale: "tr-TR", colorScheme: "dark" });
  test("a Turkish post has no axe violations", { tag: "@axe" }, async ({ page, javaScriptEnabled }) => {
    await page.goto("/blog/what-is-rdap");
    await expect(page.locator("html")).toHaveAttribute("lang", "tr");
    await expectNoAxeViolations(page, javaScriptEnabled);
  });
});
