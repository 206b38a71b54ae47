/**
 * Numbers, percentages and dates in a page's (or a mail's) language with `Intl`, never by hand
 * (no toFixed, `${n} %`, toISOString().slice). Money is formatMoney in money.ts. Dates are in UTC,
 * so the server and the browser write the same text whatever the browser's time zone.
 */

import { DATE_LOCALE_TAGS, type Locale, NUMBER_LOCALE_TAGS } from "./locale";

const numberFormats = new Map<string, Intl.NumberFormat>();

function cachedNumberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(NUMBER_LOCALE_TAGS[locale], options);
    numberFormats.set(key, format);
  }
  return format;
}

/** 1234.5 → "1,234.5" / "1.234,5"; `digits` fixes the decimals (both minimum and maximum). */
export function formatNumber(locale: Locale, value: number, digits?: number): string {
  const options: Intl.NumberFormatOptions =
    digits === undefined
      ? { maximumFractionDigits: 2 }
      : { minimumFractionDigits: digits, maximumFractionDigits: digits };
  return cachedNumberFormat(locale, options).format(value);
}

/** A percentage given in percent (10 → "10%" / "%10"; 12.5 → "12.5%" / "%12,5"). */
export function formatPercent(locale: Locale, percent: number): string {
  return cachedNumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(percent / 100);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function cachedDateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(DATE_LOCALE_TAGS[locale], { ...options, timeZone: "UTC" });
    dateFormats.set(key, format);
  }
  return format;
}

function parse(iso: string | Date | null | undefined): Date | null {
  if (iso === null || iso === undefined || iso === "") return null;
  const date = iso instanceof Date ? iso : new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A day such as "22 November 2026" / "22 Kasım 2026" (UTC), or null for a missing/invalid value. */
export function formatDay(locale: Locale, iso: string | Date | null | undefined): string | null {
  const date = parse(iso);
  return date ? cachedDateFormat(locale, { dateStyle: "long" }).format(date) : null;
}

/** A moment such as "22 November 2026 at 18:42 UTC" / "22 Kasım 2026 18:42 UTC", or null. */
export function formatMoment(locale: Locale, iso: string | Date | null | undefined): string | null {
  const date = parse(iso);
  return date ? `${cachedDateFormat(locale, { dateStyle: "long", timeStyle: "short" }).format(date)} UTC` : null;
}

/** A shorter moment such as "22 Nov 2026, 18:42 UTC" / "22 Kas 2026 18:42 UTC" (lists, tickets), or null. */
export function formatShortMoment(locale: Locale, iso: string | Date | null | undefined): string | null {
  const date = parse(iso);
  return date ? `${cachedDateFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(date)} UTC` : null;
}

/** A month such as "August 2025" / "Ağustos 2025", or null. */
export function formatMonth(locale: Locale, iso: string | Date | null | undefined): string | null {
  const date = parse(iso);
  return date ? cachedDateFormat(locale, { month: "long", year: "numeric" }).format(date) : null;
}
