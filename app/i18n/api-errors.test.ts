import { describe, expect, it } from "vitest";
import { API_ERRORS, isApiErrorCode, statusesOf, type ApiErrorCode } from "../../workers/api/contract/errors";
import { i18nForLocale } from "../server/i18n.server";
import {
  API_ERROR_PLACES,
  GENERIC_API_ERROR_KEY,
  apiErrorKey,
  apiErrorText,
  isCode,
  type ApiErrorPlace,
  type ApiFailure,
} from "./api-errors";

const LOCALES = ["en", "tr"] as const;
const PLACES = Object.keys(API_ERROR_PLACES) as ApiErrorPlace[];
/** The values a page adds (the tools pages name the domain or host looked up). */
const PAGE_VALUES = { domain: "example.com", host: "example.com" };

function failureOf(code: string, status = 400): ApiFailure {
  return { code, status, message: "the server's message", retryAfter: 120 };
}

/** Every (place, code) the map names, with a failure at each status the code is sent with. */
const named = PLACES.flatMap((place) =>
  Object.keys(API_ERROR_PLACES[place].codes).map((code) => {
    if (!isApiErrorCode(code)) throw new Error(`${place} names ${code}, not an ApiErrorCode`);
    return { place, code };
  }),
);

describe("API error texts (app/i18n/api-errors.ts)", () => {
  it("names only codes of the contract", () => {
    expect(named.length).toBeGreaterThan(50);
    for (const { code } of named) expect(Object.hasOwn(API_ERRORS, code), code).toBe(true);
  });

  it.each(LOCALES)("has a %s text for every code each place names", (locale) => {
    const i18n = i18nForLocale(locale);
    for (const { place, code } of named) {
      for (const status of statusesOf(code as ApiErrorCode)) {
        const found = apiErrorKey(failureOf(code, status), place);
        if ("raw" in found) throw new Error(`${place}/${code} has no text of its own`);
        expect(i18n.exists(found.key, { lng: locale, ...found.values }), `${place}/${code}: ${found.key}`).toBe(true);
        const text = apiErrorText(i18n.getFixedT(locale), failureOf(code, status), place, PAGE_VALUES);
        expect(text, `${place}/${code}`).not.toBe(found.key);
        expect(text.trim(), `${place}/${code}`).not.toBe("");
        expect(text, `${place}/${code}: every variable filled`).not.toMatch(/\{\{/);
      }
    }
  });

  it.each(LOCALES)("falls back to each place's own %s text (and a generic one) for an unknown code", (locale) => {
    const i18n = i18nForLocale(locale);
    const t = i18n.getFixedT(locale);
    for (const place of PLACES) {
      for (const status of [400, 401, 403, 404, 409, 429, 500, 503]) {
        const failure = failureOf("no_such_code", status);
        const found = apiErrorKey(failure, place);
        if ("raw" in found) {
          expect(found.raw).toBe(failure.message);
          continue;
        }
        expect(i18n.exists(found.key, { lng: locale, ...found.values }), `${place} at ${status}: ${found.key}`).toBe(
          true,
        );
        expect(apiErrorText(t, failure, place, PAGE_VALUES), `${place} at ${status}`).not.toMatch(/\{\{/);
      }
    }
    expect(apiErrorKey(failureOf("no_such_code"))).toEqual({ key: GENERIC_API_ERROR_KEY });
    expect(apiErrorText(t, failureOf("invalid_password"))).toBe(t(GENERIC_API_ERROR_KEY));
    expect(apiErrorText(t, failureOf("no_such_code", 500))).toBe(t("translation:errors.text"));
  });

  it("gives a place's words for its codes and reads the status otherwise", () => {
    const t = i18nForLocale("en").getFixedT("en");
    expect(apiErrorText(t, failureOf("invalid_password", 403), "security")).toBe(t("security:password.wrongCurrent"));
    expect(apiErrorText(t, failureOf("invalid_password", 403), "profile")).toBe(t("dashboard:profile.wrongPassword"));
    expect(apiErrorText(t, { ...failureOf("too_many_attempts", 429), retryAfter: 125 }, "security")).toBe(
      t("account:tooManyAttempts", { count: 3 }),
    );
    expect(apiErrorText(t, failureOf("internal_error", 500), "signin")).toBe(t("signin:errors.server"));
    expect(apiErrorText(t, failureOf("not_available", 409), "checkout")).toBe(
      t("checkout:errors.not_available", { message: "the server's message" }),
    );
    expect(apiErrorText(t, failureOf("invalid_parameter", 400), "vps.reveal")).toBe("the server's message");
    expect(apiErrorText(t, failureOf("whois_failed", 502), "tools.whois", { domain: "example.com" })).toBe(
      t("tools:whois.errors.whois_failed", { domain: "example.com", message: "the server's message" }),
    );
  });

  it("tests codes by their contract name", () => {
    expect(isCode(failureOf("challenge_expired"), "challenge_expired")).toBe(true);
    expect(isCode(failureOf("challenge_locked"), "challenge_expired", "challenge_locked")).toBe(true);
    expect(isCode(failureOf("no_such_code"), "challenge_expired")).toBe(false);
    expect(isCode(null, "challenge_expired")).toBe(false);
  });
});
