import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DNS_TYPE_NAMES, type DnsCheck } from "../../core/dns-check-result";
import { dnsFormSchema } from "../../core/lookup-forms";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { ToolError, ToolPage, ToolProgress } from "../components/tools/tool-page";
import { DataTable, type Column } from "../components/ui/data-table";
import { BUTTON_CLASS, INPUT_CLASS } from "../components/ui/form";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { apiClient, readApi } from "../server/api.server";
import { getTranslator } from "../server/i18n.server";
import { toolFailure } from "../server/tools.server";
import { useSchemaForm } from "../components/ui/form-hooks";

// DNS (propagation) checker: one name and type asked of several public DoH resolvers; a GET form
// with a shareable URL (/tools/dns?name=…&type=…&expected=…) that works without JavaScript.

export const handle = { i18n: ["tools/nav", "tools/inputErrors", "tools/dns"] } satisfies I18nHandle;
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { t, locale } = await getTranslator(request, ["tools"]);
  const name = url.searchParams.get("name");
  const defaults = {
    name: name ?? "",
    type: url.searchParams.get("type") ?? "A",
    expected: url.searchParams.get("expected") ?? "",
  };
  const empty = {
    title: t("dns.metaTitle"),
    locale,
    defaults,
    lastResult: null,
    check: null as DnsCheck | null,
    failure: null as string | null,
  };
  if (name === null) return empty;
  const submission = parseWithZod(url.searchParams, { schema: dnsFormSchema });
  if (submission.status !== "success") return { ...empty, lastResult: submission.reply() };
  const { expected, ...query } = submission.value;
  const response = await apiClient(context, request).api.v1.dns.check.$get({
    query: { ...query, ...(expected ? { expected } : {}) },
  });
  const answer = await readApi(response);
  if (answer.ok)
    return {
      ...empty,
      title: t("dns.metaTitleName", { name: answer.data.unicode, type: answer.data.type }),
      check: answer.data,
    };
  return { ...empty, failure: toolFailure(t, answer) };
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "DNS checker") },
];

function Results({ check }: { check: DnsCheck }) {
  const { t } = useTranslation("tools");
  const matching = check.rows.filter((row) => row.matches).length;
  // Our own failure texts are translated; a resolver's comment (EDE) is shown as it sent it.
  const rowError = (error: string) => {
    if (error === "unreachable") return t("dns.rowErrors.unreachable");
    if (error === "timed out") return t("dns.rowErrors.timedOut");
    const http = error.match(/^HTTP (\d+)$/);
    if (http) return t("dns.rowErrors.http", { status: http[1] });
    return t("dns.errorRow", { message: error });
  };
  const columns: Column<DnsCheck["rows"][number]>[] = [
    {
      key: "resolver",
      header: t("dns.columns.resolver"),
      rowHeader: true,
      className: "px-3 py-2 font-medium",
      cell: (row) => row.resolver,
    },
    {
      key: "status",
      header: t("dns.columns.status"),
      cell: (row) => (
        <>
          {t(`dns.status.${row.status}`)}
          {row.matches !== null ? (
            <span
              className={`ml-2 rounded px-1.5 py-0.5 text-xs font-semibold ${row.matches ? "bg-emerald-200 text-emerald-900 dark:bg-emerald-800 dark:text-emerald-50" : "bg-amber-200 text-amber-900 dark:bg-amber-800 dark:text-amber-50"}`}
            >
              {row.matches ? t("dns.match") : t("dns.mismatch")}
            </span>
          ) : null}
          {row.error ? (
            <span className="block text-xs text-slate-600 dark:text-slate-400">{rowError(row.error)}</span>
          ) : null}
        </>
      ),
    },
    {
      key: "answer",
      header: t("dns.columns.answer"),
      className: "px-3 py-2 font-mono break-all",
      cell: (row) =>
        row.answers.length > 0 ? (
          <ul>
            {row.answers.map((answer) => (
              <li key={answer}>{answer}</li>
            ))}
          </ul>
        ) : (
          "—"
        ),
    },
    { key: "ttl", header: t("dns.columns.ttl"), cell: (row) => row.ttl ?? "—" },
    { key: "time", header: t("dns.columns.time"), cell: (row) => t("dns.ms", { ms: row.timeMs }) },
  ];
  return (
    <section aria-labelledby="dns-result" className="mt-8">
      <h2 id="dns-result" className="text-xl font-semibold">
        {t("dns.resultTitle", { name: check.unicode, type: check.type })}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {check.expected
          ? t("dns.summaryExpected", { matching, count: check.rows.length })
          : check.agree
            ? t("dns.summaryAgree", { count: check.rows.length })
            : t("dns.summaryDisagree")}
      </p>
      {/* On a phone the table may scroll sideways (wider answers or times under load): the scroll
          box takes keyboard focus so it can be scrolled without a mouse (axe scrollable-region-focusable). */}
      <div
        tabIndex={0}
        role="group"
        aria-labelledby="dns-result"
        className="mt-4 overflow-x-auto rounded-xl border border-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-slate-800"
      >
        <DataTable
          headClassName="bg-slate-50 text-slate-700 dark:bg-slate-900 dark:text-slate-300"
          headerClassName="px-3 py-2"
          cellClassName="px-3 py-2"
          columns={columns}
          rows={check.rows}
          rowKey={(row) => row.resolver}
          rowClassName={(row) =>
            `border-t border-slate-200 dark:border-slate-800 ${
              row.matches === true
                ? "bg-emerald-50 dark:bg-emerald-950"
                : row.matches === false
                  ? "bg-amber-50 dark:bg-amber-950"
                  : ""
            }`
          }
        />
      </div>
    </section>
  );
}

export default function DnsPage() {
  const { t } = useTranslation("tools");
  const { defaults, lastResult, check, failure } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const pending = navigation.state === "loading" && navigation.location.pathname === "/tools/dns";
  const [form, fields] = useSchemaForm({
    id: "dns",
    schema: () => import("../../core/dns-check").then((m) => m.dnsBrowserSchema),
    lastResult,
    defaultValue: defaults,
    validateOn: "onSubmit",
  });
  const nameError = fields.name.errors?.[0];
  const typeError = fields.type.errors?.[0];
  const expectedError = fields.expected.errors?.[0];
  const key = `${defaults.name}|${defaults.type}|${defaults.expected}`;
  return (
    <ToolPage title={t("dns.title")} intro={t("dns.intro")}>
      <Form method="get" action="/tools/dns" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-[1fr_auto]">
        <div>
          <label htmlFor={fields.name.id} className="block text-sm font-medium">
            {t("dns.nameLabel")}
          </label>
          <input
            {...getInputProps(fields.name, { type: "text" })}
            key={key}
            required
            maxLength={1024}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="example.com"
            className={INPUT_CLASS}
          />
          <div id={fields.name.errorId}>
            {nameError ? (
              <p role="alert" className="mt-1 text-sm text-rose-700 dark:text-rose-300">
                {t(`inputErrors.${nameError}`, { defaultValue: t("inputErrors.invalid_format") })}
              </p>
            ) : null}
          </div>
        </div>
        <div>
          <label htmlFor={fields.type.id} className="block text-sm font-medium">
            {t("dns.typeLabel")}
          </label>
          <select
            {...getSelectProps(fields.type)}
            key={key}
            aria-describedby={typeError ? fields.type.errorId : undefined}
            className={INPUT_CLASS}
          >
            {DNS_TYPE_NAMES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
          {typeError ? (
            <p id={fields.type.errorId} role="alert" className="mt-1 text-sm text-rose-700 dark:text-rose-300">
              {t("dns.invalidType")}
            </p>
          ) : null}
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={fields.expected.id} className="block text-sm font-medium">
            {t("dns.expectedLabel")}
          </label>
          <input
            {...getInputProps(fields.expected, { type: "text" })}
            key={key}
            maxLength={500}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={`${fields.expected.id}-hint${expectedError ? ` ${fields.expected.errorId}` : ""}`}
            className={INPUT_CLASS}
          />
          {expectedError ? (
            <p id={fields.expected.errorId} role="alert" className="mt-1 text-sm text-rose-700 dark:text-rose-300">
              {t("dns.expectedTooLong")}
            </p>
          ) : null}
          <p id={`${fields.expected.id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            {t("dns.expectedHint")}
          </p>
        </div>
        <div>
          <button type="submit" className={BUTTON_CLASS} aria-busy={pending}>
            {t("dns.submit")}
          </button>
        </div>
      </Form>
      {pending ? <ToolProgress>{t("dns.running")}</ToolProgress> : null}
      {failure ? <ToolError>{failure}</ToolError> : null}
      {check ? <Results check={check} /> : null}
    </ToolPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
