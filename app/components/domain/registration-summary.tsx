import { useTranslation } from "react-i18next";
import { useFormat } from "../../i18n/use-format";
import type { RegistrationSummary as Summary } from "../../../workers/api/contract/domains";

/** Who holds a taken name and until when (from the registry), beside search results and details. */
export function RegistrationSummary({ registration, showLock = false }: { registration: Summary; showLock?: boolean }) {
  const { t } = useTranslation();
  const { day } = useFormat();
  const date = (iso: string) => day(iso) ?? iso;
  const entries: [string, string][] = [
    [t("domain.registrar"), registration.registrar],
    [t("domain.registered"), date(registration.created_at)],
    [t("domain.expires"), date(registration.expires_at)],
  ];
  if (showLock) entries.push([t("domain.locked"), registration.locked ? t("domain.lockedYes") : t("domain.lockedNo")]);
  return (
    <dl className={`mt-4 grid grid-cols-2 gap-3 text-sm ${showLock ? "sm:grid-cols-4" : "sm:grid-cols-3"}`}>
      {entries.map(([term, value]) => (
        <div key={term}>
          <dt className="text-slate-600 dark:text-slate-400">{term}</dt>
          <dd className="font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
