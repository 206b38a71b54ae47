import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { isManageable } from "../../core/domain-status";
import {
  DeleteForm,
  LockForm,
  NameserversForm,
  RenewForm,
  Row,
  ToggleSection,
  DsRecords,
} from "../components/domains/detail-forms";
import { DOMAIN_INTENTS } from "../components/domains/intents";
import { StatusBadge } from "../components/domains/status";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { SECONDARY_BUTTON_CLASS } from "../components/ui/form";
import { Section } from "../components/ui/section";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { domainDetailAction, loadDomainDetail } from "../server/domain-detail.server";

/**
 * One domain (issue 14): status with its explanation and next step, renew/restore into the
 * cart, lock (password), auto-renewal (needs a saved card), WHOIS privacy, DNSSEC,
 * nameservers, delete (password). Each is a real form to this route's action (named intents,
 * 303 + toast on success, 400 with the form's reply on failure); another user's domain is 404.
 * The loader and action are in app/server/domain-detail.server.ts, the forms in
 * app/components/domains/detail-forms.tsx.
 */
export const loader = (args: LoaderFunctionArgs) => loadDomainDetail(args);
export const action = (args: ActionFunctionArgs) => domainDetailAction(args);

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "My domains") },
];

export const handle = {
  i18n: [
    "account",
    "domains/list",
    "domains/status",
    "domains/explain",
    "domains/action",
    "domains/detail",
    "domains/errors",
  ],
} satisfies I18nHandle;
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export default function DomainDetail() {
  const { t } = useTranslation(["domains", "account"]);
  const { domain, dates } = useLoaderData<typeof loader>();
  const manageable = isManageable(domain.status);
  const base = `/dashboard/domains/${domain.name}`;

  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <Link
          to="/dashboard/domains"
          className="text-sm text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
        >
          ← {t("detail.back")}
        </Link>
        <h1 className="flex flex-wrap items-center gap-3 text-3xl font-bold tracking-tight break-all">
          {domain.unicode}
          <StatusBadge status={domain.status} />
        </h1>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t(`explain.${domain.status}`)}</p>
        {domain.renew_error ? (
          <p
            role="alert"
            className="rounded-lg border border-rose-300 bg-rose-50 p-3 text-sm text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100"
          >
            {t("detail.renewError", { message: domain.renew_error })}
          </p>
        ) : null}
        {manageable ? (
          <nav aria-label={domain.unicode} className="flex flex-wrap gap-2 pt-1">
            <Link to={`${base}/dns`} className={SECONDARY_BUTTON_CLASS}>
              {t("detail.dnsLink")}
            </Link>
            <Link to={`${base}/transfer-out`} className={SECONDARY_BUTTON_CLASS}>
              {t("detail.transferOutLink")}
            </Link>
          </nav>
        ) : null}
      </header>

      <Section bodyClassName="mt-3 space-y-3" titleId="overview-title" title={t("detail.overview")}>
        <dl className="space-y-2">
          <Row label={t("detail.expires")}>{dates.expires ?? t("list.noExpiry")}</Row>
          {dates.registered ? <Row label={t("detail.registered")}>{dates.registered}</Row> : null}
          {domain.registry ? <Row label={t("detail.registrar")}>{domain.registry.registrar}</Row> : null}
          {domain.status === "grace_period" && dates.graceEnds ? (
            <Row label={t("detail.graceEnds")}>{dates.graceEnds}</Row>
          ) : null}
          {domain.status === "redemption" && dates.redemptionEnds ? (
            <Row label={t("detail.redemptionEnds")}>{dates.redemptionEnds}</Row>
          ) : null}
          <Row label={t("list.columns.lock")}>{domain.locked ? t("list.locked") : t("list.unlocked")}</Row>
          <Row label={t("list.columns.autoRenew")}>{domain.auto_renew ? t("list.on") : t("list.off")}</Row>
        </dl>
      </Section>

      {domain.renewal ? (
        <Section
          bodyClassName="mt-3 space-y-3"
          titleId="renew-title"
          title={domain.renewal.operation === "restore" ? t("action.restore") : t("detail.renewHeading")}
        >
          <RenewForm renewal={domain.renewal} unicode={domain.unicode} />
        </Section>
      ) : null}

      {manageable ? (
        <>
          <Section bodyClassName="mt-3 space-y-3" titleId="lock-title" title={t("detail.lockHeading")}>
            <LockForm locked={domain.locked} />
          </Section>
          <ToggleSection
            id="auto-renew"
            title={t("detail.autoRenewHeading")}
            intent={DOMAIN_INTENTS.autoRenew}
            on={domain.auto_renew}
            state={{ on: t("detail.autoRenewOn"), off: t("detail.autoRenewOff") }}
          >
            <p className="text-sm">
              <Link
                to="/dashboard/billing"
                className="text-indigo-700 underline underline-offset-2 dark:text-indigo-300"
              >
                {t("detail.addCard")}
              </Link>
            </p>
          </ToggleSection>
          <ToggleSection
            id="privacy"
            title={t("detail.privacyHeading")}
            intent={DOMAIN_INTENTS.privacy}
            on={domain.whois_privacy}
            state={{ on: t("detail.privacyOn"), off: t("detail.privacyOff") }}
          />
          <ToggleSection
            id="dnssec"
            title={t("detail.dnssecHeading")}
            intent={DOMAIN_INTENTS.dnssec}
            on={domain.dnssec}
            state={{ on: t("detail.dnssecOn"), off: t("detail.dnssecOff") }}
          >
            {domain.dnssec ? <DsRecords ds={domain.ds} /> : null}
          </ToggleSection>
          <Section bodyClassName="mt-3 space-y-3" titleId="nameservers-title" title={t("detail.nameserversHeading")}>
            <NameserversForm nameservers={domain.nameservers} />
          </Section>
          <Section bodyClassName="mt-3 space-y-3" titleId="delete-title" title={t("detail.deleteHeading")}>
            <DeleteForm unicode={domain.unicode} />
          </Section>
        </>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
