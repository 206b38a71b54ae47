/**
 * The registrant contact as the gateway's contract carries it (`contact` beside `registrant`):
 * the gateway turns it into an RFC 5733 contact object (services/epp-gateway/src/types.ts
 * `ContactData`). EPP's fields are short and strict, so the storefront's free text is fitted
 * here: at most three street lines, a phone as `+CC.NUMBER` (RFC 5733 §2.5) or none.
 */
import type { RegistryContact } from "./types";

/** The gateway's `ContactData` (RFC 5733 postalInfo + voice + email). */
export interface EppContactData {
  name: string;
  org?: string;
  street: string[];
  city: string;
  sp?: string;
  pc?: string;
  cc: string;
  voice?: string;
  email: string;
}

/** RFC 5733 allows 1–3 `<contact:street>` elements. */
const MAX_STREET_LINES = 3;

/**
 * E.164 country calling codes are a prefix code: 1 and 7 are one digit; these are two; every
 * other code is three (ITU-T E.164 assigned list). Enough to place EPP's dot after the code.
 */
const TWO_DIGIT_CODES = new Set([
  "20", "27", "30", "31", "32", "33", "34", "36", "39", "40", "41", "43", "44", "45", "46", "47", "48", "49",
  "51", "52", "53", "54", "55", "56", "57", "58", "60", "61", "62", "63", "64", "65", "66", "81", "82", "84",
  "86", "90", "91", "92", "93", "94", "95", "98",
]); // prettier-ignore

/**
 * A phone typed in international form ("+33 1 23 45 67 89", "+1 (555) 010-0000") as EPP's
 * `+CC.NUMBER` ("+33.123456789"); undefined for a national number (no "+": its country code is
 * not known from the digits) or one E.164 cannot hold (more than 15 digits).
 */
export function eppPhone(phone: string | undefined): string | undefined {
  const trimmed = phone?.trim() ?? "";
  if (!trimmed.startsWith("+")) return undefined;
  const digits = trimmed.replace(/[^0-9]/g, "");
  if (digits.length < 4 || digits.length > 15 || digits.startsWith("0")) return undefined;
  const codeLength =
    digits.startsWith("1") || digits.startsWith("7") ? 1 : TWO_DIGIT_CODES.has(digits.slice(0, 2)) ? 2 : 3;
  return `+${digits.slice(0, codeLength)}.${digits.slice(codeLength)}`;
}

/** The address as street lines: split at line breaks, blanks dropped, the rest joined into the third. */
function streetLines(street: string[]): string[] {
  const lines = street
    .flatMap((line) => line.split(/\r?\n/))
    .map((line) => line.trim())
    .filter((line) => line !== "");
  if (lines.length <= MAX_STREET_LINES) return lines;
  return [...lines.slice(0, MAX_STREET_LINES - 1), lines.slice(MAX_STREET_LINES - 1).join(", ")];
}

export function eppContact(contact: RegistryContact): EppContactData {
  const data: EppContactData = {
    name: contact.name.trim(),
    street: streetLines(contact.street),
    city: contact.city.trim(),
    cc: contact.countryCode.trim().toUpperCase(),
    email: contact.email.trim(),
  };
  const org = contact.org?.trim();
  if (org) data.org = org;
  const sp = contact.state?.trim();
  if (sp) data.sp = sp;
  const pc = contact.postalCode?.trim();
  if (pc) data.pc = pc;
  const voice = eppPhone(contact.phone);
  if (voice !== undefined) data.voice = voice;
  return data;
}
