import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { replySchema } from "../../core/content-forms";
import { TicketStatusBadge, useSupportErrors } from "../components/content/support";
import { GeneralErrorBoundary, errorTitle, notFoundResponse } from "../components/error-boundary";
import { BUTTON_CLASS, ErrorList, Field, INPUT_CLASS, SECONDARY_BUTTON_CLASS } from "../components/ui/form";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { getTranslator } from "../server/i18n.server";
import { readUserApi, requireAuth, sessionHeaders, userApi } from "../server/session.server";
import { dateTime } from "../server/support.server";
import { redirectWithToast } from "../server/toast.server";
import { useSchemaForm } from "../components/ui/form-hooks";

// /dashboard/support/{id}: one ticket's conversation, a reply form and closing (named intents).

export const handle = { i18n: ["account", "content/support"] } satisfies I18nHandle;

export const TICKET_INTENTS = { reply: "reply", close: "close" } as const;

const isTicketId = (value: string | undefined): value is string =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/u.test(value ?? "");

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  if (!isTicketId(params.id)) notFoundResponse();
  const [{ locale }, answer] = await Promise.all([
    getTranslator(request, ["content"]),
    userApi(context, request, auth)
      .api.v1.support.tickets[":id"].$get({ param: { id: params.id } })
      .then((response) => readUserApi(request, context, response)),
  ]);
  if (!answer.ok) {
    if (answer.status === 404) notFoundResponse();
    throw new Response(answer.message, { status: answer.status >= 500 ? answer.status : 500 });
  }
  return data(
    {
      ticket: { ...answer.data.ticket, createdText: dateTime(answer.data.ticket.created_at, locale) },
      messages: answer.data.messages.map((message) => ({
        ...message,
        createdText: dateTime(message.created_at, locale),
      })),
    },
    { headers: await sessionHeaders(request, context) },
  );
}
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : `${data?.ticket.subject ?? "Ticket"} · Trinity` },
];

export async function action({ request, context, params }: ActionFunctionArgs) {
  const auth = await requireAuth(request, context);
  if (!isTicketId(params.id)) notFoundResponse();
  const id = params.id;
  const formData = await request.formData();
  const { t } = await getTranslator(request, ["content"]);
  const tickets = userApi(context, request, auth).api.v1.support.tickets[":id"];
  const headers = await sessionHeaders(request, context);
  const reply = (result: SubmissionResult<string[]> | null, message: string | null, status: number) =>
    data({ result, message }, { status, headers });
  const done = (description: string) =>
    redirectWithToast(`/dashboard/support/${id}`, { type: "success", description }, { status: 303, headers });

  switch (formData.get("intent")) {
    case TICKET_INTENTS.reply: {
      const submission = parseWithZod(formData, { schema: replySchema });
      if (submission.status !== "success") return reply(submission.reply(), null, 400);
      const answer = await readUserApi(
        request,
        context,
        await tickets.replies.$post({ param: { id }, json: submission.value }),
      );
      if (!answer.ok) {
        if (answer.status === 404) notFoundResponse();
        return reply(submission.reply({ formErrors: [t("support.failed")] }), null, answer.status === 400 ? 400 : 503);
      }
      return done(t("support.replied"));
    }
    case TICKET_INTENTS.close: {
      const answer = await readUserApi(request, context, await tickets.close.$post({ param: { id } }));
      if (!answer.ok) {
        if (answer.status === 404) notFoundResponse();
        return reply(null, t("support.failed"), 503);
      }
      return done(t("support.closed"));
    }
    default:
      return reply(null, t("support.unknownIntent"), 400);
  }
}

function ReplyForm({ closed }: { closed: boolean }) {
  const { t } = useTranslation("content");
  const translate = useSupportErrors();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === TICKET_INTENTS.reply;
  const [form, fields] = useSchemaForm({
    id: "ticket-reply",
    schema: () => import("../../core/content-forms").then((m) => m.replySchema),
    lastResult: actionData?.result ?? undefined,
    validateOn: "onBlur",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value={TICKET_INTENTS.reply} />
      <Field
        id={fields.body.id}
        label={t("support.reply")}
        hint={closed ? t("support.reopenHint") : undefined}
        errors={translate(fields.body.errors)}
      >
        <textarea
          {...getTextareaProps(fields.body, closed ? { ariaDescribedBy: `${fields.body.id}-hint` } : undefined)}
          rows={5}
          maxLength={5000}
          className={INPUT_CLASS}
        />
      </Field>
      <ErrorList id={form.errorId} errors={form.errors} />
      <button type="submit" className={BUTTON_CLASS} aria-busy={busy} disabled={busy}>
        {t("support.sendReply")}
      </button>
    </Form>
  );
}

export default function TicketPage() {
  const { ticket, messages } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("content");
  return (
    <div className="space-y-8">
      <p>
        <Link to="/dashboard/support" className="text-sm font-medium text-indigo-700 underline dark:text-indigo-300">
          ← {t("support.back")}
        </Link>
      </p>
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight break-words">{ticket.subject}</h1>
        <p className="flex flex-wrap items-center gap-3 text-sm text-slate-600 dark:text-slate-400">
          <TicketStatusBadge status={ticket.status} />
          <span>{t(`support.categories.${ticket.category}`)}</span>
          <span>
            {t("support.priority")}: {t(`support.priorities.${ticket.priority}`)}
          </span>
        </p>
      </header>

      <section aria-labelledby="conversation-title">
        <h2 id="conversation-title" className="text-lg font-semibold">
          {t("support.conversation")}
        </h2>
        <ol className="mt-3 space-y-4">
          {messages.map((message) => (
            <li
              key={message.id}
              className={`rounded-2xl border p-4 ${message.author === "support" ? "border-indigo-200 bg-indigo-50 dark:border-indigo-900 dark:bg-indigo-950" : "border-slate-200 dark:border-slate-800"}`}
            >
              <p className="text-sm font-semibold">
                {message.author === "support" ? t("support.fromSupport") : t("support.fromYou")}
                <span className="font-normal text-slate-600 dark:text-slate-400">
                  {" "}
                  · <time dateTime={message.created_at}>{message.createdText}</time>
                </span>
              </p>
              <p className="mt-2 whitespace-pre-wrap break-words">{message.body}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="space-y-4 rounded-2xl border border-slate-200 p-6 dark:border-slate-800">
        <ReplyForm key={messages.length} closed={ticket.status === "closed"} />
        {ticket.status === "closed" ? null : (
          <Form method="post">
            <input type="hidden" name="intent" value={TICKET_INTENTS.close} />
            <button type="submit" className={SECONDARY_BUTTON_CLASS}>
              {t("support.close")}
            </button>
          </Form>
        )}
        {actionData?.message ? <ErrorList errors={[actionData.message]} /> : null}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
