import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "../i18n/use-format";
import {
  lockFormSchema,
  nameserversFormSchema,
  passwordFormSchema,
  renewFormSchema,
  toggleFormSchema,
  isManageable,
} from "../../core/my-domains";
import { formatDay } from "../../core/format";
import {
  IntentField,
  useActionMessage,
  useBusy,
  useLastResult,
  type DomainActionData,
} from "../components/domains/forms";
import { StatusBadge } from "../components/domains/status";
import { GeneralErrorBoundary, errorTitle, notFoundResponse } from "../components/error-boundary";
import {
  BUTTON_CLASS,
  DANGER_BUTTON_CLASS,
  ErrorList,
  Field,
  INPUT_CLASS,
  SECONDARY_BUTTON_CLASS,
} from "../components/ui/form";
import { Section } from "../components/ui/section";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { apiErrorText, isCode } from "../i18n/api-errors";
import type { ApiResult, ReadableResponse } from "../server/api.server";
import { getTranslator } from "../server/i18n.server";
import { readUserApi, requireAuth, sessionHeaders, userApi } from "../server/session.server";
import { redirectWithToast } from "../server/toast.server";
import type { UserDomainDetail } from "../../workers/api/contract/my-domains";

/**
 * One domain (issue 14): status with its explanation and next step, renew/restore into the
 * cart, lock (password), auto-renewal (needs a saved card), WHOIS privacy, DNSSEC,
 * nameservers, delete (password). Each is a real form to this route's action (named intents,
 * 303 + toast on success, 400 with the form's reply on failure); another user's domain is 404.
 */
export const DOMAIN_INTENTS = {
  renew: "renew",
  lock: "lock",
  autoRenew: "auto-renew",
  privacy: "whois-privacy",
  dnssec: "dnssec",
  nameservers: "nameservers",
  delete: "delete",
} as const;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const name = params.domain ?? "";
  const [{ t, locale }, answer] = await Promise.all([
    getTranslator(request, ["domains"]),
    userApi(context, request, auth)
      .api.v1["user-domains"][":id"].$get({ param: { id: name } })
      .then((response) => readUserApi(request, context, response)),
  ]);
  if (!answer.ok) {
    if (answer.status === 404 || answer.status === 400) notFoundResponse();
    throw new Response(answer.message, { status: 500 });
  }
  const domain = answer.data;
  return {
    title: t("detail.metaTitle", { domain: domain.unicode }),
    domain,
    dates: {
      expires: formatDay(locale, domain.expires_at),
      registered: formatDay(locale, domain.registered_at),
      graceEnds: formatDay(locale, domain.registry?.grace_ends_at ?? null),
      redemptionEnds: formatDay(locale, domain.registry?.redemption_ends_at ?? null),
    },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "My domains") },
];

/** The API's refusal as a translated text (SPEC §8: settings and transfer texts). */
export function failureText(t: TFunction, answer: Extract<ApiResult<unknown>, { ok: false }>): string {
  return apiErrorText(t, answer, "domains");
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const auth = await requireAuth(request, context);
  const name = params.domain ?? "";
  const formData = await request.formData();
  const intent = formData.get("intent");
  const { t } = await getTranslator(request, ["domains"]);
  const v1 = userApi(context, request, auth).api.v1;
  const path = `/dashboard/domains/${encodeURIComponent(name)}`;
  const reply = async (value: DomainActionData, status: number) =>
    data(value, { status, headers: await sessionHeaders(request, context) });
  const done = async (description: string, to = path) =>
    redirectWithToast(
      to,
      { type: "success", description },
      { status: 303, headers: await sessionHeaders(request, context) },
    );
  const read = <R extends ReadableResponse>(response: R) => readUserApi(request, context, response);
  const status = (answer: { status: number }) => (answer.status >= 500 ? 500 : answer.status === 404 ? 404 : 400);

  switch (intent) {
    case DOMAIN_INTENTS.renew: {
      const submission = parseWithZod(formData, { schema: renewFormSchema });
      if (submission.status !== "success") return reply({ intent, result: submission.reply(), message: null }, 400);
      const answer = await read(
        await v1["user-domains"][":id"].renew.$post({ param: { id: name }, json: submission.value }),
      );
      if (!answer.ok)
        return reply(
          { intent, result: submission.reply({ formErrors: [failureText(t, answer)] }), message: null },
          status(answer),
        );
      return done(
        t(answer.data.operation === "restore" ? "detail.restoreAdded" : "detail.renewAdded", { domain: name }),
        "/cart",
      );
    }
    case DOMAIN_INTENTS.lock: {
      const submission = parseWithZod(formData, { schema: lockFormSchema });
      if (submission.status !== "success") return reply({ intent, result: submission.reply(), message: null }, 400);
      const answer = await read(
        await v1.domains.dns[":domain"]["domain-lock"].$put({ param: { domain: name }, json: submission.value }),
      );
      if (!answer.ok) {
        const text = failureText(t, answer);
        const result = isCode(answer, "invalid_password")
          ? submission.reply({ fieldErrors: { password: [text] } })
          : submission.reply({ formErrors: [text] });
        return reply({ intent, result, message: null }, status(answer));
      }
      return done(t(submission.value.locked ? "detail.lockEnabled" : "detail.lockDisabled"));
    }
    case DOMAIN_INTENTS.autoRenew:
    case DOMAIN_INTENTS.privacy:
    case DOMAIN_INTENTS.dnssec: {
      const submission = parseWithZod(formData, { schema: toggleFormSchema });
      if (submission.status !== "success")
        return reply({ intent, result: submission.reply(), message: t("errors.unknownIntent") }, 400);
      const on = submission.value.enabled;
      const route = v1["user-domains"][":id"];
      const response =
        intent === DOMAIN_INTENTS.autoRenew
          ? await route["auto-renew"].$put({ param: { id: name }, json: { auto_renew: on } })
          : intent === DOMAIN_INTENTS.privacy
            ? await route["whois-privacy"].$put({ param: { id: name }, json: { whois_privacy: on } })
            : await route.dnssec.$put({ param: { id: name }, json: { dnssec: on } });
      const answer = await read(response);
      if (!answer.ok) {
        const text = apiErrorText(t, answer, intent === DOMAIN_INTENTS.autoRenew ? "domains.autoRenew" : "domains");
        return reply({ intent, result: null, message: text }, status(answer));
      }
      const key =
        intent === DOMAIN_INTENTS.autoRenew
          ? on
            ? "autoRenewEnabled"
            : "autoRenewDisabled"
          : intent === DOMAIN_INTENTS.privacy
            ? on
              ? "privacyEnabled"
              : "privacyDisabled"
            : on
              ? "dnssecEnabled"
              : "dnssecDisabled";
      return done(t(`detail.${key}`));
    }
    case DOMAIN_INTENTS.nameservers: {
      const submission = parseWithZod(formData, { schema: nameserversFormSchema });
      if (submission.status !== "success") return reply({ intent, result: submission.reply(), message: null }, 400);
      const answer = await read(
        await v1.dns.domains[":domain"].nameservers.$put({ param: { domain: name }, json: submission.value }),
      );
      if (!answer.ok)
        return reply(
          { intent, result: submission.reply({ formErrors: [failureText(t, answer)] }), message: null },
          status(answer),
        );
      return done(t("detail.nameserversSaved"));
    }
    case DOMAIN_INTENTS.delete: {
      const submission = parseWithZod(formData, { schema: passwordFormSchema });
      if (submission.status !== "success") return reply({ intent, result: submission.reply(), message: null }, 400);
      const answer = await read(
        await v1.dns.domains[":domain"].$delete({ param: { domain: name }, json: submission.value }),
      );
      if (!answer.ok) {
        const text = failureText(t, answer);
        const result = isCode(answer, "invalid_password")
          ? submission.reply({ fieldErrors: { password: [text] } })
          : submission.reply({ formErrors: [text] });
        return reply({ intent, result, message: null }, status(answer));
      }
      return done(t("detail.deleted", { domain: name }));
    }
    default:
      return reply({ intent: null, result: null, message: t("errors.unknownIntent") }, 400);
  }
}

export const handle = { i18n: ["account", "dashboard", "domains"] } satisfies I18nHandle;
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 break-words font-medium sm:text-right">{children}</dd>
    </div>
  );
}

/** One on/off switch as a form: the button says what it does. */
function ToggleForm({
  intent,
  on,
  text,
  onText,
  offText,
}: {
  intent: string;
  on: boolean;
  text: string;
  onText: string;
  offText: string;
}) {
  const busy = useBusy(intent);
  const message = useActionMessage(intent);
  return (
    // The button stays enabled while busy (a disabled one drops the keyboard focus to the page
    // body, issue 19 point 8): a second press is ignored, and the focus stays on it for "Turn off".
    <Form
      method="post"
      preventScrollReset
      className="space-y-2"
      onSubmit={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      <p className="text-sm">{text}</p>
      <IntentField intent={intent} />
      <input type="hidden" name="enabled" value={on ? "false" : "true"} />
      <button
        type="submit"
        className={`${SECONDARY_BUTTON_CLASS} aria-disabled:opacity-60`}
        aria-busy={busy}
        aria-disabled={busy || undefined}
      >
        {on ? offText : onText}
      </button>
      <ErrorList errors={message ? [message] : undefined} />
    </Form>
  );
}

function PasswordField({ field, t }: { field: Parameters<typeof getInputProps>[0]; t: TFunction }) {
  return (
    <Field
      id={field.id}
      label={t("domains:detail.password")}
      errors={field.errors}
      hint={t("domains:detail.passwordHint")}
    >
      <input
        {...getInputProps(field, { type: "password", ariaDescribedBy: `${field.id}-hint` })}
        autoComplete="current-password"
        className={INPUT_CLASS}
      />
    </Field>
  );
}

function LockForm({ locked }: { locked: boolean }) {
  const { t } = useTranslation(["domains", "account"]);
  const busy = useBusy(DOMAIN_INTENTS.lock);
  const [form, fields] = useForm({
    id: "lock-form",
    lastResult: useLastResult(DOMAIN_INTENTS.lock),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: lockFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid max-w-md gap-3">
      <p className="text-sm">{locked ? t("detail.lockOn") : t("detail.lockOff")}</p>
      <IntentField intent={DOMAIN_INTENTS.lock} />
      <input type="hidden" name="locked" value={locked ? "false" : "true"} />
      <PasswordField field={fields.password} t={t} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div>
        <button type="submit" className={BUTTON_CLASS} aria-busy={busy} disabled={busy}>
          {locked ? t("detail.unlock") : t("detail.lock")}
        </button>
      </div>
    </Form>
  );
}

function NameserversForm({ nameservers }: { nameservers: string[] }) {
  const { t } = useTranslation(["domains", "account"]);
  const busy = useBusy(DOMAIN_INTENTS.nameservers);
  const [form, fields] = useForm({
    id: "nameservers-form",
    lastResult: useLastResult(DOMAIN_INTENTS.nameservers),
    defaultValue: { nameservers: nameservers.join("\n") },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: nameserversFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // Every schema message about the list becomes the one translated rule.
  const errors = fields.nameservers.errors?.length ? [t("errors.nameservers")] : undefined;
  return (
    <Form method="post" {...getFormProps(form)} className="grid max-w-md gap-3">
      <IntentField intent={DOMAIN_INTENTS.nameservers} />
      <Field
        id={fields.nameservers.id}
        label={t("detail.nameserversLabel")}
        errors={errors}
        hint={t("detail.nameserversHint")}
      >
        <textarea
          {...getTextareaProps(fields.nameservers, { ariaDescribedBy: `${fields.nameservers.id}-hint` })}
          rows={4}
          spellCheck={false}
          autoCapitalize="none"
          className={`${INPUT_CLASS} font-mono`}
        />
      </Field>
      <ErrorList id={form.errorId} errors={form.errors} />
      <div>
        <button type="submit" className={BUTTON_CLASS} aria-busy={busy} disabled={busy}>
          {t("detail.nameserversSave")}
        </button>
      </div>
    </Form>
  );
}

function RenewForm({ renewal, unicode }: { renewal: NonNullable<UserDomainDetail["renewal"]>; unicode: string }) {
  const { t } = useTranslation(["domains", "account"]);
  const { money } = useFormat();
  const busy = useBusy(DOMAIN_INTENTS.renew);
  const [form, fields] = useForm({
    id: "renew-form",
    lastResult: useLastResult(DOMAIN_INTENTS.renew),
    defaultValue: { years: "1" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: renewFormSchema }),
    shouldValidate: "onSubmit",
  });
  const restore = renewal.operation === "restore";
  return (
    <Form method="post" {...getFormProps(form)} className="grid max-w-md gap-3">
      <IntentField intent={DOMAIN_INTENTS.renew} />
      {restore ? (
        <>
          <input type="hidden" name="years" value="1" />
          <p className="text-sm">{t("detail.restoreFee", { price: money(renewal.price_per_year) })}</p>
        </>
      ) : (
        <>
          <Field
            id={fields.years.id}
            label={t("detail.renewYears")}
            errors={fields.years.errors?.length ? [t("errors.years", { max: renewal.max_years })] : undefined}
            hint={t("detail.renewMax", { count: renewal.max_years })}
          >
            <select
              {...getInputProps(fields.years, { type: "text", ariaDescribedBy: `${fields.years.id}-hint` })}
              className={INPUT_CLASS}
            >
              {Array.from({ length: renewal.max_years }, (_, index) => index + 1).map((years) => (
                <option key={years} value={String(years)}>
                  {years} — {money(renewal.price_per_year * years)}
                </option>
              ))}
            </select>
          </Field>
        </>
      )}
      <ErrorList id={form.errorId} errors={form.errors} />
      <div>
        <button type="submit" className={BUTTON_CLASS} aria-busy={busy} disabled={busy}>
          {restore ? t("detail.restoreButton") : t("detail.renewButton")}
          <span className="sr-only"> {unicode}</span>
        </button>
      </div>
    </Form>
  );
}

function DeleteForm({ unicode }: { unicode: string }) {
  const { t } = useTranslation(["domains", "account"]);
  const busy = useBusy(DOMAIN_INTENTS.delete);
  const lastResult = useLastResult(DOMAIN_INTENTS.delete);
  const [form, fields] = useForm({
    id: "delete-form",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordFormSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <details className="group" open={lastResult ? true : undefined}>
      <summary
        className={`${SECONDARY_BUTTON_CLASS} cursor-pointer list-none text-rose-700 dark:text-rose-300 [&::-webkit-details-marker]:hidden`}
      >
        {t("detail.deleteOpen")}
      </summary>
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-3 grid max-w-md gap-3 rounded-lg border border-rose-300 bg-rose-50 p-4 dark:border-rose-800 dark:bg-rose-950"
      >
        <p className="text-sm">{t("detail.deleteText")}</p>
        <IntentField intent={DOMAIN_INTENTS.delete} />
        <PasswordField field={fields.password} t={t} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div>
          <button type="submit" className={DANGER_BUTTON_CLASS} aria-busy={busy} disabled={busy}>
            {t("detail.deleteConfirm", { domain: unicode })}
          </button>
        </div>
      </Form>
    </details>
  );
}

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
          <Section bodyClassName="mt-3 space-y-3" titleId="auto-renew-title" title={t("detail.autoRenewHeading")}>
            <ToggleForm
              intent={DOMAIN_INTENTS.autoRenew}
              on={domain.auto_renew}
              text={domain.auto_renew ? t("detail.autoRenewOn") : t("detail.autoRenewOff")}
              onText={t("detail.turnOn")}
              offText={t("detail.turnOff")}
            />
            <p className="text-sm">
              <Link
                to="/dashboard/billing"
                className="text-indigo-700 underline underline-offset-2 dark:text-indigo-300"
              >
                {t("detail.addCard")}
              </Link>
            </p>
          </Section>
          <Section bodyClassName="mt-3 space-y-3" titleId="privacy-title" title={t("detail.privacyHeading")}>
            <ToggleForm
              intent={DOMAIN_INTENTS.privacy}
              on={domain.whois_privacy}
              text={domain.whois_privacy ? t("detail.privacyOn") : t("detail.privacyOff")}
              onText={t("detail.turnOn")}
              offText={t("detail.turnOff")}
            />
          </Section>
          <Section bodyClassName="mt-3 space-y-3" titleId="dnssec-title" title={t("detail.dnssecHeading")}>
            <ToggleForm
              intent={DOMAIN_INTENTS.dnssec}
              on={domain.dnssec}
              text={domain.dnssec ? t("detail.dnssecOn") : t("detail.dnssecOff")}
              onText={t("detail.turnOn")}
              offText={t("detail.turnOff")}
            />
          </Section>
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
