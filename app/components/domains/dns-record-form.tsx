import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Form, Link, useActionData } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  EXTRA_RECORD_FIELDS,
  RECORD_TYPES,
  TTL_OPTIONS,
  recordFieldsFor,
  type DnsRecord,
  type ExtraRecordField,
  type RecordType,
} from "../../../core/dns-records";
import type { DnsWarning } from "../../../workers/api/contract/dns";
import {
  BUTTON_CLASS,
  DANGER_BUTTON_CLASS,
  ErrorList,
  Field,
  INPUT_CLASS,
  IntentField,
  SECONDARY_BUTTON_CLASS,
} from "../ui/form";
import { VerbatimField } from "../ui/fields";
import { useBusy, useSchemaForm } from "../ui/form-hooks";
import { recordErrors, ttlLabel, type DnsActionData } from "./dns-text";
import { DNS_INTENTS } from "./intents";

/**
 * The DNS editor's add/edit form (one for every record type; the per-type rules are shared with
 * the API through core/dns) and the warnings of its preview, with "Save anyway".
 */

export function Warnings({ warnings, children }: { warnings: DnsWarning[]; children: ReactNode }) {
  const { t } = useTranslation("domains");
  return (
    <div
      role="alert"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="font-semibold">{t("dns.warningsTitle")}</p>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
        {warnings.map((warning) => (
          <li key={warning}>{t(`dns.warnings.${warning}`)}</li>
        ))}
      </ul>
      <div className="mt-3">{children}</div>
    </div>
  );
}

export function RecordForm({
  domain,
  editing,
  addType,
}: {
  domain: string;
  editing: DnsRecord | null;
  addType: RecordType;
}) {
  const { t } = useTranslation(["domains", "account"]);
  const actionData = useActionData<DnsActionData>();
  const busy = useBusy(DNS_INTENTS.save);
  const mine = actionData?.intent === DNS_INTENTS.save && (actionData.recordId ?? null) === (editing?.id ?? null);
  const [form, fields] = useSchemaForm({
    id: editing ? `record-form-${editing.id}` : "record-form",
    schema: () => import("../../../core/dns").then((m) => m.dnsRecordFormSchema(domain)),
    lastResult: mine ? (actionData?.result ?? undefined) : undefined,
    defaultValue: editing
      ? {
          type: editing.type,
          name: editing.name,
          content: editing.content,
          ttl: String(editing.ttl),
          priority: editing.priority === null ? "" : String(editing.priority),
          weight: editing.weight === null ? "" : String(editing.weight),
          port: editing.port === null ? "" : String(editing.port),
          redirect_type: editing.redirect_type === null ? "" : String(editing.redirect_type),
          page_title: editing.page_title ?? "",
        }
      : { type: addType, name: "@", ttl: "0" },
    validateOn: "onSubmit",
    revalidateOn: "onInput",
  });
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const type = RECORD_TYPES.find((value) => value === fields.type.value) ?? editing?.type ?? addType;
  // With JavaScript only the chosen type's fields; without it (the form cannot follow the select)
  // all of them, each label naming the types that use it ("Priority (MX, SRV)").
  const shown: readonly ExtraRecordField[] = hydrated ? recordFieldsFor(type) : EXTRA_RECORD_FIELDS;
  const warnings = mine ? actionData?.warnings : undefined;
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
      <IntentField intent={DNS_INTENTS.save} />
      <input type="hidden" name="recordId" value={editing?.id ?? ""} />
      <Field id={fields.type.id} label={t("dns.type")} errors={recordErrors(t, fields.type.errors)}>
        <select {...getSelectProps(fields.type)} className={INPUT_CLASS}>
          {RECORD_TYPES.map((value) => (
            <option key={value} value={value}>
              {value === "FORWARD" ? `${value} (301/302)` : value === "STEALTH" ? `${value} (frame)` : value}
            </option>
          ))}
        </select>
      </Field>
      <VerbatimField
        field={fields.name}
        label={t("dns.name")}
        errors={recordErrors(t, fields.name.errors)}
        hint={t("dns.nameHint", { domain })}
      />
      <Field
        id={fields.content.id}
        label={t("dns.content")}
        errors={recordErrors(t, fields.content.errors)}
        hint={t(`dns.contentHints.${type}`)}
        className="sm:col-span-2"
      >
        <textarea
          {...getTextareaProps(fields.content, { ariaDescribedBy: `${fields.content.id}-hint` })}
          rows={2}
          autoCapitalize="none"
          spellCheck={false}
          className={`${INPUT_CLASS} font-mono`}
        />
      </Field>
      <Field id={fields.ttl.id} label={t("dns.ttl")} errors={recordErrors(t, fields.ttl.errors)}>
        <select {...getSelectProps(fields.ttl)} className={INPUT_CLASS}>
          {TTL_OPTIONS.map((ttl) => (
            <option key={ttl} value={String(ttl)}>
              {ttlLabel(t, ttl)}
            </option>
          ))}
        </select>
      </Field>
      {shown.includes("priority") ? (
        <Field id={fields.priority.id} label={t("dns.priority")} errors={recordErrors(t, fields.priority.errors)}>
          <input {...getInputProps(fields.priority, { type: "text" })} inputMode="numeric" className={INPUT_CLASS} />
        </Field>
      ) : null}
      {shown.includes("weight") ? (
        <Field id={fields.weight.id} label={t("dns.weight")} errors={recordErrors(t, fields.weight.errors)}>
          <input {...getInputProps(fields.weight, { type: "text" })} inputMode="numeric" className={INPUT_CLASS} />
        </Field>
      ) : null}
      {shown.includes("port") ? (
        <Field id={fields.port.id} label={t("dns.port")} errors={recordErrors(t, fields.port.errors)}>
          <input {...getInputProps(fields.port, { type: "text" })} inputMode="numeric" className={INPUT_CLASS} />
        </Field>
      ) : null}
      {shown.includes("redirect_type") ? (
        <Field
          id={fields.redirect_type.id}
          label={t("dns.redirectType")}
          errors={recordErrors(t, fields.redirect_type.errors)}
        >
          <select {...getSelectProps(fields.redirect_type)} className={INPUT_CLASS}>
            <option value="">{t("dns.redirectNone")}</option>
            <option value="301">{t("dns.redirect301")}</option>
            <option value="302">{t("dns.redirect302")}</option>
          </select>
        </Field>
      ) : null}
      {shown.includes("page_title") ? (
        <Field id={fields.page_title.id} label={t("dns.pageTitle")} errors={recordErrors(t, fields.page_title.errors)}>
          <input {...getInputProps(fields.page_title, { type: "text" })} maxLength={200} className={INPUT_CLASS} />
        </Field>
      ) : null}
      <div className="sm:col-span-2 space-y-3">
        <ErrorList id={form.errorId} errors={form.errors} />
        {warnings && warnings.length > 0 ? (
          <Warnings warnings={warnings}>
            <button type="submit" name="confirm" value="1" className={DANGER_BUTTON_CLASS}>
              {t("dns.confirm")}
            </button>
          </Warnings>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={BUTTON_CLASS} aria-busy={busy} disabled={busy}>
            {editing ? t("dns.save") : t("dns.add")}
          </button>
          {editing ? (
            <Link to="." className={SECONDARY_BUTTON_CLASS}>
              {t("dns.cancel")}
            </Link>
          ) : null}
        </div>
      </div>
    </Form>
  );
}
