import { useTranslation } from "react-i18next";
import { CONTENT_MESSAGES, type TicketStatus } from "../../../core/content-messages";

const MESSAGE_KEYS = new Map<string, string>(Object.entries(CONTENT_MESSAGES).map(([key, text]) => [text, key]));

/** The translated text of a support form's schema message (CONTENT_MESSAGES) or the text itself. */
export function useSupportErrors(): (errors: string[] | undefined) => string[] | undefined {
  const { t } = useTranslation("content");
  return (errors) =>
    errors?.map((message) => {
      const key = MESSAGE_KEYS.get(message);
      return key ? t(`support.errors.${key}`) : message;
    });
}

const STATUS_CLASS: Record<TicketStatus, string> = {
  open: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  answered: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100",
  closed: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
};

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation("content");
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_CLASS[status]}`}>
      <span className="sr-only">{t("support.status")}: </span>
      {t(`support.statuses.${status}`)}
    </span>
  );
}

export const SELECT_CLASS =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";
