import { getCollectionProps, getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { API_TOKEN_MESSAGES, API_TOKEN_NAME_MAX, API_TOKEN_SCOPES } from "../../../core/auth/api-token-limits";
import { DATE_LOCALE_TAGS, type Locale } from "../../../core/locale";
import type { ApiToken } from "../../../workers/api/contract/api-tokens";
import { BUTTON_CLASS, ErrorList, Field, INPUT_CLASS } from "../ui/form";
import { NoticeCard, PostButton } from "../ui/confirm-card";
import { CopyField } from "../ui/copy-field";
import { DataTable, type Column } from "../ui/data-table";
import { useBusy, useLastResult, useResetAfterSuccess, useSchemaForm } from "../ui/form-hooks";
import { API_TOKEN_EXPIRY_OPTIONS, API_TOKEN_INTENTS, EXPIRY_MESSAGE } from "./api-token-options";

// Personal API tokens on the account-security page (issue 20): the create form (name, scopes,
// expiry), the new secret shown once with a copy hint, and the table of tokens with Revoke. Each
// form posts an intent to the page's action; everything works without JavaScript.

/** The form's schema messages in the page's language. */
function useTokenErrorText(): (message: string) => string {
  const { t } = useTranslation("security");
  return (message: string) => {
    switch (message) {
      case API_TOKEN_MESSAGES.nameRequired:
        return t("apiTokens.errors.nameRequired");
      case API_TOKEN_MESSAGES.nameTooLong:
        return t("apiTokens.errors.nameTooLong", { max: API_TOKEN_NAME_MAX });
      case API_TOKEN_MESSAGES.scopes:
        return t("apiTokens.errors.scopes");
      case API_TOKEN_MESSAGES.scopesEmpty:
        return t("apiTokens.errors.scopesEmpty");
      case EXPIRY_MESSAGE:
        return t("apiTokens.errors.expiry");
      default:
        return message;
    }
  };
}

function formatDay(iso: string, locale: Locale): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(DATE_LOCALE_TAGS[locale], { dateStyle: "medium", timeZone: "UTC" }).format(date);
}

function formatMoment(iso: string, locale: Locale): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(DATE_LOCALE_TAGS[locale], {
        dateStyle: "medium",
        timeStyle: "short",
        timeZone: "UTC",
      }).format(date) + " UTC";
}

function CreateApiTokenForm() {
  const { t } = useTranslation("security");
  const errorText = useTokenErrorText();
  const busy = useBusy(API_TOKEN_INTENTS.create);
  const [form, fields] = useSchemaForm({
    id: "create-api-token-form",
    schema: () => import("./api-token-forms").then((m) => m.createApiTokenFormSchema),
    lastResult: useLastResult(API_TOKEN_INTENTS.create),
    defaultValue: { expiry: "30" },
    validateOn: "onBlur",
  });
  useResetAfterSuccess(API_TOKEN_INTENTS.create, form.reset);
  const scopeOptions = getCollectionProps(fields.scopes, { type: "checkbox", options: [...API_TOKEN_SCOPES] });
  return (
    <Form method="post" {...getFormProps(form)} className="grid max-w-xl gap-4" data-testid="api-token-create">
      <input type="hidden" name="intent" value={API_TOKEN_INTENTS.create} />
      <h4 className="font-semibold">{t("apiTokens.createHeading")}</h4>
      <Field
        id={fields.name.id}
        label={t("apiTokens.nameLabel")}
        errors={fields.name.errors?.map(errorText)}
        hint={t("apiTokens.nameHint")}
      >
        <input
          {...getInputProps(fields.name, { type: "text", ariaDescribedBy: `${fields.name.id}-hint` })}
          maxLength={API_TOKEN_NAME_MAX}
          autoComplete="off"
          className={INPUT_CLASS}
        />
      </Field>
      <fieldset aria-describedby={`${fields.scopes.id}-error`}>
        <legend className="block text-sm font-medium text-slate-800 dark:text-slate-200">
          {t("apiTokens.scopesLegend")}
        </legend>
        <div className="mt-2 space-y-2">
          {scopeOptions.map(({ key, ...props }) => (
            <label key={key} className="flex items-start gap-2 text-sm">
              <input
                {...props}
                className="mt-0.5 h-4 w-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-500"
              />
              <span>{t(`apiTokens.scope.${props.value as (typeof API_TOKEN_SCOPES)[number]}`)}</span>
            </label>
          ))}
        </div>
        <ErrorList id={`${fields.scopes.id}-error`} errors={fields.scopes.errors?.map(errorText)} />
      </fieldset>
      <Field id={fields.expiry.id} label={t("apiTokens.expiryLabel")} errors={fields.expiry.errors?.map(errorText)}>
        <select {...getSelectProps(fields.expiry)} className={INPUT_CLASS}>
          {API_TOKEN_EXPIRY_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {t(`apiTokens.expiry.${option}`)}
            </option>
          ))}
        </select>
      </Field>
      <ErrorList id={form.errorId} errors={form.errors} />
      <div>
        <button type="submit" className={BUTTON_CLASS} aria-busy={busy} disabled={busy}>
          {t("apiTokens.create")}
        </button>
      </div>
    </Form>
  );
}

/** The new secret, until "I copied it": selectable text, and a Copy button once JavaScript runs. */
function NewApiToken({ name, token }: { name: string; token: string }) {
  const { t } = useTranslation("security");
  return (
    <NoticeCard title={t("apiTokens.newHeading", { name })} intro={t("apiTokens.newIntro")} testId="new-api-token" live>
      <CopyField
        id="new-api-token-secret"
        label={t("apiTokens.secretLabel")}
        value={token}
        hint={t("apiTokens.copyHint")}
        copyLabel={t("apiTokens.copy")}
        copiedLabel={t("apiTokens.copied")}
        testId="new-api-token-secret"
      />
      <PostButton
        fields={{ intent: API_TOKEN_INTENTS.dismiss }}
        label={t("apiTokens.dismiss")}
        className={BUTTON_CLASS}
      />
    </NoticeCard>
  );
}

function RevokeButton({ token }: { token: ApiToken }) {
  const { t } = useTranslation("security");
  const busy = useBusy(API_TOKEN_INTENTS.revoke, token.id);
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={API_TOKEN_INTENTS.revoke} />
      <input type="hidden" name="id" value={token.id} />
      <button
        type="submit"
        aria-label={t("apiTokens.revokeLabel", { name: token.name })}
        aria-busy={busy}
        disabled={busy}
        className="rounded-md border border-rose-300 px-3 py-1 text-sm font-semibold text-rose-800 hover:bg-rose-50 focus:outline-none focus:ring-2 focus:ring-rose-500 disabled:opacity-60 dark:border-rose-700 dark:text-rose-200 dark:hover:bg-rose-950"
      >
        {t("apiTokens.revoke")}
      </button>
    </Form>
  );
}

function ApiTokenTable({ tokens, locale, now }: { tokens: ApiToken[]; locale: Locale; now: number }) {
  const { t } = useTranslation("security");
  if (tokens.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
        {t("apiTokens.empty")}
      </p>
    );
  }
  const columns: Column<ApiToken>[] = [
    {
      key: "name",
      header: t("apiTokens.columns.name"),
      rowHeader: true,
      className: "py-2 pr-4 font-medium",
      cell: (token) => (
        <>
          {token.name}
          <span className="block font-mono text-xs font-normal text-slate-600 dark:text-slate-400">{token.hint}</span>
        </>
      ),
    },
    {
      key: "scopes",
      header: t("apiTokens.columns.scopes"),
      cell: (token) => token.scopes.map((scope) => t(`apiTokens.scopeShort.${scope}`)).join(", "),
    },
    {
      key: "created",
      header: t("apiTokens.columns.created"),
      cell: (token) => <time dateTime={token.created_at}>{formatDay(token.created_at, locale)}</time>,
    },
    {
      key: "last-used",
      header: t("apiTokens.columns.lastUsed"),
      cell: (token) =>
        token.last_used_at ? (
          <time dateTime={token.last_used_at}>{formatMoment(token.last_used_at, locale)}</time>
        ) : (
          t("apiTokens.neverUsed")
        ),
    },
    {
      key: "expires",
      header: t("apiTokens.columns.expires"),
      cell: (token) =>
        token.expires_at ? (
          <>
            <time dateTime={token.expires_at}>{formatDay(token.expires_at, locale)}</time>
            {Date.parse(token.expires_at) <= now ? (
              <span className="ml-1 inline-block rounded-full bg-rose-100 px-2 py-0.5 text-xs font-semibold text-rose-900 dark:bg-rose-900 dark:text-rose-50">
                {t("apiTokens.expired")}
              </span>
            ) : null}
          </>
        ) : (
          t("apiTokens.never")
        ),
    },
    {
      key: "actions",
      header: <span className="sr-only">{t("apiTokens.columns.actions")}</span>,
      headerClassName: "py-2 font-semibold",
      className: "py-2",
      cell: (token) => <RevokeButton token={token} />,
    },
  ];
  return (
    <div className="overflow-x-auto">
      <DataTable
        columns={columns}
        rows={tokens}
        rowKey={(token) => token.id}
        caption={t("apiTokens.caption")}
        testId="api-tokens"
        headRowClassName="border-b border-slate-200 text-slate-700 dark:border-slate-700 dark:text-slate-300"
        headerClassName="py-2 pr-4 font-semibold"
        cellClassName="py-2 pr-4"
        rowClassName="border-b border-slate-100 align-top last:border-0 dark:border-slate-800"
      />
    </div>
  );
}

/** The section's body: the new secret (once), the token list, the create form. */
export function ApiTokensPanel({
  tokens,
  created,
  locale,
  now,
}: {
  tokens: ApiToken[] | null;
  created: { name: string; token: string } | null;
  locale: Locale;
  /** The loader's clock (ms), so server and browser agree on what has expired. */
  now: number;
}) {
  const { t } = useTranslation(["security", "account"]);
  const revokeResult = useLastResult(API_TOKEN_INTENTS.revoke);
  return (
    <div className="space-y-6">
      {created ? <NewApiToken name={created.name} token={created.token} /> : null}
      {tokens ? (
        <ApiTokenTable tokens={tokens} locale={locale} now={now} />
      ) : (
        <p role="alert">{t("account:serverError")}</p>
      )}
      <ErrorList errors={revokeResult?.error?.[""] ?? undefined} />
      <CreateApiTokenForm />
    </div>
  );
}
