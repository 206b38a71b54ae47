import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DOMAIN_SORTS, STATUS_FILTERS } from "../../../core/domain-status";
import type { UserDomain } from "../../../workers/api/contract/my-domains";
import { BUTTON_CLASS, INPUT_CLASS, Labelled, SECONDARY_BUTTON_CLASS } from "../ui/form";
import { CARD_CLASS, StatusBadge } from "./status";
import { DataTable } from "../ui/data-table";

/** My domains' list parts: the GET filter form (search, status, sort), the table, the page links. */

/** A domain of the list with its expiry date in the page's language. */
export type DomainListItem = UserDomain & { expiresText: string | null };

export function DomainFilter({ query }: { query: Record<string, string> }) {
  const { t } = useTranslation("domains");
  const filtered = Boolean(query.q || query.status);
  return (
    <Form
      method="get"
      role="search"
      aria-label={t("list.filterLabel")}
      className={`${CARD_CLASS} grid gap-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end`}
    >
      <Labelled id="domains-q" label={t("list.search")}>
        <input
          id="domains-q"
          name="q"
          type="search"
          defaultValue={query.q ?? ""}
          placeholder={t("list.searchPlaceholder")}
          maxLength={253}
          className={INPUT_CLASS}
        />
      </Labelled>
      <Labelled id="domains-status" label={t("list.status")}>
        <select id="domains-status" name="status" defaultValue={query.status ?? ""} className={INPUT_CLASS}>
          <option value="">{t("list.anyStatus")}</option>
          {STATUS_FILTERS.map((status) => (
            <option key={status} value={status}>
              {status === "expired" ? t("list.expiredGroup") : t(`status.${status}`)}
            </option>
          ))}
        </select>
      </Labelled>
      <Labelled id="domains-sort" label={t("list.sort")}>
        <select id="domains-sort" name="sort" defaultValue={query.sort ?? "name"} className={INPUT_CLASS}>
          {DOMAIN_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`list.sorts.${sort}`)}
            </option>
          ))}
        </select>
      </Labelled>
      <div className="flex gap-2">
        <button type="submit" className={BUTTON_CLASS}>
          {t("list.apply")}
        </button>
        {filtered ? (
          <Link to="/dashboard/domains" className={SECONDARY_BUTTON_CLASS}>
            {t("list.clear")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

export function DomainTable({ domains }: { domains: DomainListItem[] }) {
  const { t } = useTranslation("domains");
  return (
    <>
      {domains.length === 0 ? (
        <p className={CARD_CLASS}>{t("list.noMatch")}</p>
      ) : (
        <div className={`${CARD_CLASS} overflow-x-auto p-0`}>
          <DataTable
            caption={t("list.tableCaption")}
            headClassName="border-b border-slate-200 text-slate-600 dark:border-slate-800 dark:text-slate-300"
            headerClassName="px-4 py-3 font-semibold"
            cellClassName="px-4 py-3"
            rows={domains}
            rowKey={(domain) => domain.id}
            rowClassName="border-b border-slate-100 last:border-0 dark:border-slate-800"
            columns={[
              {
                key: "name",
                header: t("list.columns.name"),
                rowHeader: true,
                className: "px-4 py-3 font-semibold break-all",
                cell: (domain) => (
                  <Link
                    to={`/dashboard/domains/${domain.name}`}
                    className="text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
                  >
                    {domain.unicode}
                  </Link>
                ),
              },
              {
                key: "status",
                header: t("list.columns.status"),
                cell: (domain) => (
                  <>
                    <StatusBadge status={domain.status} />
                    <p className="mt-1 max-w-xs text-xs text-slate-600 dark:text-slate-400">
                      {t(`explain.${domain.status}`)}
                    </p>
                  </>
                ),
              },
              {
                key: "expires",
                header: t("list.columns.expires"),
                className: "px-4 py-3 whitespace-nowrap",
                cell: (domain) => (
                  <>
                    {domain.expiresText ?? t("list.noExpiry")}
                    {domain.days_left !== null ? (
                      <span className="block text-xs text-slate-600 dark:text-slate-400">
                        {domain.days_left >= 0
                          ? t("list.daysLeft", { count: domain.days_left })
                          : t("list.daysAgo", { count: -domain.days_left })}
                      </span>
                    ) : null}
                  </>
                ),
              },
              {
                key: "lock",
                header: t("list.columns.lock"),
                cell: (domain) => (domain.locked ? t("list.locked") : t("list.unlocked")),
              },
              {
                key: "autoRenew",
                header: t("list.columns.autoRenew"),
                cell: (domain) => (domain.auto_renew ? t("list.on") : t("list.off")),
              },
              {
                key: "actions",
                header: t("list.columns.actions"),
                cell: (domain) => (
                  <Link to={`/dashboard/domains/${domain.name}`} className={SECONDARY_BUTTON_CLASS}>
                    {domain.action === "renew"
                      ? t("action.renew")
                      : domain.action === "restore"
                        ? t("action.restore")
                        : t("list.manage")}
                    <span className="sr-only"> {domain.unicode}</span>
                  </Link>
                ),
              },
            ]}
          />
        </div>
      )}
    </>
  );
}

function pageLink(query: Record<string, string>, page: number): string {
  const params = new URLSearchParams({ ...query, page: String(page) });
  if (page === 1) params.delete("page");
  const text = params.toString();
  return text ? `?${text}` : "?";
}

export function Pagination({ query, page, pages }: { query: Record<string, string>; page: number; pages: number }) {
  const { t } = useTranslation("domains");
  if (pages <= 1) return null;
  return (
    <nav aria-label={t("list.pagination")} className="flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={pageLink(query, page - 1)} rel="prev" className={SECONDARY_BUTTON_CLASS}>
          {t("list.previous")}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm">{t("list.pageOf", { page, pages })}</p>
      {page < pages ? (
        <Link to={pageLink(query, page + 1)} rel="next" className={SECONDARY_BUTTON_CLASS}>
          {t("list.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
