import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { isCode } from "../../i18n/api-errors";
import { useFormat } from "../../i18n/use-format";
import { BUTTON_CLASS, ErrorList, Field, INPUT_CLASS, SECONDARY_BUTTON_CLASS } from "../ui/form";
import { useBusy, useSchemaForm } from "../ui/form-hooks";
import { TRANSFER_INTENTS } from "./intents";
import {
  TRANSFER_PATH,
  TRANSFER_STEPS,
  type TransferActionData,
  type TransferChecked,
  type TransferFailure,
  type TransferStep,
} from "./transfer-in-model";

/** The transfer-in wizard's steps (SPEC §2): the step list, Domain (a GET form), Auth Code, Review. */

function useFailureText(): (failure: TransferFailure | null) => string | null {
  const { t } = useTranslation("domains");
  return (failure) => {
    if (!failure) return null;
    if (
      isCode(failure, "not_transferable") &&
      failure.reason &&
      ["too_soon", "ten_years", "pending_transfer", "state"].includes(failure.reason)
    ) {
      return t(`transferIn.errors.notTransferable.${failure.reason}`);
    }
    if (failure.reason === "unknown_intent") return t("errors.unknownIntent");
    return t(`transferIn.errors.${failure.code}`);
  };
}

export function Steps({ current }: { current: TransferStep }) {
  const { t } = useTranslation("domains");
  const index = TRANSFER_STEPS.indexOf(current);
  return (
    <nav aria-label={t("transferIn.steps.label")} className="mt-8">
      <ol className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {TRANSFER_STEPS.map((step, position) => (
          <li
            key={step}
            aria-current={step === current ? "step" : undefined}
            className={`rounded-lg border px-3 py-2 text-sm ${
              step === current
                ? "border-indigo-600 bg-indigo-50 font-semibold text-indigo-900 dark:border-indigo-400 dark:bg-indigo-950 dark:text-indigo-100"
                : position < index
                  ? "border-slate-300 text-slate-700 dark:border-slate-700 dark:text-slate-300"
                  : "border-slate-200 text-slate-600 dark:border-slate-800 dark:text-slate-400"
            }`}
          >
            <span className="block text-xs">{t("transferIn.steps.number", { number: position + 1 })}</span>
            {t(`transferIn.steps.${step}`)}
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function DomainStep({ domain, failure }: { domain: string; failure: TransferFailure | null }) {
  const { t } = useTranslation("domains");
  const failureText = useFailureText()(failure);
  return (
    <section aria-labelledby="transfer-step-title" className="mt-8">
      <h2 id="transfer-step-title" className="text-xl font-semibold">
        {t("transferIn.domainHeading")}
      </h2>
      <Form method="get" action={TRANSFER_PATH} className="mt-4 grid max-w-xl gap-3">
        <Field
          id="transfer-domain"
          label={t("transferIn.domainLabel")}
          hint={t("transferIn.domainHint")}
          errors={failureText ? [failureText] : undefined}
          below={
            isCode(failure, "already_in_cart") ? (
              <p className="mt-1 text-sm">
                <Link to="/cart" className="font-semibold underline">
                  {t("transferIn.viewCart")}
                </Link>
              </p>
            ) : isCode(failure, "not_registered") ? (
              <p className="mt-1 text-sm">
                <Link to={`/domain-search?q=${encodeURIComponent(domain)}`} className="font-semibold underline">
                  {t("transferIn.registerInstead")}
                </Link>
              </p>
            ) : null
          }
        >
          <input
            id="transfer-domain"
            name="domain"
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            required
            maxLength={253}
            defaultValue={domain}
            aria-invalid={failure ? true : undefined}
            aria-describedby="transfer-domain-hint transfer-domain-error"
            placeholder="example.com"
            className={INPUT_CLASS}
          />
        </Field>
        <div>
          <button type="submit" className={BUTTON_CLASS}>
            {t("transferIn.check")}
          </button>
        </div>
      </Form>
    </section>
  );
}

function CheckedSummary({ check }: { check: TransferChecked }) {
  const { t } = useTranslation("domains");
  return (
    <dl className="mt-4 grid max-w-xl grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
      <dt className="text-slate-600 dark:text-slate-400">{t("transferIn.domainLabel")}</dt>
      <dd className="font-semibold">{check.unicode}</dd>
      <dt className="text-slate-600 dark:text-slate-400">{t("transferIn.registrar")}</dt>
      <dd>{check.registrar}</dd>
      <dt className="text-slate-600 dark:text-slate-400">{t("transferIn.expires")}</dt>
      <dd>{check.expires}</dd>
    </dl>
  );
}

export function AuthStep({ check, domain }: { check: TransferChecked | null; domain: string }) {
  const { t } = useTranslation("domains");
  const actionData = useActionData<TransferActionData>();
  const busy = useBusy(TRANSFER_INTENTS.review);
  const lastResult = actionData && actionData.step === "auth" ? (actionData.result ?? undefined) : undefined;
  const failureText = useFailureText()(actionData && actionData.step === "auth" ? actionData.failure : null);
  const [form, fields] = useSchemaForm({
    id: "transfer-auth",
    schema: () => import("../../../core/transfer").then((m) => m.transferAuthFormSchema),
    lastResult,
    defaultValue: { domain },
    validateOn: "onSubmit",
    revalidateOn: "onSubmit",
  });
  const fieldErrors = fields.auth_code.errors?.map((code) =>
    t(`transferIn.errors.${code === "auth_code_required" ? "auth_code_required" : "invalid_auth_code"}`),
  );
  return (
    <section aria-labelledby="transfer-step-title" className="mt-8">
      <h2 id="transfer-step-title" className="text-xl font-semibold">
        {t("transferIn.authHeading")}
      </h2>
      {check ? <CheckedSummary check={check} /> : null}
      <Form method="post" action={TRANSFER_PATH} {...getFormProps(form)} className="mt-4 grid max-w-xl gap-3">
        <input type="hidden" name="intent" value={TRANSFER_INTENTS.review} />
        <input {...getInputProps(fields.domain, { type: "hidden" })} key={fields.domain.key} value={domain} />
        <Field
          id={fields.auth_code.id}
          label={t("transferIn.authLabel")}
          hint={t("transferIn.authHint")}
          errors={fieldErrors}
        >
          <input
            {...getInputProps(fields.auth_code, { type: "password", ariaDescribedBy: `${fields.auth_code.id}-hint` })}
            key={fields.auth_code.key}
            autoComplete="off"
            spellCheck={false}
            maxLength={128}
            className={INPUT_CLASS}
          />
        </Field>
        <ErrorList id={form.errorId} errors={failureText ? [failureText] : undefined} />
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={BUTTON_CLASS} aria-busy={busy} disabled={busy}>
            {t("transferIn.toReview")}
          </button>
          <Link to={`${TRANSFER_PATH}?domain=${encodeURIComponent(domain)}`} className="font-semibold underline">
            {t("transferIn.changeDomain")}
          </Link>
        </div>
      </Form>
    </section>
  );
}

export function ReviewStep({
  check,
  domain,
  authCode,
  failure,
}: {
  check: TransferChecked;
  domain: string;
  authCode: string;
  failure: TransferFailure | null;
}) {
  const { t } = useTranslation("domains");
  const { money } = useFormat();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === TRANSFER_INTENTS.pay;
  const failureText = useFailureText()(failure);
  return (
    <section aria-labelledby="transfer-step-title" className="mt-8">
      <h2 id="transfer-step-title" className="text-xl font-semibold">
        {t("transferIn.reviewHeading")}
      </h2>
      <CheckedSummary check={check} />
      <table className="mt-6 w-full max-w-xl text-left text-sm">
        <caption className="sr-only">{t("transferIn.priceCaption")}</caption>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          <tr>
            <th scope="row" className="py-2 font-normal">
              {t("transferIn.period")}
            </th>
            <td className="py-2 text-right">{t("transferIn.oneYear", { date: check.newExpires })}</td>
          </tr>
          <tr>
            <th scope="row" className="py-2 font-normal">
              {t("transferIn.transferPrice")}
            </th>
            <td className="py-2 text-right">{money(check.transfer_price)}</td>
          </tr>
          <tr>
            <th scope="row" className="py-2 font-normal">
              {t("transferIn.icannFee")}
            </th>
            <td className="py-2 text-right">{money(check.icann_fee)}</td>
          </tr>
          <tr>
            <th scope="row" className="py-2 font-semibold">
              {t("transferIn.total")}
            </th>
            <td className="py-2 text-right font-semibold" data-testid="transfer-total">
              {money(check.total)}
            </td>
          </tr>
        </tbody>
      </table>
      <p className="mt-4 max-w-xl text-sm text-slate-700 dark:text-slate-300">{t("transferIn.policy")}</p>
      <Form method="post" action={TRANSFER_PATH} className="mt-4 flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value={TRANSFER_INTENTS.pay} />
        <input type="hidden" name="domain" value={domain} />
        <input type="hidden" name="auth_code" value={authCode} />
        <ErrorList id="transfer-review-error" errors={failureText ? [failureText] : undefined} />
        {isCode(failure, "already_in_cart") ? (
          <Link to="/cart" className="font-semibold underline">
            {t("transferIn.viewCart")}
          </Link>
        ) : null}
        <button type="submit" className={BUTTON_CLASS} aria-busy={busy} disabled={busy}>
          {t("transferIn.toPayment")}
        </button>
        <Link to={`${TRANSFER_PATH}?domain=${encodeURIComponent(domain)}`} className={SECONDARY_BUTTON_CLASS}>
          {t("transferIn.back")}
        </Link>
      </Form>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{t("transferIn.signInNote")}</p>
    </section>
  );
}
