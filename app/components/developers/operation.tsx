import { useTranslation } from "react-i18next";
import type { FieldRow, OperationView } from "../../server/api-reference.server";
import { Prose } from "../content/prose";
import { DataTable, ScrollRegion, type Column } from "../ui/data-table";

// One operation of the /developers/api reference: method and path, summary, auth badge, its
// parameters, request body, response and error codes (tables that scroll sideways when narrow).

const METHOD_CLASS: Record<string, string> = {
  GET: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100",
  POST: "bg-indigo-100 text-indigo-900 dark:bg-indigo-900 dark:text-indigo-100",
  PUT: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  PATCH: "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100",
  DELETE: "bg-rose-100 text-rose-900 dark:bg-rose-900 dark:text-rose-100",
};
const OTHER_METHOD_CLASS = "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100";

export const LINK_CLASS =
  "font-medium text-indigo-700 underline hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-100";
export const CODE_CLASS =
  "rounded bg-slate-100 px-1 py-0.5 font-mono text-sm text-slate-900 dark:bg-slate-800 dark:text-slate-100";
const BADGE_CLASS = "inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold";
const TH_CLASS = "border-b border-slate-300 py-2 pr-4 font-semibold dark:border-slate-700";
const TD_CLASS = "border-b border-slate-200 py-2 pr-4 align-top dark:border-slate-800";

/** A table that scrolls sideways on a narrow screen (a focusable region, so keyboards can scroll it). */
const SCROLL_CLASS = "mt-2 overflow-x-auto rounded focus:outline-none focus:ring-2 focus:ring-indigo-500";
const TABLE_CLASS = "w-full min-w-[36rem] text-left text-sm";

function FieldsTable({ label, fields, withPlace }: { label: string; fields: FieldRow[]; withPlace: boolean }) {
  const { t } = useTranslation("content");
  if (fields.length === 0)
    return <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("developers.noFields")}</p>;
  const columns: Column<FieldRow>[] = [
    {
      key: "name",
      header: t("developers.columns.name"),
      cell: (field) => (
        <code className="break-all font-mono font-semibold text-slate-900 dark:text-white">{field.name}</code>
      ),
    },
    ...(withPlace ? [{ key: "in", header: t("developers.columns.in"), cell: (field: FieldRow) => field.in }] : []),
    {
      key: "type",
      header: t("developers.columns.type"),
      className: `${TD_CLASS} break-words font-mono text-xs`,
      cell: (field) => field.type,
    },
    {
      key: "required",
      header: t("developers.columns.required"),
      cell: (field) => (field.required ? t("developers.required") : t("developers.optional")),
    },
    {
      key: "description",
      header: t("developers.columns.description"),
      className: `${TD_CLASS} min-w-[12rem]`,
      // The reference's descriptions come from the contract, in English.
      cell: (field) => <span lang="en">{field.description}</span>,
    },
  ];
  return (
    <ScrollRegion label={label} className={SCROLL_CLASS}>
      <DataTable
        className={TABLE_CLASS}
        headerClassName={TH_CLASS}
        cellClassName={TD_CLASS}
        columns={columns}
        rows={fields}
        rowKey={(field) => `${field.in ?? ""}:${field.name}`}
      />
    </ScrollRegion>
  );
}

function AuthBadge({ operation }: { operation: OperationView }) {
  const { t } = useTranslation("content");
  const [label, tone] =
    operation.auth.length === 0
      ? [t("developers.noAuth"), "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200"]
      : operation.authOptional
        ? [t("developers.bearerOptional"), "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200"]
        : operation.bearer
          ? [t("developers.needsBearer"), "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100"]
          : [
              t("developers.needsAuth", { schemes: operation.auth.join(", ") }),
              "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
            ];
  return <span className={`${BADGE_CLASS} ${tone}`}>{label}</span>;
}

export function Operation({ operation }: { operation: OperationView }) {
  const { t } = useTranslation("content");
  const route = `${operation.method} ${operation.path}`;
  return (
    <article
      aria-labelledby={operation.anchor}
      className="mt-6 rounded-2xl border border-slate-200 p-4 sm:p-6 dark:border-slate-800"
    >
      <h3 id={operation.anchor} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-lg font-semibold">
        <span
          className={`rounded px-2 py-0.5 font-mono text-sm font-bold ${METHOD_CLASS[operation.method] ?? OTHER_METHOD_CLASS}`}
        >
          {operation.method}
        </span>{" "}
        <code className="min-w-0 break-all font-mono text-base text-slate-900 dark:text-white">{operation.path}</code>
      </h3>
      {operation.summary ? (
        <p lang="en" className="mt-2 text-slate-700 dark:text-slate-300">
          {operation.summary}
        </p>
      ) : null}
      <p className="mt-2 flex flex-wrap gap-2">
        <AuthBadge operation={operation} />
        {operation.deprecated ? (
          <span className={`${BADGE_CLASS} bg-rose-100 text-rose-900 dark:bg-rose-900 dark:text-rose-100`}>
            {t("developers.deprecated")}
          </span>
        ) : null}
      </p>
      {operation.descriptionHtml ? (
        <div lang="en">
          <Prose html={operation.descriptionHtml} className="text-sm" />
        </div>
      ) : null}

      {operation.parameters.length > 0 ? (
        <section className="mt-4">
          <h4 className="font-semibold">{t("developers.parameters")}</h4>
          <FieldsTable label={`${t("developers.parameters")}: ${route}`} fields={operation.parameters} withPlace />
        </section>
      ) : null}

      {operation.body ? (
        <section className="mt-4">
          <h4 className="font-semibold">{t("developers.requestBody")}</h4>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {t("developers.contentType", { type: operation.body.contentType })} ·{" "}
            <span className="break-words font-mono text-xs">{operation.body.type}</span>
          </p>
          <FieldsTable
            label={`${t("developers.requestBody")}: ${route}`}
            fields={operation.body.fields}
            withPlace={false}
          />
        </section>
      ) : null}

      {operation.success ? (
        <section className="mt-4">
          <h4 className="font-semibold">{t("developers.response")}</h4>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            {t("developers.responseStatus", { status: operation.success.status })}{" "}
            <span lang="en">{operation.success.description}</span>
          </p>
          {operation.success.contentType && operation.success.contentType !== "application/json" ? (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {t("developers.contentType", { type: operation.success.contentType })}
            </p>
          ) : null}
          {operation.success.type ? (
            <p className="mt-1 break-words font-mono text-xs text-slate-600 dark:text-slate-400">
              {t("developers.dataType", { type: operation.success.type })}
            </p>
          ) : null}
          {operation.success.fields.length > 0 ? (
            <FieldsTable
              label={`${t("developers.response")}: ${route}`}
              fields={operation.success.fields}
              withPlace={false}
            />
          ) : null}
        </section>
      ) : null}

      {operation.errors.length > 0 ? (
        <section className="mt-4">
          <h4 className="font-semibold">{t("developers.errors")}</h4>
          <ScrollRegion label={`${t("developers.errors")}: ${route}`} className={SCROLL_CLASS}>
            <DataTable
              className={TABLE_CLASS}
              headerClassName={TH_CLASS}
              cellClassName={TD_CLASS}
              rows={operation.errors}
              rowKey={(error) => String(error.status)}
              columns={[
                {
                  key: "status",
                  header: t("developers.columns.status"),
                  headerClassName: `${TH_CLASS} w-24`,
                  className: `${TD_CLASS} font-mono`,
                  cell: (error) => error.status,
                },
                {
                  key: "codes",
                  header: t("developers.columns.codes"),
                  cell: (error) =>
                    error.codes.length > 0 ? (
                      <ul className="flex flex-wrap gap-2">
                        {error.codes.map((code) => (
                          <li key={code}>
                            <code className={CODE_CLASS}>{code}</code>
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <span lang="en">{error.description}</span>
                    ),
                },
              ]}
            />
          </ScrollRegion>
        </section>
      ) : null}
    </article>
  );
}
