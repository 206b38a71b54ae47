import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { passwordFormSchema, transferPossibleFrom } from "../../core/my-domains";
import { formatDay } from "../../core/format";
import type { DomainActionData } from "../components/domains/forms";
import { useBusy, useLastResult, useSchemaForm } from "../components/ui/form-hooks";
import { PostButton } from "../components/ui/confirm-card";
import { Section } from "../components/ui/section";
import { GeneralErrorBoundary, errorTitle, notFoundResponse } from "../components/error-boundary";
import {
  BUTTON_CLASS,
  DANGER_BUTTON_CLASS,
  ErrorList,
  Field,
  INPUT_CLASS,
  IntentField,
  SECONDARY_BUTTON_CLASS,
} from "../components/ui/form";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { apiErrorText } from "../i18n/api-errors";
import { getTranslator } from "../server/i18n.server";
import { readUserApi, requireAuth, sessionHeaders, userApi } from "../server/session.server";
import { redirectWithToast } from "../server/toast.server";
import { passwordRefusal, statusOf } from "../server/domain-actions.server";
import { ownDomainAndTexts } from "../server/domain-detail.server";
import { PasskeyConfirmButton } from "../components/passkeys/confirm-button";

/**
 * Transfer out (issue 14): unlock (on the domain page), reveal the auth code with the account
 * password (shown once in the answer, never stored by the page), and answer the gaining
 * registrar's pending request (approve now or refuse; the registry approves after 5 days).
 */
export const TRANSFER_OUT_INTENTS = { reveal: "reveal", approve: "approve", reject: "reject" } as const;

type TransferActionData = DomainActionData & { authCode?: string };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const name = params.domain ?? "";
  const [{ t, locale }, answer] = await ownDomainAndTexts(request, context, auth, name);
  if (!answer.ok) {
    if (answer.status < 500) notFoundResponse();
    throw new Response(answer.message, { status: 500 });
  }
  const domain = answer.data;
  const transfer = domain.transfer?.direction === "out" ? domain.transfer : null;
  // The 60-day lock is told before the password is asked for (the API checks it only after the password).
  const possibleFrom = transferPossibleFrom([
    domain.registry?.transferred_at,
    domain.registry?.created_at ?? domain.registered_at,
  ]);
  const tooSoonUntil =
    possibleFrom !== null && Date.parse(possibleFrom) > Date.now() ? formatDay(locale, possibleFrom) : null;
  return {
    title: t("transferOut.metaTitle", { domain: domain.unicode }),
    domain: { name: domain.name, unicode: domain.unicode, locked: domain.locked },
    tooSoonUntil,
    transfer: transfer
      ? {
          status: transfer.status,
          requested: formatDay(locale, transfer.requested_at),
          autoApprove: formatDay(locale, transfer.action_by),
        }
      : null,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "Transfer out") },
];

export async function action({ request, context, params }: ActionFunctionArgs) {
  const auth = await requireAuth(request, context);
  const name = params.domain ?? "";
  const formData = await request.formData();
  const intent = formData.get("intent");
  const { t } = await getTranslator(request, ["domains"]);
  const dns = userApi(context, request, auth).api.v1.dns.domains[":domain"];
  const path = `/dashboard/domains/${encodeURIComponent(name)}/transfer-out`;
  const headers = await sessionHeaders(request, context);
  const reply = (value: TransferActionData, status: number) => data(value, { status, headers });

  switch (intent) {
    case TRANSFER_OUT_INTENTS.reveal: {
      const submission = parseWithZod(formData, { schema: passwordFormSchema });
      if (submission.status !== "success") return reply({ intent, result: submission.reply(), message: null }, 400);
      const answer = await readUserApi(
        request,
        context,
        await dns["auth-code"].$post({ param: { domain: name }, json: submission.value }),
      );
      if (!answer.ok)
        return reply({ intent, result: passwordRefusal(submission, answer, t), message: null }, statusOf(answer));
      // Shown in this answer only; the password field is emptied.
      return reply(
        { intent, result: submission.reply({ resetForm: true }), message: null, authCode: answer.data.auth_code },
        200,
      );
    }
    case TRANSFER_OUT_INTENTS.approve:
    case TRANSFER_OUT_INTENTS.reject: {
      const route = dns["transfer-out"][intent];
      const answer = await readUserApi(request, context, await route.$post({ param: { domain: name } }));
      if (!answer.ok) {
        const text = apiErrorText(t, answer, "domains.transferOutAnswer");
        return reply({ intent, result: null, message: text }, statusOf(answer));
      }
      return redirectWithToast(
        path,
        {
          type: "success",
          description: t(intent === TRANSFER_OUT_INTENTS.approve ? "transferOut.approved" : "transferOut.rejected"),
        },
        { status: 303, headers },
      );
    }
    default:
      return reply({ intent: null, result: null, message: t("errors.unknownIntent") }, 400);
  }
}

export const handle = {
  i18n: ["account", "domains/detail", "domains/dns", "domains/errors", "domains/transferOut"],
} satisfies I18nHandle;
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

function RevealForm() {
  const { t } = useTranslation(["domains", "account"]);
  const actionData = useActionData<TransferActionData>();
  const busy = useBusy(TRANSFER_OUT_INTENTS.reveal);
  const [form, fields] = useSchemaForm({
    id: "reveal-form",
    schema: () => import("../../core/my-domains").then((m) => m.passwordFormSchema),
    lastResult: useLastResult(TRANSFER_OUT_INTENTS.reveal),
    validateOn: "onSubmit",
    revalidateOn: "onSubmit",
  });
  const code = actionData?.intent === TRANSFER_OUT_INTENTS.reveal ? actionData.authCode : undefined;
  return (
    <div className="space-y-3">
      <Form method="post" {...getFormProps(form)} className="grid max-w-md gap-3">
        <IntentField intent={TRANSFER_OUT_INTENTS.reveal} />
        <Field
          id={fields.password.id}
          label={t("detail.password")}
          errors={fields.password.errors}
          hint={t("detail.passwordHint")}
        >
          <input
            {...getInputProps(fields.password, { type: "password", ariaDescribedBy: `${fields.password.id}-hint` })}
            autoComplete="current-password"
            className={INPUT_CLASS}
          />
        </Field>
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={BUTTON_CLASS} aria-busy={busy} disabled={busy}>
            {t("transferOut.reveal")}
          </button>
          <PasskeyConfirmButton />
        </div>
      </Form>
      {code ? (
        <div
          role="status"
          className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 dark:border-emerald-700 dark:bg-emerald-950"
        >
          <p className="text-sm font-semibold">{t("transferOut.code")}</p>
          <p className="mt-1 font-mono text-lg break-all select-all">{code}</p>
          <p className="mt-1 text-xs">{t("transferOut.codeHint")}</p>
        </div>
      ) : null}
    </div>
  );
}

export default function TransferOut() {
  const { t } = useTranslation(["domains", "account"]);
  const { domain, transfer, tooSoonUntil } = useLoaderData<typeof loader>();
  const actionData = useActionData<TransferActionData>();
  const base = `/dashboard/domains/${domain.name}`;
  const answerMessage = actionData && actionData.intent !== TRANSFER_OUT_INTENTS.reveal ? actionData.message : null;

  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <Link to={base} className="text-sm text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300">
          ← {t("dns.back", { domain: domain.unicode })}
        </Link>
        <h1 className="text-3xl font-bold tracking-tight break-all">
          {t("transferOut.heading", { domain: domain.unicode })}
        </h1>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("transferOut.intro")}</p>
      </header>

      <Section titleId="step1-title" title={t("transferOut.step1")} bodyClassName="">
        <p className="mt-2 text-sm">{domain.locked ? t("transferOut.locked") : t("transferOut.unlocked")}</p>
        {domain.locked ? (
          <Link to={`${base}#lock-title`} className={`${SECONDARY_BUTTON_CLASS} mt-3`}>
            {t("transferOut.goUnlock")}
          </Link>
        ) : null}
      </Section>

      <Section titleId="step2-title" title={t("transferOut.step2")} bodyClassName="mt-3">
        {tooSoonUntil ? (
          <p className="text-sm">{t("transferOut.tooSoonUntil", { date: tooSoonUntil })}</p>
        ) : domain.locked ? (
          <p className="text-sm">{t("transferOut.unlockFirst")}</p>
        ) : (
          <RevealForm />
        )}
      </Section>

      <Section titleId="step3-title" title={t("transferOut.step3")} bodyClassName="">
        {transfer === null ? (
          <p className="mt-2 text-sm">{t("transferOut.noRequest")}</p>
        ) : transfer.status === "pending" ? (
          <div className="mt-2 space-y-3">
            <p className="text-sm">
              {t("transferOut.pending", {
                registrar: t("transferOut.newRegistrar"),
                date: transfer.requested,
                auto: transfer.autoApprove,
              })}
            </p>
            <div className="flex flex-wrap gap-2">
              <PostButton
                fields={{ intent: TRANSFER_OUT_INTENTS.approve }}
                label={t("transferOut.approve")}
                className={BUTTON_CLASS}
              />
              <PostButton
                fields={{ intent: TRANSFER_OUT_INTENTS.reject }}
                label={t("transferOut.reject")}
                className={DANGER_BUTTON_CLASS}
              />
            </div>
          </div>
        ) : (
          <p className="mt-2 text-sm">
            {t("transferOut.lastResult", { status: t(`transferOut.transferStatus.${transfer.status}`) })}
          </p>
        )}
        <ErrorList errors={answerMessage ? [answerMessage] : undefined} />
      </Section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
