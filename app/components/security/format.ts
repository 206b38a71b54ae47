// Pure helpers of the account-security page (unit-tested in format.test.ts).

import { DATE_LOCALE_TAGS, type Locale } from "../../../core/locale";

/** A TOTP secret for typing by hand: groups of 4 characters separated by spaces. */
export function groupSecret(secret: string): string {
  return (secret.replace(/\s/gu, "").match(/.{1,4}/gu) ?? []).join(" ");
}

/** The recovery codes as a text file (CRLF-free, one code per line, with a short header). */
export function recoveryCodesFile(codes: readonly string[], heading: string): string {
  return `${heading}\n\n${codes.join("\n")}\n`;
}

/** A `data:` URL of a plain-text file: a download link that works without JavaScript. */
export function textDataUrl(text: string): string {
  return `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
}

/**
 * A sign-in time in the reader's language with the time zone named ("22 Nov 2026, 18:42:10 UTC").
 * The server renders it in UTC; the browser re-renders it in its own zone after hydration.
 */
export function formatLoginTime(iso: string, locale: Locale, timeZone: string = "UTC"): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(DATE_LOCALE_TAGS[locale], {
      dateStyle: "medium",
      timeStyle: "long",
      timeZone,
    }).format(date);
  } catch {
    return new Intl.DateTimeFormat(DATE_LOCALE_TAGS[locale], {
      dateStyle: "medium",
      timeStyle: "long",
      timeZone: "UTC",
    }).format(date);
  }
}
