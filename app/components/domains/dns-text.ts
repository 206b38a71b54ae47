import type { TFunction } from "i18next";
import { DNS_MESSAGES, type DnsRecord, type ZoneChange, type ZoneReportLine } from "../../../core/dns-records";
import type { DnsWarning } from "../../../workers/api/contract/dns";
import type { DomainActionData } from "./forms";

/** The DNS editor's answer to a failed or previewed post: the form's data, the preview's warnings, the record. */
export type DnsActionData = DomainActionData & {
  warnings?: DnsWarning[];
  recordId?: string | null;
  /** A zone file's import preview: what would be imported, skipped or adjusted, line by line. */
  importReport?: { imported: number; skipped: number; lines: ZoneReportLine[] };
};

/** A history entry's change in the page language (the API's `summary` is English). */
export function zoneChangeText(t: TFunction<"domains">, change: ZoneChange | null): string {
  if (!change) return t("dns.historyChange.other");
  switch (change.action) {
    case "add":
    case "edit":
    case "delete":
      return t(`dns.historyChange.${change.action}`, { type: change.type, name: change.name });
    case "rollback":
      return t("dns.historyChange.rollback", { version: change.version });
    case "import":
      return change.replace ? t("dns.historyChange.importReplace") : t("dns.historyChange.import");
  }
}

const MESSAGE_KEYS = new Map<string, string>(Object.entries(DNS_MESSAGES).map(([key, text]) => [text, key]));

/** A schema/API message about a record field in the page's language. */
export function recordErrors(t: TFunction, errors: string[] | undefined): string[] | undefined {
  if (!errors || errors.length === 0) return undefined;
  return errors.map((message) => {
    const key = MESSAGE_KEYS.get(message);
    return key ? t(`dns.messages.${key}`) : message;
  });
}

export function ttlLabel(t: TFunction, ttl: number): string {
  if (ttl === 0) return t("dns.ttlAuto");
  if (ttl === 86400) return t("dns.ttlDay");
  if (ttl >= 3600) return t("dns.ttlHours", { count: ttl / 3600 });
  return t("dns.ttlMinutes", { count: ttl / 60 });
}

export function valueText(t: TFunction, record: DnsRecord): string {
  switch (record.type) {
    case "MX":
      return `${record.priority} ${record.content}`;
    case "SRV":
      return `${record.priority} ${record.weight} ${record.port} ${record.content}`;
    case "FORWARD":
      return `${t("dns.forwardTo", { type: record.redirect_type })} ${record.content}`;
    case "STEALTH":
      return `${t("dns.stealthTo", { title: record.page_title })} ${record.content}`;
    default:
      return record.content;
  }
}
