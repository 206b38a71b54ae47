import { describe, expect, it } from "vitest";
import { formatLoginTime, groupSecret, recoveryCodesFile, shortUserAgent, textDataUrl } from "./format";

describe("groupSecret", () => {
  it("splits a base32 secret in groups of four", () => {
    expect(groupSecret("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP")).toBe("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP");
  });
  it("keeps a short last group and ignores spaces already there", () => {
    expect(groupSecret("ABCD EFGH IJ")).toBe("ABCD EFGH IJ");
    expect(groupSecret("")).toBe("");
  });
});

describe("recovery code file", () => {
  it("has one code per line under the heading", () => {
    expect(recoveryCodesFile(["aaaa-bbbb-cccc", "dddd-eeee-ffff"], "Trinity recovery codes")).toBe(
      "Trinity recovery codes\n\naaaa-bbbb-cccc\ndddd-eeee-ffff\n",
    );
  });
  it("is carried in a data URL that decodes back to the same text", () => {
    const text = "Kurtarma kodları: ğüşiöç\nabcd-efgh-jkmn\n";
    const url = textDataUrl(text);
    expect(url.startsWith("data:text/plain;charset=utf-8,")).toBe(true);
    expect(decodeURIComponent(url.slice(url.indexOf(",") + 1))).toBe(text);
  });
});

describe("shortUserAgent", () => {
  it("names common browsers and systems", () => {
    expect(shortUserAgent("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36")).toBe("Chrome 120 · Windows");
    expect(shortUserAgent("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15")).toBe("Safari 17 · macOS");
    expect(shortUserAgent("Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0")).toBe("Firefox 121 · Linux");
    expect(shortUserAgent("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/119.0 Mobile/15E148 Safari/604.1")).toBe("Chrome 119 · iOS");
    expect(shortUserAgent("Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 EdgA/120.0")).toBe("Edge 120 · Android");
    expect(shortUserAgent("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36")).toBe("Headless Chrome 131 · Linux");
  });
  it("shortens an unknown agent and answers null for none", () => {
    expect(shortUserAgent("curl/8.5.0")).toBe("curl 8");
    expect(shortUserAgent("x".repeat(60))).toBe(`${"x".repeat(39)}…`);
    expect(shortUserAgent("my-tool")).toBe("my-tool");
    expect(shortUserAgent(null)).toBeNull();
    expect(shortUserAgent("  ")).toBeNull();
  });
});

describe("formatLoginTime", () => {
  it("formats per language with the time zone named", () => {
    const iso = "2026-11-22T18:42:10.000Z";
    expect(formatLoginTime(iso, "en")).toMatch(/Nov 22, 2026.*6:42:10\sPM UTC/u);
    expect(formatLoginTime(iso, "tr")).toMatch(/22 Kas 2026 18:42:10 UTC/u);
    expect(formatLoginTime(iso, "en", "Europe/Istanbul")).toMatch(/9:42:10\sPM GMT\+3/u);
  });
  it("falls back to UTC for an unknown zone and to the text for a bad date", () => {
    expect(formatLoginTime("2026-11-22T18:42:10Z", "en", "Mars/Base")).toMatch(/UTC/u);
    expect(formatLoginTime("yesterday", "en")).toBe("yesterday");
  });
});
