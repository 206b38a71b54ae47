import { describe, expect, it } from "vitest";
import { cardBrand, cardFormSchema, cardInputError, luhnValid, numberError, parseExpiry } from "./card";

const NOW = new Date("2026-11-25T12:00:00Z");
const schema = cardFormSchema(() => NOW);

function errorsOf(input: Record<string, string>): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join(".")] ??= []).push(issue.message);
  return out;
}

describe("card rules", () => {
  it("checks Luhn on Stripe's test numbers", () => {
    expect(luhnValid("4242424242424242")).toBe(true);
    expect(luhnValid("4000002760003184")).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
  });

  it("detects brands by prefix", () => {
    expect(cardBrand("4242424242424242")).toBe("visa");
    expect(cardBrand("5555555555554444")).toBe("mastercard");
    expect(cardBrand("2223003122003222")).toBe("mastercard");
    expect(cardBrand("378282246310005")).toBe("amex");
    expect(cardBrand("6011111111111117")).toBe("discover");
    expect(cardBrand("3056930009020004")).toBe("diners");
    expect(cardBrand("3566002020360505")).toBe("jcb");
    expect(cardBrand("6200000000000005")).toBe("unionpay");
    expect(cardBrand("9999")).toBe("unknown");
  });

  it("tells an incomplete number from an invalid one", () => {
    expect(numberError("424242")).toBe("incomplete_number");
    expect(numberError("4242424242424241")).toBe("invalid_number");
    expect(numberError("42424242424242424242")).toBe("invalid_number");
    expect(numberError("4242424242424242")).toBeNull();
    expect(numberError("378282246310005")).toBeNull();
  });

  it("reads expiry in the usual spellings", () => {
    expect(parseExpiry("12/34")).toEqual({ month: 12, year: 2034 });
    expect(parseExpiry("1 / 2030")).toEqual({ month: 1, year: 2030 });
    expect(parseExpiry("0130")).toEqual({ month: 1, year: 2030 });
    expect(parseExpiry("13/30")).toBeNull();
    expect(parseExpiry("12")).toBeNull();
  });
});

describe("card form schema", () => {
  it("accepts a good card with spaces and returns the digits", () => {
    const result = schema.parse({ number: "4242 4242 4242 4242", expiry: "12 / 30", cvc: "123", name: "Ada Lovelace" });
    expect(result).toEqual({
      card: { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123" },
      name: "Ada Lovelace",
    });
  });

  it("names each field's SPEC §8 error", () => {
    expect(errorsOf({ number: "", expiry: "", cvc: "" })).toEqual({
      number: ["incomplete_number"],
      expiry: ["incomplete_expiry"],
      cvc: ["incomplete_cvc"],
    });
    expect(errorsOf({ number: "4242 4242", expiry: "12/30", cvc: "123" })).toEqual({ number: ["incomplete_number"] });
    expect(errorsOf({ number: "4242424242424241", expiry: "12/30", cvc: "123" })).toEqual({
      number: ["invalid_number"],
    });
    expect(errorsOf({ number: "4242424242424242", expiry: "10/26", cvc: "123" })).toEqual({ expiry: ["expired_card"] });
    expect(errorsOf({ number: "4242424242424242", expiry: "11/26", cvc: "12" })).toEqual({ cvc: ["incomplete_cvc"] });
    expect(errorsOf({ number: "378282246310005", expiry: "11/26", cvc: "123" })).toEqual({ cvc: ["incomplete_cvc"] });
  });

  it("checks a split card the same way", () => {
    expect(cardInputError({ number: "4242424242424242", expMonth: 11, expYear: 2026, cvc: "123" }, NOW)).toBeNull();
    expect(cardInputError({ number: "4242424242424242", expMonth: 10, expYear: 2026, cvc: "123" }, NOW)).toBe(
      "expired_card",
    );
    expect(cardInputError({ number: "4242424242424242", expMonth: 13, expYear: 2026, cvc: "123" }, NOW)).toBe(
      "incomplete_expiry",
    );
    expect(cardInputError({ number: "378282246310005", expMonth: 1, expYear: 2030, cvc: "1234" }, NOW)).toBeNull();
  });
});
