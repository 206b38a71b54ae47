import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatShortMoment } from "../../core/format";
import { normaliseLocale } from "../../core/locale";
import { GeneralErrorBoundary, errorTitle, notFoundResponse } from "../components/error-boundary";
import { BUTTON_CLASS, INPUT_CLASS, Labelled } from "../components/ui/form";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { apiClient, readApi } from "../server/api.server";
import { getTranslator } from "../server/i18n.server";

export const handle = { i18n: ["signup"] } satisfies I18nHandle;

/**
 * Development mailbox: the messages the local mail adapter stored for `?to=EMAIL`, newest first
 * (GET /api/v1/dev/outbox). The API has no such endpoint in production, and neither has this
 * page: its 404 becomes the page's 404.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const to = (new URL(request.url).searchParams.get("to") ?? "").trim();
  const [{ t }, response] = await Promise.all([
    getTranslator(request, ["signup"]),
    // Asked even without an address: the answer tells whether the outbox exists (404 in production).
    apiClient(context, request).api.v1.dev.outbox.$get({ query: { to } }),
  ]);
  const answer = await readApi(response);
  if (!answer.ok && answer.status === 404) notFoundResponse();
  const messages = answer.ok
    ? [...answer.data.messages].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))
    : [];
  return { title: t("mailbox.metaTitle"), to, invalid: to !== "" && !answer.ok, messages };
}

export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "Development mailbox") },
  { name: "robots", content: "noindex" },
];

export default function DevMailbox() {
  const { t, i18n } = useTranslation("signup");
  const { to, invalid, messages } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">{t("mailbox.title")}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">{t("mailbox.intro")}</p>
      <Form method="get" action="/dev/mailbox" className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end">
        <Labelled id="mailbox-to" label={t("mailbox.email")} className="flex-1">
          <input
            id="mailbox-to"
            name="to"
            type="email"
            required
            defaultValue={to}
            key={to}
            autoComplete="email"
            className={INPUT_CLASS}
          />
        </Labelled>
        <button type="submit" className={BUTTON_CLASS}>
          {t("mailbox.show")}
        </button>
      </Form>

      {invalid ? (
        <p role="alert" className="mt-6 text-rose-700 dark:text-rose-300">
          {t("mailbox.invalid")}
        </p>
      ) : to ? (
        <div className="mt-8">
          <h2 className="text-lg font-semibold">
            {messages.length > 0
              ? t("mailbox.count", { count: messages.length, email: to })
              : t("mailbox.empty", { email: to })}
          </h2>
          <ol className="mt-4 space-y-4">
            {messages.map((message) => (
              <li key={message.id}>
                <article
                  aria-labelledby={`mail-${message.id}`}
                  className="rounded-xl border border-slate-200 p-4 dark:border-slate-800"
                >
                  <h3 id={`mail-${message.id}`} className="font-semibold">
                    {message.subject}
                  </h3>
                  <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                    {t("mailbox.sentAt")}:{" "}
                    <time dateTime={message.created_at}>
                      {formatShortMoment(normaliseLocale(i18n.language), message.created_at) ?? message.created_at}
                    </time>
                  </p>
                  <pre className="mt-3 overflow-x-auto whitespace-pre-wrap rounded-md bg-slate-50 p-3 font-mono text-sm text-slate-900 dark:bg-slate-950 dark:text-slate-100">
                    {message.text}
                  </pre>
                </article>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
