import { formatShortMoment } from "../../core/format";
import type { Locale } from "../../core/locale";

/** "25 Nov 2026, 14:05 UTC", formatted on the server so hydration sees the same text. */
export function dateTime(iso: string, locale: Locale): string {
  return formatShortMoment(locale, iso) ?? iso;
}
