import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { TFunction } from "i18next";
import { RECORD_TYPES, dnsRecordFormSchema, zoneImportFormSchema, type RecordType } from "../../core/dns";
import { formatMoment } from "../../core/format";
import type { DnsActionData } from "../components/domains/dns-text";
import { DNS_INTENTS } from "../components/domains/intents";
import { notFoundResponse } from "../components/error-boundary";
import { isCode } from "../i18n/api-errors";
import { domainActionReplies, failureText, statusOf } from "./domain-actions.server";
import { getTranslator } from "./i18n.server";
import { readUserApi, requireAuth, userApi } from "./session.server";

/** The DNS editor of one domain (issue 14): its records, its history, the record being edited, the add form's type. */
export async function loadDnsEditor({ request, context, params }: LoaderFunctionArgs) {
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
    serving: records.data.serving,
    versions: history.data.versions.map((version) => ({
      ...version,
      when: formatMoment(locale, version.created_at) ?? version.created_at,
    })),
    editing,
    addType,
  };
}

/**
 * The DNS editor's forms: save (add or edit) and delete first ask the API for a preview and come
 * back with its warnings ("Save anyway" posts `confirm=1`), rollback, zone import; 400 for an
 * unknown intent.
 */
export async function dnsEditorAction({ request, context, params }: ActionFunctionArgs) {
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
  const { reply, done, read } = domainActionReplies<DnsActionData>(request, context, path);

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
      return done(t("dns.added"), `${path}?type=${encodeURIComponent(record.type)}`);
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
    case DNS_INTENTS.importPreview:
    case DNS_INTENTS.import: {
      const submission = parseWithZod(formData, { schema: zoneImportFormSchema });
      if (submission.status !== "success") return reply({ intent, result: submission.reply(), message: null }, 400);
      const preview = intent === DNS_INTENTS.importPreview;
      const answer = await read(
        await dns.zone.$post({ param: { domain: name }, json: { ...submission.value, preview } }),
      );
      if (!answer.ok) {
        const lines = isCode(answer, "invalid_zone") ? importErrors(t, answer) : [failureText(t, answer)];
        return reply({ intent, result: submission.reply({ formErrors: lines }), message: null }, statusOf(answer));
      }
      if (preview) {
        const lines = answer.data.report.filter((line) => line.outcome !== "imported" || line.notes.length > 0);
        return reply(
          {
            intent,
            result: submission.reply(),
            message: null,
            importReport: { imported: answer.data.imported, skipped: answer.data.skipped, lines },
          },
          200,
        );
      }
      return done(importSummary(t, answer.data));
    }
    default:
      return reply({ intent: null, result: null, message: t("errors.unknownIntent") }, 400);
  }
}

/** How many refused lines the import form lists before "…and N more". */
const IMPORT_ERRORS_SHOWN = 20;

/** Every refused line of a zone file ("line 3: content must be…"), as the form's errors. */
function importErrors(t: TFunction, answer: { message: string; details: { message: string }[] }): string[] {
  const texts = answer.details.length > 0 ? answer.details.map((detail) => detail.message) : [answer.message];
  const lines = texts.map((text) => {
    const refused = /^(?:Parameter "zone" )?line (\d+): ([\s\S]*)$/.exec(text);
    return refused ? t("dns.importFailed", { line: refused[1], message: refused[2] }) : text;
  });
  if (lines.length <= IMPORT_ERRORS_SHOWN) return lines;
  return [...lines.slice(0, IMPORT_ERRORS_SHOWN), t("dns.importMore", { count: lines.length - IMPORT_ERRORS_SHOWN })];
}

/** The toast after an import: what came in, which lines were skipped (by type), how many were adjusted. */
function importSummary(
  t: TFunction,
  data: { imported: number; skipped: number; report: { outcome: string; type?: string; notes?: string[] }[] },
): string {
  const parts = [t("dns.imported", { count: data.imported })];
  if (data.skipped > 0) {
    const types = [
      ...new Set(data.report.flatMap((entry) => (entry.outcome === "skipped" && entry.type ? [entry.type] : []))),
    ];
    parts.push(t("dns.importSkipped", { count: data.skipped, types: types.join(", ") }));
  }
  const noted = data.report.filter((entry) => (entry.notes?.length ?? 0) > 0).length;
  if (noted > 0) parts.push(t("dns.importNoted", { count: noted }));
  return parts.join(" ");
}
