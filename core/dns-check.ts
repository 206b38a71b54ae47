/**
 * The DNS (propagation) checker: one name and record type asked of several public DNS-over-HTTPS
 * resolvers (JSON API, reference/external-services.md §3); each row has the resolver's answer,
 * TTL and time, and the rows are compared with each other and with an expected value. Pure.
 */
import { typedNameField } from "./typed-name";
import { z } from "./zod";
import { DNS_TYPES, type DnsType, DNS_TYPE_NAMES, type DnsRowStatus, type DnsRow } from "./dns-check-result";

export { DNS_TYPES, DNS_TYPE_NAMES } from "./dns-check-result";
export type { DnsCheck, DnsRow, DnsRowStatus, DnsType } from "./dns-check-result";

export const dnsTypeField = z.enum(DNS_TYPE_NAMES as [DnsType, ...DnsType[]], { error: "invalid_type" }).default("A");
export const expectedField = z
  .string()
  .trim()
  .max(500, { error: "too_long" })
  .optional()
  .transform((value) => (value ? value : undefined));

/** The DNS checker form as the browser checks it (the server: `dnsFormSchema`, core/lookup-forms.ts). */
export const dnsBrowserSchema = z.object({ name: typedNameField(), type: dnsTypeField, expected: expectedField });

/** Presentation data as resolvers differ in it → one comparable form. */
export function normaliseRecordData(type: DnsType, data: string): string {
  let value = data.trim();
  if (type === "TXT") {
    // Cloudflare quotes TXT strings ("\"v=spf1 -all\"", possibly several), Google does not.
    const quoted = value.match(/^"(.*)"$/s);
    if (quoted) value = (quoted[1] ?? "").split(/"\s+"/).join("").replace(/\\"/g, '"');
    return value;
  }
  value = value.replace(/\s+/g, " ");
  if (type === "AAAA") return value.toLowerCase();
  // Names inside the data lose their root dot and case ("0 mail.ietf.org." → "0 mail.ietf.org").
  return value
    .split(" ")
    .map((part) => part.replace(/\.$/, ""))
    .join(" ")
    .toLowerCase();
}

/** Does one of the answers contain the expected value (case- and root-dot-insensitive)? */
export function matchesExpected(type: DnsType, answers: string[], expected: string): boolean {
  const wanted = normaliseRecordData(type, expected).toLowerCase();
  return answers.some((answer) => answer.toLowerCase() === wanted || answer.toLowerCase().includes(wanted));
}

const RCODES: Record<number, DnsRowStatus> = { 0: "NOERROR", 2: "SERVFAIL", 3: "NXDOMAIN", 5: "REFUSED" };

/** One resolver's DoH JSON body → its row (without the time). */
export function readDohAnswer(type: DnsType, body: unknown): Pick<DnsRow, "status" | "answers" | "ttl" | "error"> {
  const object = (typeof body === "object" && body !== null ? body : {}) as {
    Status?: unknown;
    Answer?: unknown;
    Comment?: unknown;
  };
  if (typeof object.Status !== "number") return { status: "ERROR", answers: [], ttl: null, error: "unreadable answer" };
  const wanted = DNS_TYPES[type];
  const records = (Array.isArray(object.Answer) ? object.Answer : []).filter(
    (record): record is { type: number; TTL: number; data: string } =>
      typeof record === "object" &&
      record !== null &&
      (record as { type?: unknown }).type === wanted &&
      typeof (record as { data?: unknown }).data === "string",
  );
  const answers = [...new Set(records.map((record) => normaliseRecordData(type, record.data)))].sort();
  const ttls = records.map((record) => record.TTL).filter((ttl) => typeof ttl === "number");
  let status = RCODES[object.Status] ?? "ERROR";
  if (status === "NOERROR" && answers.length === 0) status = "NODATA";
  const comment = Array.isArray(object.Comment)
    ? object.Comment.join(" ")
    : typeof object.Comment === "string"
      ? object.Comment
      : null;
  return {
    status,
    answers,
    ttl: ttls.length > 0 ? Math.min(...ttls) : null,
    error: status === "NOERROR" || status === "NODATA" ? null : comment,
  };
}

/** Do all the resolvers that answered give the same result? */
export function resolversAgree(rows: DnsRow[]): boolean {
  const answered = rows.filter((row) => row.status !== "ERROR");
  const [first] = answered;
  if (!first) return false;
  const key = (row: DnsRow) => `${row.status}:${row.answers.join("|")}`;
  return answered.every((row) => key(row) === key(first));
}
