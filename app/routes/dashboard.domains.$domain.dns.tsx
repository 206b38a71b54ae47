import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { useEffect, useState } from "react";
import {
  DNS_MESSAGES,
  EXTRA_RECORD_FIELDS,
  RECORD_TYPES,
  TTL_OPTIONS,
  dnsRecordFormSchema,
  recordFieldsFor,
  zoneImportFormSchema,
  type DnsRecord,
  type ExtraRecordField,
  type RecordType,
  type ZoneChange,
} from "../../core/dns";
import { formatMoment } from "../../core/format";
import { IntentField, useBusy, type DomainActionData } from "../components/domains/forms";
import { CARD_CLASS } from "../components/domains/status";
import { GeneralErrorBoundary, errorTitle, notFoundResponse } from "../components/error-boundary";
import {
  BUTTON_CLASS,
  DANGER_BUTTON_CLASS,
  ErrorList,
  Field,
  INPUT_CLASS,
  SECONDARY_BUTTON_CLASS,
} from "../components/ui/form";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { isCode } from "../i18n/api-errors";
import { getTranslator } from "../server/i18n.server";
import type { ReadableResponse } from "../server/api.server";
import { readUserApi, requireAuth, sessionHeaders, userApi } from "../server/session.server";
import type { DnsWarning } from "../../workers/api/contract/dns";
import { redirectWithToast } from "../server/toast.server";
import { failureText } from "./dashboard.domains.$domain._index";

/**
 * The DNS editor of one domain (issue 14): the records, one add/edit form for every type
 * (per-type rules shared with the API through core/dns), a preview that says what a change
 * breaks before it is saved ("Save anyway" to go on), delete, the zone's history with one-step
 * rollback, zone file import and export. Works without JavaScript: every step is a form post.
 */
export const DNS_INTENTS = { save: "save", delete: "delete", rollback: "rollback", import: "import" } as const;

/** A history entry's change in the page language (the API's `summary` is English). */
function zoneChangeText(t: TFunction<"domains">, change: ZoneChange | null): string {
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

type DnsActionData = DomainActionData & { warnings?: DnsWarning[]; recordId?: string | null };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const name = params.domain ?? "";
  const dns = userApi(context, request, auth).api.v1.dns.domains[":domain"];
  const [{ t, locale }, records, history] = await Promise.all([
    getTranslator(request, ["domains"]),
    dns.records.$get({ param: { domain: name } }).then((response) => readUserApi(request, context, response)),
    dns.history.$get({ param: { domain: name } }).then((response) => readUserApi(request, context, response)),
  ]);
  if (!records.ok || !history.ok) {
    const failed = !records.ok ? records : history.ok ? null : history;
    if (failed && failed.status < 500) notFoundResponse();
    throw new Response("DNS could not be loaded", { status: 500 });
  }
  const editParam = new URL(request.url).searchParams.get("edit");
  const editing = records.data.records.find((record) => record.id === editParam) ?? null;
  // After "DNS record added." the empty form keeps the type just used (?type=MX); anything else is A.
  const typeParam = new URL(request.url).searchParams.get("type");
  const addType: RecordType = RECORD_TYPES.find((value) => value === typeParam) ?? "A";
  return {
    title: t("dns.metaTitle", { domain: records.data.unicode }),
    domain: records.data.domain,
    unicode: records.data.unicode,
    records: records.data.records,
    versions: history.data.versions.map((version) => ({
      ...version,
      when: formatMoment(locale, version.created_at) ?? version.created_at,
    })),
    editing,
    addType,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "DNS") },
];

export async function action({ request, context, params }: ActionFunctionArgs) {
  const auth = await requireAuth(request, context);
  const name = params.domain ?? "";
  const formData = await request.formData();
  const intent = formData.get("intent");
  const recordId =
    typeof formData.get("recordId") === "string" && formData.get("recordId") !== ""
      ? String(formData.get("recordId"))
      : null;
  const confirmed = formData.get("confirm") === "1";
  const { t } = await getTranslator(request, ["domains"]);
  const dns = userApi(context, request, auth).api.v1.dns.domains[":domain"];
  const path = `/dashboard/domains/${encodeURIComponent(name)}/dns`;
  const reply = async (value: DnsActionData, status: number) =>
    data(value, { status, headers: await sessionHeaders(request, context) });
  const done = async (description: string) =>
    redirectWithToast(
      path,
      { type: "success", description },
      { status: 303, headers: await sessionHeaders(request, context) },
    );
  const read = <R extends ReadableResponse>(response: R) => readUserApi(request, context, response);
  const statusOf = (answer: { status: number }) => (answer.status >= 500 ? 500 : answer.status === 404 ? 404 : 400);

  switch (intent) {
    case DNS_INTENTS.save: {
      const submission = parseWithZod(formData, { schema: dnsRecordFormSchema(name) });
      if (submission.status !== "success")
        return reply({ intent, result: submission.reply(), message: null, recordId }, 400);
      const record = submission.value;
      if (!confirmed) {
        const preview = await read(
          await dns.records.preview.$post({
            param: { domain: name },
            json: recordId ? { action: "update", id: recordId, record } : { action: "create", record },
          }),
        );
        if (!preview.ok)
          return reply(
            { intent, result: submission.reply({ formErrors: [failureText(t, preview)] }), message: null, recordId },
            statusOf(preview),
          );
        if (preview.data.warnings.length > 0)
          return reply(
            { intent, result: submission.reply(), message: null, warnings: preview.data.warnings, recordId },
            200,
          );
      }
      const answer = recordId
        ? await read(await dns.records[":id"].$put({ param: { domain: name, id: recordId }, json: record }))
        : await read(await dns.records.$post({ param: { domain: name }, json: record }));
      if (!answer.ok)
        return reply(
          { intent, result: submission.reply({ formErrors: [failureText(t, answer)] }), message: null, recordId },
          statusOf(answer),
        );
      if (recordId) return done(t("dns.updated"));
      // The add form comes back empty, with the same type chosen.
      return redirectWithToast(
        `${path}?type=${encodeURIComponent(record.type)}`,
        { type: "success", description: t("dns.added") },
        { status: 303, headers: await sessionHeaders(request, context) },
      );
    }
    case DNS_INTENTS.delete: {
      if (!recordId) return reply({ intent, result: null, message: t("dns.recordNotFound"), recordId }, 404);
      if (!confirmed) {
        const preview = await read(
          await dns.records.preview.$post({ param: { domain: name }, json: { action: "delete", id: recordId } }),
        );
        if (!preview.ok)
          return reply(
            {
              intent,
              result: null,
              message: preview.status === 404 ? t("dns.recordNotFound") : failureText(t, preview),
              recordId,
            },
            statusOf(preview),
          );
        if (preview.data.warnings.length > 0)
          return reply({ intent, result: null, message: null, warnings: preview.data.warnings, recordId }, 200);
      }
      const answer = await read(await dns.records[":id"].$delete({ param: { domain: name, id: recordId } }));
      if (!answer.ok)
        return reply(
          {
            intent,
            result: null,
            message: answer.status === 404 ? t("dns.recordNotFound") : failureText(t, answer),
            recordId,
          },
          statusOf(answer),
        );
      return done(t("dns.deleted"));
    }
    case DNS_INTENTS.rollback: {
      const version = String(formData.get("version") ?? "");
      const answer = await read(await dns.history[":version"].rollback.$post({ param: { domain: name, version } }));
      if (!answer.ok)
        return reply({ intent, result: null, message: failureText(t, answer), recordId: null }, statusOf(answer));
      return done(t("dns.rolledBack"));
    }
    case DNS_INTENTS.import: {
      const submission = parseWithZod(formData, { schema: zoneImportFormSchema });
      if (submission.status !== "success") return reply({ intent, result: submission.reply(), message: null }, 400);
      const answer = await read(await dns.zone.$post({ param: { domain: name }, json: submission.value }));
      if (!answer.ok) {
        const lines = isCode(answer, "invalid_zone") ? importErrors(answer.message) : [failureText(t, answer)];
        return reply({ intent, result: submission.reply({ formErrors: lines }), message: null }, statusOf(answer));
      }
      return done(t("dns.imported", { count: answer.data.imported }));
    }
    default:
      return reply({ intent: null, result: null, message: t("errors.unknownIntent") }, 400);
  }
}

/** The API's first import error ("Parameter "zone" line 3: content must be…") as the form's error. */
function importErrors(message: string): string[] {
  return [message.replace(/^Parameter "zone" /, "")];
}

export const handle = { i18n: ["account", "dashboard", "domains"] } satisfies I18nHandle;
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

const MESSAGE_KEYS = new Map<string, string>(Object.entries(DNS_MESSAGES).map(([key, text]) => [text, key]));

/** A schema/API message about a record field in the page's language. */
function recordErrors(t: TFunction, errors: string[] | undefined): string[] | undefined {
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

function valueText(t: TFunction, record: DnsRecord): string {
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

function Warnings({ warnings, children }: { warnings: DnsWarning[]; children: React.ReactNode }) {
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

function RecordForm({ domain, editing, addType }: { domain: string; editing: DnsRecord | null; addType: RecordType }) {
  const { t } = useTranslation(["domains", "account"]);
  const actionData = useActionData<DnsActionData>();
  const busy = useBusy(DNS_INTENTS.save);
  const mine = actionData?.intent === DNS_INTENTS.save && (actionData.recordId ?? null) === (editing?.id ?? null);
  const [form, fields] = useForm({
    id: editing ? `record-form-${editing.id}` : "record-form",
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
    onValidate: ({ formData }) => parseWithZod(formData, { schema: dnsRecordFormSchema(domain) }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
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
      <Field
        id={fields.name.id}
        label={t("dns.name")}
        errors={recordErrors(t, fields.name.errors)}
        hint={t("dns.nameHint", { domain })}
      >
        <input
          {...getInputProps(fields.name, { type: "text", ariaDescribedBy: `${fields.name.id}-hint` })}
          autoCapitalize="none"
          spellCheck={false}
          className={INPUT_CLASS}
        />
      </Field>
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

function DeleteRecord({ record }: { record: DnsRecord }) {
  const { t } = useTranslation("domains");
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

function ImportForm() {
  const { t } = useTranslation(["domains", "account"]);
  const busy = useBusy(DNS_INTENTS.import);
  const actionData = useActionData<DnsActionData>();
  const [form, fields] = useForm({
    id: "zone-import-form",
    lastResult: actionData?.intent === DNS_INTENTS.import ? (actionData.result ?? undefined) : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: zoneImportFormSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-3">
      <IntentField intent={DNS_INTENTS.import} />
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
      <div>
        <button type="submit" className={SECONDARY_BUTTON_CLASS} aria-busy={busy} disabled={busy}>
          {t("dns.importButton")}
        </button>
      </div>
    </Form>
  );
}

export default function DnsEditor() {
  const { t } = useTranslation(["domains", "account"]);
  const { domain, unicode, records, versions, editing, addType } = useLoaderData<typeof loader>();
  const actionData = useActionData<DnsActionData>();
  const base = `/dashboard/domains/${domain}`;

  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <Link to={base} className="text-sm text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300">
          ← {t("dns.back", { domain: unicode })}
        </Link>
        <h1 className="text-3xl font-bold tracking-tight break-all">{t("dns.heading", { domain: unicode })}</h1>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("dns.intro")}</p>
        <p>
          <a
            href={`${base}/dns/zone`}
            className="text-sm text-indigo-700 underline underline-offset-2 dark:text-indigo-300"
            download={`${domain}.zone`}
          >
            {t("dns.exportLink")}
          </a>
        </p>
      </header>

      {actionData?.intent === DNS_INTENTS.rollback && actionData.message ? (
        <ErrorList errors={[actionData.message]} />
      ) : null}

      <section aria-labelledby="records-title" className={`${CARD_CLASS} overflow-x-auto`}>
        <h2 id="records-title" className="sr-only">
          {t("dns.recordsCaption")}
        </h2>
        {records.length === 0 ? (
          <p>{t("dns.empty")}</p>
        ) : (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t("dns.recordsCaption")}</caption>
            <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-800 dark:text-slate-300">
              <tr>
                <th scope="col" className="px-2 py-2 font-semibold">
                  {t("dns.columns.type")}
                </th>
                <th scope="col" className="px-2 py-2 font-semibold">
                  {t("dns.columns.name")}
                </th>
                <th scope="col" className="px-2 py-2 font-semibold">
                  {t("dns.columns.content")}
                </th>
                <th scope="col" className="px-2 py-2 font-semibold">
                  {t("dns.columns.ttl")}
                </th>
                <th scope="col" className="px-2 py-2 font-semibold">
                  {t("dns.columns.actions")}
                </th>
              </tr>
            </thead>
            <tbody>
              {records.map((record) => (
                <tr key={record.id} className="border-b border-slate-100 align-top last:border-0 dark:border-slate-800">
                  <td className="px-2 py-2 font-mono">{record.type}</td>
                  <th scope="row" className="px-2 py-2 font-mono font-normal break-all">
                    {record.name}
                  </th>
                  <td className="px-2 py-2 font-mono break-all">{valueText(t, record)}</td>
                  <td className="px-2 py-2 whitespace-nowrap">{ttlLabel(t, record.ttl)}</td>
                  <td className="px-2 py-2">
                    <div className="flex flex-wrap gap-2">
                      <Link
                        to={`?edit=${record.id}#record-editor`}
                        preventScrollReset
                        className={SECONDARY_BUTTON_CLASS}
                      >
                        {t("dns.edit")}
                        <span className="sr-only"> {`${record.type} ${record.name}`}</span>
                      </Link>
                      <DeleteRecord record={record} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section id="record-editor" aria-labelledby="record-form-title" className={CARD_CLASS}>
        <h2 id="record-form-title" className="mb-4 text-lg font-semibold">
          {editing ? t("dns.editHeading", { type: editing.type, name: editing.name }) : t("dns.addHeading")}
        </h2>
        {/* A new key after every change: the add form starts empty again after "DNS record added.". */}
        <RecordForm
          key={editing?.id ?? `new-${versions[0]?.id ?? 0}-${records.length}-${addType}`}
          domain={domain}
          editing={editing}
          addType={addType}
        />
      </section>

      <section aria-labelledby="import-title" className={CARD_CLASS}>
        <h2 id="import-title" className="mb-3 text-lg font-semibold">
          {t("dns.importHeading")}
        </h2>
        <ImportForm />
      </section>

      <section aria-labelledby="history-title" className={CARD_CLASS}>
        <h2 id="history-title" className="text-lg font-semibold">
          {t("dns.historyHeading")}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("dns.historyIntro")}</p>
        {versions.length === 0 ? (
          <p className="mt-3 text-sm">{t("dns.historyEmpty")}</p>
        ) : (
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
                <Form method="post">
                  <IntentField intent={DNS_INTENTS.rollback} />
                  <input type="hidden" name="version" value={String(version.id)} />
                  <button type="submit" className={SECONDARY_BUTTON_CLASS}>
                    {t("dns.rollback")}
                    <span className="sr-only"> {version.when}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
