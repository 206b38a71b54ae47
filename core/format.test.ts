import { describe, expect, it } from "vitest";
import { formatDay, formatMoment, formatMonth, formatNumber, formatPercent, formatShortMoment } from "./format";

describe("numbers and percentages in the page language", () => {
  it("groups and separates as each language does", () => {
    expect(formatNumber("en", 1234.5)).toBe("1,234.5");
    expect(formatNumber("tr", 1234.5)).toBe("1.234,5");
    expect(formatNumber("en", 2.5, 1)).toBe("2.5");
    expect(formatNumber("tr", 2, 1)).toBe("2,0");
  });
  it("writes the percent sign where each language puts it", () => {
    expect(formatPercent("en", 10)).toBe("10%");
    expect(formatPercent("tr", 10)).toBe("%10");
    expect(formatPercent("tr", 12.5)).toBe("%12,5");
  });
});

describe("dates in the page language, in UTC", () => {
  const iso = "2026-11-22T18:42:10Z";
  it("writes days, moments and months", () => {
    expect(formatDay("en", iso)).toBe("22 November 2026");
    expect(formatDay("tr", iso)).toBe("22 Kasım 2026");
    expect(formatMoment("en", iso)).toMatch(/^22 November 2026(,| at) 18:42 UTC$/u);
    expect(formatMoment("tr", iso)).toBe("22 Kasım 2026 18:42 UTC");
    expect(formatShortMoment("tr", iso)).toBe("22 Kas 2026 18:42 UTC");
    expect(formatMonth("en", "2025-08-01")).toBe("August 2025");
    expect(formatMonth("tr", "2025-08-01")).toBe("Ağustos 2025");
  });
  it("gives null for a missing or invalid value", () => {
    for (const bad of [null, undefined, "", "yesterday"]) {
      expect(formatDay("en", bad)).toBeNull();
      expect(formatMoment("tr", bad)).toBeNull();
    }
  });
});
