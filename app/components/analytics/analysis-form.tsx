import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MAX_URL_LENGTH, STRATEGIES } from "../../../core/pagespeed-ratings";
import { BUTTON_CLASS, ErrorList, Field, INPUT_CLASS } from "../ui/form";
import { useSchemaForm } from "../ui/form-hooks";

// The analysis form of /dashboard/analytics (works without JavaScript).

function useInputErrors() {
  const { t, i18n } = useTranslation("tools");
  return (errors: string[] | undefined) =>
    errors?.map((code) =>
      i18n.exists(`tools:analytics.inputErrors.${code}`) ? t(`analytics.inputErrors.${code}`) : code,
    );
}

/** The URL and the strategy; while it runs, says which URL is being analysed. */
export function AnalysisForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("tools");
  const translate = useInputErrors();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/dashboard/analytics";
  const pendingUrl = busy ? String(navigation.formData?.get("url") ?? "") : null;
  const [form, fields] = useSchemaForm({
    id: "analyse",
    schema: () => import("../../../core/pagespeed").then((m) => m.analyticsBrowserSchema),
    lastResult,
    defaultValue: { strategy: "mobile" },
    validateOn: "onSubmit",
  });
  return (
    <Form
      method="post"
      action="/dashboard/analytics"
      {...getFormProps(form)}
      className="mt-4 grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start"
    >
      <Field
        id={fields.url.id}
        label={t("analytics.urlLabel")}
        hint={t("analytics.urlHint")}
        errors={translate(fields.url.errors)}
      >
        <input
          {...getInputProps(fields.url, { type: "text", ariaDescribedBy: `${fields.url.id}-hint` })}
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          maxLength={MAX_URL_LENGTH}
          placeholder="https://example.com/"
          className={INPUT_CLASS}
        />
      </Field>
      <Field id={fields.strategy.id} label={t("analytics.strategyLabel")} errors={translate(fields.strategy.errors)}>
        <select {...getSelectProps(fields.strategy)} className={INPUT_CLASS}>
          {STRATEGIES.map((strategy) => (
            <option key={strategy} value={strategy}>
              {t(`analytics.strategies.${strategy}`)}
            </option>
          ))}
        </select>
      </Field>
      <button type="submit" className={`${BUTTON_CLASS} sm:mt-6`} aria-busy={busy} disabled={busy}>
        {t("analytics.submit")}
      </button>
      <div className="sm:col-span-3">
        <ErrorList id={form.errorId} errors={form.errors} />
        {pendingUrl !== null ? (
          <p role="status" className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            {t("analytics.running", { url: pendingUrl })}
          </p>
        ) : null}
      </div>
    </Form>
  );
}
