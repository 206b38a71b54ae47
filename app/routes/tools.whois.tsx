import { parseWithZod } from "@conform-to/zod/v4";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDay, formatMoment } from "../../core/format";
import type { Locale } from "../../core/locale";
import { whoisFormSchema } from "../../core/lookup-forms";
import { REGISTRANT_FIELDS, type WhoisResult } from "../../core/whois-result";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { ResultRow, ToolError, ToolPage, ToolProgress, ToolQueryForm } from "../components/tools/tool-page";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { apiClient, readApi } from "../server/api.server";
import { getTranslator } from "../server/i18n.server";
import { toolFailure } from "../server/tools.server";
import { useSchemaForm } from "../components/ui/form-hooks";

// WHOIS / RDAP lookup (SPEC §2 tools, §3 WHOIS result, §5 input, §8 "WHOIS: lookup failed"). A GET
// form: the result has a shareable URL (/tools/whois?domain=…) and works without JavaScript.

export const handle = { i18n: ["tools/nav", "tools/inputErrors", "tools/whois"] } satisfies I18nHandle;
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { t, locale } = await getTranslator(request, ["tools"]);
  const input = url.searchParams.get("domain");
  if (input === null)
    return { title: t("whois.metaTitle"), locale, input: "", lastResult: null, result: null, failure: null };
  const submission = parseWithZod(url.searchParams, { schema: whoisFormSchema });
  if (submission.status !== "success") {
    return { title: t("whois.metaTitle"), locale, input, lastResult: submission.reply(), result: null, failure: null };
  }
  const response = await apiClient(context, request).api.v1.domains.whois[":domain"].$get({
    param: { domain: submission.value.domain },
  });
  const answer = await readApi(response);
  if (answer.ok) {
    return {
      title: t("whois.metaTitleDomain", { domain: answer.data.unicode }),
      locale,
      input,
      lastResult: null,
      result: answer.data,
      failure: null,
    };
  }
  return {
    title: t("whois.metaTitle"),
    locale,
    input,
    lastResult: null,
    result: null,
    failure: toolFailure(t, answer, { prefix: "whois.errors", values: { domain: input.trim() } }),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "WHOIS lookup") },
];

function Registrant({ result }: { result: WhoisResult }) {
  const { t } = useTranslation("tools");
  return (
    <dl className="mt-1 space-y-1">
      {REGISTRANT_FIELDS.map((field) => {
        const value = result.registrant[field];
        const redacted = result.redacted.includes(field);
        return (
          <div key={field} className="flex flex-wrap gap-x-2">
            <dt className="text-slate-600 dark:text-slate-400">{t(`whois.fields.${field}`)}:</dt>
            <dd>
              {value ?? (
                <span
                  className={
                    redacted
                      ? "rounded bg-slate-200 px-1.5 text-sm dark:bg-slate-700"
                      : "text-slate-500 dark:text-slate-400"
                  }
                >
                  {redacted ? t("whois.redacted") : t("whois.notPublished")}
                </span>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

function WhoisDetails({ result, locale }: { result: WhoisResult; locale: Locale }) {
  const { t } = useTranslation("tools");
  const date = (iso: string | null) => formatDay(locale, iso) ?? t("whois.unknown");
  return (
    <section
      aria-labelledby="whois-result"
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="whois-result" className="text-xl font-semibold">
        {t("whois.resultTitle", { domain: result.unicode })}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {result.source === "ours"
          ? t("whois.sourceOurs")
          : result.source === "whois"
            ? t("whois.sourceWhois", { server: result.server?.replace(/^whois:\/\//, "") ?? "" })
            : t("whois.sourceRdap", { server: result.server ? new URL(result.server).host : "" })}{" "}
        {t("whois.fetchedAt", { date: formatMoment(locale, result.fetchedAt) })}{" "}
        <Link to={`/tools/whois?domain=${encodeURIComponent(result.unicode)}`} className="underline underline-offset-2">
          {t("whois.share")}
        </Link>
      </p>
      <dl className="mt-4">
        <ResultRow label={t("whois.fields.domain")}>
          {result.unicode}
          {result.unicode !== result.domain ? (
            <span className="ml-2 text-sm text-slate-500 dark:text-slate-400">({result.domain})</span>
          ) : null}
        </ResultRow>
        <ResultRow label={t("whois.fields.created")}>{date(result.createdAt)}</ResultRow>
        <ResultRow label={t("whois.fields.updated")}>{date(result.updatedAt)}</ResultRow>
        <ResultRow label={t("whois.fields.expires")}>{date(result.expiresAt)}</ResultRow>
        <ResultRow label={t("whois.fields.status")}>
          {result.statuses.length === 0 ? (
            t("whois.unknown")
          ) : (
            <ul className="space-y-1">
              {result.statuses.map((status) => (
                <li key={status.value}>
                  <span className="font-mono text-sm">{status.value}</span>
                  {status.key ? (
                    <span className="block text-sm text-slate-600 dark:text-slate-400">
                      {t(`whois.statuses.${status.key}`)}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </ResultRow>
        <ResultRow label={t("whois.fields.registrar")}>
          {result.registrar ? (
            <>
              {result.registrar.url ? (
                <a
                  href={result.registrar.url}
                  rel="noopener noreferrer nofollow"
                  className="underline underline-offset-2"
                >
                  {result.registrar.name ?? result.registrar.url}
                </a>
              ) : (
                (result.registrar.name ?? t("whois.unknown"))
              )}
              {result.registrar.ianaId ? (
                <span className="ml-2 text-sm text-slate-600 dark:text-slate-400">
                  {t("whois.fields.ianaId")}: {result.registrar.ianaId}
                </span>
              ) : null}
              {result.registrar.abuseEmail || result.registrar.abusePhone ? (
                <span className="block text-sm text-slate-600 dark:text-slate-400">
                  {t("whois.fields.abuse")}:{" "}
                  {[result.registrar.abuseEmail, result.registrar.abusePhone].filter(Boolean).join(", ")}
                </span>
              ) : null}
            </>
          ) : (
            t("whois.unknown")
          )}
        </ResultRow>
        <ResultRow label={t("whois.fields.registrant")}>
          <Registrant result={result} />
        </ResultRow>
        <ResultRow label={t("whois.fields.nameservers")}>
          {result.nameservers.length === 0 ? (
            t("whois.none")
          ) : (
            <ul className="font-mono text-sm">
              {result.nameservers.map((ns) => (
                <li key={ns}>{ns}</li>
              ))}
            </ul>
          )}
        </ResultRow>
        <ResultRow label={t("whois.fields.dnssec")}>
          {result.dnssec === null
            ? t("whois.unknown")
            : result.dnssec
              ? t("whois.dnssecSigned")
              : t("whois.dnssecUnsigned")}
        </ResultRow>
      </dl>
    </section>
  );
}

export default function WhoisPage() {
  const { t } = useTranslation("tools");
  const { input, lastResult, result, failure, locale } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const pending =
    navigation.state === "loading" && navigation.location.pathname === "/tools/whois"
      ? new URLSearchParams(navigation.location.search).get("domain")
      : null;
  const [form, fields] = useSchemaForm({
    id: "whois",
    schema: () => import("../../core/whois").then((m) => m.whoisBrowserSchema),
    lastResult,
    defaultValue: { domain: input },
    validateOn: "onSubmit",
  });
  return (
    <ToolPage title={t("whois.title")} intro={t("whois.intro")}>
      <ToolQueryForm
        form={form}
        field={fields.domain}
        action="/tools/whois"
        input={input}
        label={t("whois.label")}
        placeholder={t("whois.placeholder")}
        submit={t("whois.submit")}
        busy={pending !== null}
      />
      {pending ? <ToolProgress>{t("whois.running", { domain: pending })}</ToolProgress> : null}
      {failure ? <ToolError>{failure}</ToolError> : null}
      {result ? <WhoisDetails result={result} locale={locale} /> : null}
    </ToolPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
