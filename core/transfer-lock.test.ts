import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TRANSFER_LOCK_DAYS, transferPossibleFrom } from "./my-domains";

// The transfer-out page tells the 60-day lock before asking for the password (issue 19 point 6a).
describe("transferPossibleFrom", () => {
  it("is 60 days after the registration", () => {
    expect(TRANSFER_LOCK_DAYS).toBe(60);
    expect(transferPossibleFrom(["2026-11-27T10:00:00.000Z"])).toBe("2027-01-26T10:00:00.000Z");
  });

  it("counts from the latest of registration and last transfer, in any order, skipping missing and unreadable dates", () => {
    expect(
      transferPossibleFrom([null, "2026-01-01T00:00:00.000Z", "2026-03-01T00:00:00.000Z", undefined, "not a date"]),
    ).toBe("2026-04-30T00:00:00.000Z");
    expect(transferPossibleFrom(["2026-03-01T00:00:00.000Z", "2026-01-01T00:00:00.000Z"])).toBe(
      "2026-04-30T00:00:00.000Z",
    );
  });

  it("is null when no date is known", () => {
    expect(transferPossibleFrom([])).toBeNull();
    expect(transferPossibleFrom([null, undefined, "", "garbage"])).toBeNull();
  });

  it("is never earlier than 60 days after any given date", () => {
    const moment = fc
      .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true })
      .map((date) => date.toISOString());
    fc.assert(
      fc.property(fc.array(moment, { minLength: 1, maxLength: 5 }), (dates) => {
        const until = Date.parse(transferPossibleFrom(dates) ?? "");
        const latest = Math.max(...dates.map((date) => Date.parse(date)));
        expect(until).toBe(latest + TRANSFER_LOCK_DAYS * 86_400_000);
      }),
    );
  });
});
