import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SUPPORT_RESPONSE_HOURS, TICKET_CATEGORIES, TICKET_PRIORITIES } from "../../core/content-messages";
import { ticketSchema } from "../../core/content-forms";
import { SELECT_CLASS, TicketStatusBadge, useSupportErrors } from "../components/content/support";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { Section } from "../components/ui/section";
import { BUTTON_CLASS, ErrorList, Field, INPUT_CLASS } from "../components/ui/form";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { getTranslator } from "../server/i18n.server";
import { readUserApi, requireAuth, sessionHeaders, userApi } from "../server/session.server";
import { dateTime } from "../server/support.server";
import { redirectWithToast } from "../server/toast.server";
import { useSchemaForm } from "../components/ui/form-hooks";

// /dashboard/support (SPEC §2, §3 "Support message", issue 10): the signed-in user's tickets, a
// form for a new one (subject, details, priority, category) and the FAQ (<details>, no JS needed).

export const handle = { i18n: ["account", "content/support"] } satisfies I18nHandle;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const [{ t, locale }, answer] = await Promise.all([
    getTranslator(request, ["content"]),
    userApi(context, request, auth)
      .api.v1.support.tickets.$get()
      .then((response) => readUserApi(request, context, response)),
  ]);
  if (!answer.ok) throw new Response(answer.message, { status: answer.status >= 500 ? answer.status : 500 });
  return data(
    {
      title: t("support.metaTitle"),
      tickets: answer.data.tickets.map((ticket) => ({ ...ticket, updatedText: dateTime(ticket.updated_at, locale) })),
    },
    { headers: await sessionHeaders(request, context) },
  );
}
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : `${data?.title ?? "Support centre"} · Trinity` },
];

export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await requireAuth(request, context);
  const formData = await request.formData();
  const { t } = await getTranslator(request, ["content"]);
  const submission = parseWithZod(formData, { schema: ticketSchema });
  const reply = async (result: SubmissionResult<string[]>, status: number) =>
    data({ result }, { status, headers: await sessionHeaders(request, context) });
  if (submission.status !== "success") return reply(submission.reply(), 400);
  const answer = await readUserApi(
    request,
    context,
    await userApi(context, request, auth).api.v1.support.tickets.$post({ json: submission.value }),
  );
  if (!answer.ok) {
    const message =
      answer.status === 429
        ? t("support.tooMany", { count: Math.max(1, Math.ceil((answer.retryAfter ?? 60) / 60)) })
        : t("support.failed");
    return reply(
      submission.reply({ formErrors: [message] }),
      answer.status === 429 ? 429 : answer.status === 400 ? 400 : 503,
    );
  }
  return redirectWithToast(
    `/dashboard/support/${answer.data.id}`,
    { type: "success", description: t("support.created", SUPPORT_RESPONSE_HOURS) },
    { status: 303, headers: await sessionHeaders(request, context) },
  );
}

function NewTicketForm() {
  const { t } = useTranslation("content");
  const translate = useSupportErrors();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/dashboard/support";
  const [form, fields] = useSchemaForm({
    id: "new-ticket",
    schema: () => import("../../core/content-forms").then((m) => m.ticketSchema),
    lastResult: actionData?.result,
    defaultValue: { priority: "normal", category: "general" },
    validateOn: "onBlur",
  });
  return (
    <Form method="post" action="/dashboard/support" {...getFormProps(form)} className="mt-4 space-y-4">
      <Field id={fields.subject.id} label={t("support.subject")} errors={translate(fields.subject.errors)}>
        <input {...getInputProps(fields.subject, { type: "text" })} maxLength={120} className={INPUT_CLASS} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={fields.category.id} label={t("support.category")} errors={translate(fields.category.errors)}>
          <select {...getSelectProps(fields.category)} className={SELECT_CLASS}>
            {TICKET_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {t(`support.categories.${category}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field id={fields.priority.id} label={t("support.priority")} errors={translate(fields.priority.errors)}>
          <select {...getSelectProps(fields.priority)} className={SELECT_CLASS}>
            {TICKET_PRIORITIES.map((priority) => (
              <option key={priority} value={priority}>
                {t(`support.priorities.${priority}`)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field
        id={fields.details.id}
        label={t("support.details")}
        hint={t("support.detailsHint")}
        errors={translate(fields.details.errors)}
      >
        <textarea
          {...getTextareaProps(fields.details, { ariaDescribedBy: `${fields.details.id}-hint` })}
          rows={6}
          maxLength={5000}
          className={INPUT_CLASS}
        />
      </Field>
      <ErrorList id={form.errorId} errors={form.errors} />
      <button type="submit" className={BUTTON_CLASS} aria-busy={busy} disabled={busy}>
        {t("support.submit")}
      </button>
    </Form>
  );
}

const FAQ_ITEMS = [1, 2, 3, 4, 5] as const;

export default function SupportCentre() {
  const { tickets } = useLoaderData<typeof loader>();
  const { t } = useTranslation("content");
  return (
    <div className="space-y-10">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">{t("support.title")}</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{t("support.intro", SUPPORT_RESPONSE_HOURS)}</p>
      </header>

      <section aria-labelledby="tickets-title">
        <h2 id="tickets-title" className="text-lg font-semibold">
          {t("support.yourTickets")}
        </h2>
        {tickets.length === 0 ? (
          <p className="mt-2 text-slate-600 dark:text-slate-400">{t("support.empty")}</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {tickets.map((ticket) => (
              <li key={ticket.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div className="min-w-0">
                  <Link
                    to={`/dashboard/support/${ticket.id}`}
                    className="font-medium break-words text-indigo-700 underline dark:text-indigo-300"
                  >
                    {ticket.subject}
                  </Link>
                  <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                    {t(`support.categories.${ticket.category}`)} · {t(`support.priorities.${ticket.priority}`)} ·{" "}
                    {t("support.updated", { date: ticket.updatedText })}
                  </p>
                </div>
                <TicketStatusBadge status={ticket.status} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <Section variant="outline" titleId="new-ticket-title" title={t("support.newTicket")} bodyClassName="">
        <NewTicketForm />
      </Section>

      <section aria-labelledby="faq-title">
        <h2 id="faq-title" className="text-lg font-semibold">
          {t("support.faqTitle")}
        </h2>
        <div className="mt-3 space-y-2">
          {FAQ_ITEMS.map((item) => (
            <details key={item} className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
              <summary className="cursor-pointer font-medium">{t(`support.faq.q${item}`)}</summary>
              <p className="mt-2 text-slate-700 dark:text-slate-300">{t(`support.faq.a${item}`)}</p>
            </details>
          ))}
        </div>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
