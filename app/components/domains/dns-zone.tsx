import { Form, Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { hostOf, type DnsRecord } from "../../../core/dns-records";
import type { ZoneVersionView } from "../../../workers/api/contract/dns";
import { DANGER_BUTTON_CLASS, ErrorList, Field, INPUT_CLASS, IntentField, SECONDARY_BUTTON_CLASS } from "../ui/form";
import { useBusy, useLastResult, useSchemaForm } from "../ui/form-hooks";
import { DataTable } from "../ui/data-table";
import { PostButton } from "../ui/confirm-card";
import { Warnings } from "./dns-record-form";
import { ttlLabel, valueText, zoneChangeText, type DnsActionData } from "./dns-text";
import { DNS_INTENTS } from "./intents";

/** The DNS editor's zone parts: the records table (edit link, delete with preview), zone import, the history with rollback. */

/** One record's delete form: a preview first, its warnings with "Delete anyway". */
function DeleteRecord({ record }: { record: DnsRecord }) {
  const { t } = useTranslation(["domains", "account"]);
  const actionData = useActionData<DnsActionData>();
  const mine = actionData?.intent === DNS_INTENTS.delete && actionData.recordId === record.id;
  const label = `${record.type} ${record.name}`;
  return (
    <Form method="post" className="space-y-2">
      <IntentField intent={DNS_INTENTS.delete} />
      <input type="hidden" name="recordId" value={record.id} />
      {mine && actionData?.warnings?.length ? (
        <Warnings warnings={actionData.warnings}>
          <button type="submit" name="confirm" value="1" className={DANGER_BUTTON_CLASS}>
            {t("dns.confirmDelete")}
            <span className="sr-only"> {label}</span>
          </button>
        </Warnings>
      ) : (
        <button type="submit" className={`${SECONDARY_BUTTON_CLASS} text-rose-700 dark:text-rose-300`}>
          {t("dns.delete")}
          <span className="sr-only"> {label}</span>
        </button>
      )}
      <ErrorList errors={mine && actionData?.message ? [actionData.message] : undefined} />
    </Form>
  );
}

/**
 * The DNS checker (/tools/dns) for a record's name and type, with its value as the expected answer
 * where resolvers give it back as stored: what public resolvers answer once it is saved.
 */
function propagationLink(domain: string, record: DnsRecord): string | null {
  if (record.type === "FORWARD" || record.type === "STEALTH") return null;
  const query = new URLSearchParams({ name: hostOf(record.name, domain), type: record.type });
  if (["A", "AAAA", "CNAME", "NS"].includes(record.type)) query.set("expected", record.content);
  return `/tools/dns?${query.toString()}`;
}

export function RecordsTable({ records, domain }: { records: DnsRecord[]; domain: string }) {
  const { t } = useTranslation(["domains", "account"]);
  return (
    <>
      {records.length === 0 ? (
        <p>{t("dns.empty")}</p>
      ) : (
        <DataTable
          caption={t("dns.recordsCaption")}
          headClassName="border-b border-slate-200 text-slate-600 dark:border-slate-800 dark:text-slate-300"
          headerClassName="px-2 py-2 font-semibold"
          rows={records}
          rowKey={(record) => record.id}
          rowClassName="border-b border-slate-100 align-top last:border-0 dark:border-slate-800"
          columns={[
            { key: "type", header: t("dns.columns.type"), className: "px-2 py-2 font-mono", cell: (r) => r.type },
            {
              key: "name",
              header: t("dns.columns.name"),
              rowHeader: true,
              className: "px-2 py-2 font-mono font-normal break-all",
              cell: (r) => r.name,
            },
            {
              key: "content",
              header: t("dns.columns.content"),
              className: "px-2 py-2 font-mono break-all",
              cell: (r) => valueText(t, r),
            },
            {
              key: "ttl",
              header: t("dns.columns.ttl"),
              className: "px-2 py-2 whitespace-nowrap",
              cell: (r) => ttlLabel(t, r.ttl),
            },
            {
              key: "actions",
              header: t("dns.columns.actions"),
              className: "px-2 py-2",
              cell: (record) => (
                <div className="flex flex-wrap gap-2">
                  <Link to={`?edit=${record.id}#record-editor`} preventScrollReset className={SECONDARY_BUTTON_CLASS}>
                    {t("dns.edit")}
                    <span className="sr-only"> {`${record.type} ${record.name}`}</span>
                  </Link>
                  <DeleteRecord record={record} />
                  {propagationLink(domain, record) ? (
                    <Link to={propagationLink(domain, record) ?? ""} className={SECONDARY_BUTTON_CLASS}>
                      {t("dns.checkPropagation")}
                      <span className="sr-only"> {`${record.type} ${record.name}`}</span>
                    </Link>
                  ) : null}
                </div>
              ),
            },
          ]}
        />
      )}
    </>
  );
}

export function ImportForm() {
  const { t } = useTranslation(["domains", "account"]);
  const actionData = useActionData<DnsActionData>();
  const importing = useBusy(DNS_INTENTS.import);
  const previewing = useBusy(DNS_INTENTS.importPreview);
  const busy = importing || previewing;
  const lastImport = useLastResult(DNS_INTENTS.import);
  const lastPreview = useLastResult(DNS_INTENTS.importPreview);
  const [form, fields] = useSchemaForm({
    id: "zone-import-form",
    schema: () => import("../../../core/dns").then((m) => m.zoneImportFormSchema),
    lastResult: lastImport ?? lastPreview,
    validateOn: "onSubmit",
    revalidateOn: "onSubmit",
  });
  const report = actionData?.intent === DNS_INTENTS.importPreview ? actionData.importReport : undefined;
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-3">
      <Field id={fields.zone.id} label={t("dns.importLabel")} errors={fields.zone.errors} hint={t("dns.importHint")}>
        <textarea
          {...getTextareaProps(fields.zone, { ariaDescribedBy: `${fields.zone.id}-hint` })}
          rows={6}
          spellCheck={false}
          className={`${INPUT_CLASS} font-mono text-xs`}
        />
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input {...getInputProps(fields.replace, { type: "checkbox" })} value="on" className="h-4 w-4" />
        {t("dns.importReplace")}
      </label>
      <ErrorList id={form.errorId} errors={form.errors} />
      {report ? <ImportReport report={report} /> : null}
      <div className="flex flex-wrap gap-2">
        {[
          { intent: DNS_INTENTS.importPreview, label: t("dns.importPreviewButton") },
          { intent: DNS_INTENTS.import, label: t("dns.importButton") },
        ].map((button) => (
          <button
            key={button.intent}
            type="submit"
            name="intent"
            value={button.intent}
            className={SECONDARY_BUTTON_CLASS}
            aria-busy={busy}
            disabled={busy}
          >
            {button.label}
          </button>
        ))}
      </div>
    </Form>
  );
}

/** What an import would do: the counts, then every line skipped, refused or adjusted, with its reason. */
function ImportReport({ report }: { report: NonNullable<DnsActionData["importReport"]> }) {
  const { t } = useTranslation("domains");
  return (
    <div role="status" className="rounded-lg border border-slate-300 p-3 text-sm dark:border-slate-700">
      <p className="font-semibold">
        {t("dns.importPreviewSummary", { imported: report.imported, skipped: report.skipped })}
      </p>
      {report.lines.length > 0 ? (
        <ul className="mt-2 space-y-1">
          {report.lines.map((line) => (
            <li key={line.line} className="break-words">
              {line.outcome === "imported"
                ? t("dns.importLineNoted", {
                    line: line.line,
                    type: line.type,
                    name: line.name,
                    notes: line.notes.join("; "),
                  })
                : line.outcome === "skipped"
                  ? t("dns.importLineSkipped", {
                      line: line.line,
                      type: line.type,
                      name: line.name,
                      reason: line.reason,
                    })
                  : t("dns.importLineRefused", { line: line.line, reason: line.reason })}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A version of the zone with its date in the page's language. */
export type ZoneVersionItem = ZoneVersionView & { when: string };

export function ZoneHistory({ versions }: { versions: ZoneVersionItem[] }) {
  const { t } = useTranslation(["domains", "account"]);
  if (versions.length === 0) return <p className="mt-3 text-sm">{t("dns.historyEmpty")}</p>;
  return (
    <ul className="mt-3 space-y-2">
      {versions.map((version) => (
        <li key={version.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span>
            {t("dns.historyItem", {
              date: version.when,
              change: zoneChangeText(t, version.change),
              count: version.record_count,
            })}
          </span>
          <PostButton
            fields={{ intent: DNS_INTENTS.rollback, version: String(version.id) }}
            label={t("dns.rollback")}
            itemName={version.when}
          />
        </li>
      ))}
    </ul>
  );
}
