import { parseWithZod } from "@conform-to/zod/v4";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useLocation, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { formatDay } from "../../core/format";
import type { Locale } from "../../core/locale";
import { sslFormSchema } from "../../core/lookup-forms";
import { type SslCheck, type SslResult } from "../../core/ssl";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { ResultRow, ToolError, ToolPage, ToolProgress, ToolQueryForm } from "../components/tools/tool-page";
import { withNamespaces } from "../i18n/client";
import { useFormat } from "../i18n/use-format";
import type { I18nHandle } from "../i18n/namespaces";
import { apiClient, readApi } from "../server/api.server";
import { getTranslator } from "../server/i18n.server";
import { toolFailure } from "../server/tools.server";
import { useSchemaForm } from "../components/ui/form-hooks";

// SSL checker (SPEC §2 tools, §3 SSL result, §8 SSL errors). A GET form; while SSL Labs runs the
// assessment the page shows its progress and polls: with JavaScript by revalidating, without it
// by a meta refresh inside <noscript> (so a scripted page never reloads itself).

export const handle = { i18n: ["tools/nav", "tools/inputErrors", "tools/ssl"] } satisfies I18nHandle;
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

/** Seconds between polls (SSL Labs asks for 5 s while resolving, 10 s while testing). */
const POLL_SECONDS = { DNS: 5, IN_PROGRESS: 10 } as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { t, locale } = await getTranslator(request, ["tools"]);
  const input = url.searchParams.get("host");
  const empty = {
    title: t("ssl.metaTitle"),
    locale,
    input: input ?? "",
    lastResult: null,
    check: null as SslCheck | null,
    failure: null as string | null,
  };
  if (input === null) return empty;
  const submission = parseWithZod(url.searchParams, { schema: sslFormSchema });
  if (submission.status !== "success") return { ...empty, lastResult: submission.reply() };
  const response = await apiClient(context, request).api.v1.ssl.$get({ query: { host: submission.value.host } });
  const answer = await readApi(response);
  if (answer.ok) return { ...empty, title: t("ssl.metaTitleHost", { host: input.trim() }), check: answer.data };
  return { ...empty, failure: toolFailure(t, answer, { prefix: "ssl.errors", values: { host: input.trim() } }) };
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "SSL checker") },
];

function SslDetails({ result, locale }: { result: SslResult; locale: Locale }) {
  const { t } = useTranslation("tools");
  const cert = result.certificate;
  const failed = result.endpoints.find((endpoint) => endpoint.statusMessage)?.statusMessage;
  return (
    <section
      aria-labelledby="ssl-result"
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="ssl-result" className="text-xl font-semibold">
        {t("ssl.resultTitle", { host: result.host })}
      </h2>
      {!cert ? <ToolError>{t("ssl.noCertificate", { message: failed ?? "—" })}</ToolError> : null}
      <dl className="mt-4">
        <ResultRow label={t("ssl.fields.grade")}>
          <span className="text-2xl font-bold">{result.grade ?? "—"}</span>
        </ResultRow>
        {cert ? (
          <>
            <ResultRow label={t("ssl.fields.issuer")}>{cert.issuer}</ResultRow>
            <ResultRow label={t("ssl.fields.subject")}>{cert.subject}</ResultRow>
            <ResultRow label={t("ssl.fields.serial")}>
              <span className="font-mono text-sm">{cert.serialNumber ?? "—"}</span>
            </ResultRow>
            <ResultRow label={t("ssl.fields.algorithm")}>{cert.algorithm ?? "—"}</ResultRow>
            <ResultRow label={t("ssl.fields.validFrom")}>{formatDay(locale, cert.validFrom) ?? "—"}</ResultRow>
            <ResultRow label={t("ssl.fields.validTo")}>{formatDay(locale, cert.validTo) ?? "—"}</ResultRow>
            <ResultRow label={t("ssl.fields.daysRemaining")}>
              {cert.daysRemaining === null ? (
                "—"
              ) : cert.daysRemaining < 0 ? (
                <span className="font-semibold text-rose-700 dark:text-rose-300">
                  {t("ssl.expired", { count: -cert.daysRemaining })}
                </span>
              ) : (
                t("ssl.days", { count: cert.daysRemaining })
              )}
            </ResultRow>
            <ResultRow label={t("ssl.fields.keySize")}>
              {[cert.keyAlgorithm, cert.keySize ? `${cert.keySize} bit` : null].filter(Boolean).join(" ") || "—"}
            </ResultRow>
            <ResultRow label={t("ssl.fields.altNames")}>
              <ul className="font-mono text-sm">
                {cert.altNames.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
            </ResultRow>
          </>
        ) : null}
        <ResultRow label={t("ssl.fields.protocols")}>
          {result.protocols.length > 0 ? result.protocols.join(", ") : "—"}
        </ResultRow>
        {result.endpoints.map((endpoint) => (
          <ResultRow key={endpoint.ipAddress} label={t("ssl.endpoint", { ip: endpoint.ipAddress })}>
            <span className="block">
              {t("ssl.fields.ip")}: <span className="font-mono text-sm">{endpoint.ipAddress}</span>
            </span>
            {endpoint.serverName ? (
              <span className="block">
                {t("ssl.fields.serverName")}: {endpoint.serverName}
              </span>
            ) : null}
            <span className="block">
              {t("ssl.fields.grade")}: {endpoint.grade ?? endpoint.statusMessage ?? "—"}
            </span>
          </ResultRow>
        ))}
      </dl>
    </section>
  );
}

function Running({ check }: { check: Extract<SslCheck, { state: "running" }> }) {
  const { t } = useTranslation("tools");
  const { percent } = useFormat();
  const location = useLocation();
  const revalidator = useRevalidator();
  const seconds = POLL_SECONDS[check.status];
  useEffect(() => {
    const timer = setTimeout(() => revalidator.revalidate(), seconds * 1000);
    return () => clearTimeout(timer);
  }, [check, seconds, revalidator]);
  const here = `${location.pathname}${location.search}`;
  return (
    <>
      <noscript>
        <meta httpEquiv="refresh" content={`${seconds};url=${here}`} />
      </noscript>
      <ToolProgress>
        {t("ssl.progress", {
          host: check.host,
          status: check.status === "DNS" ? t("ssl.statusDns") : t("ssl.statusInProgress"),
        })}
        {check.progress !== null ? (
          <>
            {" "}
            <progress
              max={100}
              value={check.progress}
              aria-label={t("ssl.progressPercent", { percent: percent(check.progress) })}
              className="ml-2 align-middle"
            />{" "}
            {t("ssl.progressPercent", { percent: percent(check.progress) })}
          </>
        ) : null}
      </ToolProgress>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        {t("ssl.refreshNote", { seconds })}{" "}
        <Link to={here} className="underline underline-offset-2">
          {t("ssl.refreshNow")}
        </Link>
      </p>
    </>
  );
}

export default function SslPage() {
  const { t } = useTranslation("tools");
  const { input, lastResult, check, failure, locale } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const pending =
    navigation.state === "loading" && navigation.location.pathname === "/tools/ssl" && !check
      ? new URLSearchParams(navigation.location.search).get("host")
      : null;
  const [form, fields] = useSchemaForm({
    id: "ssl",
    schema: () => import("../../core/ssl").then((m) => m.sslBrowserSchema),
    lastResult,
    defaultValue: { host: input },
    validateOn: "onSubmit",
  });
  return (
    <ToolPage title={t("ssl.title")} intro={t("ssl.intro")}>
      <ToolQueryForm
        form={form}
        field={fields.host}
        action="/tools/ssl"
        input={input}
        label={t("ssl.label")}
        placeholder={t("ssl.placeholder")}
        submit={t("ssl.submit")}
        busy={pending !== null}
      />
      {pending ? <ToolProgress>{t("ssl.running", { host: pending })}</ToolProgress> : null}
      {failure ? <ToolError>{failure}</ToolError> : null}
      {check?.state === "running" ? <Running check={check} /> : null}
      {check?.state === "ready" ? <SslDetails result={check.result} locale={locale} /> : null}
    </ToolPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
