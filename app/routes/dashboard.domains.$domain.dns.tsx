import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RecordForm } from "../components/domains/dns-record-form";
import { ServingStatus } from "../components/domains/dns-serving";
import type { DnsActionData } from "../components/domains/dns-text";
import { ImportForm, RecordsTable, ZoneHistory } from "../components/domains/dns-zone";
import { DNS_INTENTS } from "../components/domains/intents";
import { CARD_CLASS } from "../components/domains/status";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { ErrorList } from "../components/ui/form";
import { Section } from "../components/ui/section";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { dnsEditorAction, loadDnsEditor } from "../server/dns-editor.server";

/**
 * The DNS editor of one domain (issue 14): the records, one add/edit form for every type
 * (per-type rules shared with the API through core/dns), a preview that says what a change
 * breaks before it is saved ("Save anyway" to go on), delete, the zone's history with one-step
 * rollback, zone file import and export. Works without JavaScript: every step is a form post.
 * The loader and action are in app/server/dns-editor.server.ts, the parts in app/components/domains/dns-*.
 */
export const loader = (args: LoaderFunctionArgs) => loadDnsEditor(args);
export const action = (args: ActionFunctionArgs) => dnsEditorAction(args);

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "DNS") },
];

export const handle = { i18n: ["account", "domains/dns"] } satisfies I18nHandle;
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export default function DnsEditor() {
  const { t } = useTranslation(["domains", "account"]);
  const { domain, unicode, records, serving, versions, editing, addType } = useLoaderData<typeof loader>();
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

      <ServingStatus serving={serving} domain={unicode} />

      {actionData?.intent === DNS_INTENTS.rollback && actionData.message ? (
        <ErrorList errors={[actionData.message]} />
      ) : null}

      <section aria-labelledby="records-title" className={`${CARD_CLASS} overflow-x-auto`}>
        <h2 id="records-title" className="sr-only">
          {t("dns.recordsCaption")}
        </h2>
        <RecordsTable records={records} domain={domain} />
      </section>

      <Section
        id="record-editor"
        titleId="record-form-title"
        title={editing ? t("dns.editHeading", { type: editing.type, name: editing.name }) : t("dns.addHeading")}
        bodyClassName="mt-4"
      >
        {/* A new key after every change: the add form starts empty again after "DNS record added.". */}
        <RecordForm
          key={editing?.id ?? `new-${versions[0]?.id ?? 0}-${records.length}-${addType}`}
          domain={domain}
          editing={editing}
          addType={addType}
        />
      </Section>

      <Section titleId="import-title" title={t("dns.importHeading")} bodyClassName="mt-3">
        <ImportForm />
      </Section>

      <Section titleId="history-title" title={t("dns.historyHeading")} bodyClassName="">
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("dns.historyIntro")}</p>
        <ZoneHistory versions={versions} />
      </Section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
