import { describe, expect, it } from "vitest";
import { formatLoginTime, groupSecret, recoveryCodesFile, textDataUrl } from "./format";

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

describe("formatLoginTime", () => {
  it("formats per language with the time zone named", () => {
    const iso = "2026-11-22T18:42:10.000Z";
    expect(formatLoginTime(iso, "en")).toMatch(/22 Nov 2026, 18:42:10 UTC/u);
    expect(formatLoginTime(iso, "tr")).toMatch(/22 Kas 2026 18:42:10 UTC/u);
    expect(formatLoginTime(iso, "en", "Europe/Istanbul")).toMatch(/21:42:10 GMT\+3/u);
  });
  it("falls back to UTC for an unknown zone and to the text for a bad date", () => {
    expect(formatLoginTime("2026-11-22T18:42:10Z", "en", "Mars/Base")).toMatch(/UTC/u);
    expect(formatLoginTime("yesterday", "en")).toBe("yesterday");
  });
});
