import { useTranslation } from "react-i18next";
import type { ZoneServing } from "../../../workers/api/contract/dns";

/**
 * Whether the records on this page answer on the internet (issue 22): live on our nameservers
 * (the provider confirmed this version), being published (behind, retried by the scheduled job),
 * or not served at all because the domain points at other nameservers.
 */
export function ServingStatus({ serving, domain }: { serving: ZoneServing; domain: string }) {
  const { t } = useTranslation("domains");
  if (!serving.delegated) {
    return (
      <div
        role="status"
        className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      >
        <p className="font-semibold">{t("dns.serving.elsewhereTitle")}</p>
        <p>
          {t("dns.serving.elsewhere", {
            domain,
            nameservers: serving.nameservers.join(", ") || t("dns.serving.none"),
            ours: serving.our_nameservers.join(", "),
          })}
        </p>
      </div>
    );
  }
  const live = serving.served_serial === serving.serial;
  return (
    <div
      role="status"
      className={
        live
          ? "rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100"
          : "rounded-lg border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950 dark:border-sky-700 dark:bg-sky-950 dark:text-sky-100"
      }
    >
      <p>
        {live
          ? t("dns.serving.live", { serial: serving.serial, ours: serving.our_nameservers.join(", ") })
          : t("dns.serving.pending", { serial: serving.serial })}
      </p>
      {!live && serving.error ? <p>{t("dns.serving.lastError", { error: serving.error })}</p> : null}
    </div>
  );
}
