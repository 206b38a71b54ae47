import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { changeUsernameSchema } from "../../../core/auth/schemas";
import { CodeField, PasswordField } from "../ui/fields";
import { BUTTON_CLASS, ErrorList, Field, INPUT_CLASS, SECONDARY_BUTTON_CLASS } from "../ui/form";
import { useBusy, useLastResult } from "../ui/form-hooks";
import { Section } from "../ui/section";
import { changeEmailFormSchema, PROFILE_INTENTS, verifyCodeSchema } from "./profile";

// The forms of the profile settings page (/dashboard/settings): username, email, email
// verification. Each posts its intent to the page's action (server/profile-settings.server.ts).

/** Change the username (the current one in the intro); the password confirms it. */
export function UsernameForm({ username }: { username: string }) {
  const { t } = useTranslation(["dashboard", "account"]);
  const busy = useBusy(PROFILE_INTENTS.changeUsername);
  const [form, fields] = useForm({
    id: "change-username",
    lastResult: useLastResult(PROFILE_INTENTS.changeUsername),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changeUsernameSchema }),
    shouldValidate: "onInput",
    shouldRevalidate: "onInput",
  });
  return (
    <Section
      titleId="username-title"
      title={t("profile.username.heading")}
      intro={t("profile.username.current", { username })}
    >
      <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value={PROFILE_INTENTS.changeUsername} />
        <Field
          id={fields.new_username.id}
          label={t("profile.username.newLabel")}
          errors={fields.new_username.errors}
          hint={t("account:usernameRule")}
        >
          <input
            {...getInputProps(fields.new_username, { type: "text" })}
            aria-describedby={`${fields.new_username.id}-hint ${fields.new_username.id}-error`}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            className={INPUT_CLASS}
          />
        </Field>
        <PasswordField
          field={fields.password}
          label={t("account:fields.currentPassword")}
          autoComplete="current-password"
          hint={t("profile.passwordHint")}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="sm:col-span-2">
          <button type="submit" className={BUTTON_CLASS} disabled={busy}>
            {t("profile.username.submit")}
          </button>
        </div>
      </Form>
    </Section>
  );
}

/** Change the email address (it must differ from the current one); the password confirms it. */
export function EmailForm({ email }: { email: string }) {
  const { t } = useTranslation(["dashboard", "account"]);
  const busy = useBusy(PROFILE_INTENTS.changeEmail);
  const schema = changeEmailFormSchema(email, t("profile.email.unchanged"));
  const [form, fields] = useForm({
    id: "change-email",
    lastResult: useLastResult(PROFILE_INTENTS.changeEmail),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onInput",
    shouldRevalidate: "onInput",
  });
  return (
    <Section titleId="email-title" title={t("profile.email.heading")} intro={t("profile.email.current", { email })}>
      <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value={PROFILE_INTENTS.changeEmail} />
        <Field
          id={fields.new_email.id}
          label={t("profile.email.newLabel")}
          errors={fields.new_email.errors}
          hint={t("profile.email.hint")}
        >
          <input
            {...getInputProps(fields.new_email, { type: "email" })}
            aria-describedby={`${fields.new_email.id}-hint ${fields.new_email.id}-error`}
            autoComplete="email"
            className={INPUT_CLASS}
          />
        </Field>
        <PasswordField
          field={fields.password}
          label={t("account:fields.currentPassword")}
          autoComplete="current-password"
          hint={t("profile.passwordHint")}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="sm:col-span-2">
          <button type="submit" className={BUTTON_CLASS} disabled={busy}>
            {t("profile.email.submit")}
          </button>
        </div>
      </Form>
    </Section>
  );
}

/** Verify the (new) email address with the code sent to it, or ask for a new code. */
export function VerifyEmailForm({ email }: { email: string }) {
  const { t } = useTranslation(["dashboard", "account"]);
  const busy = useBusy(PROFILE_INTENTS.verifyEmail);
  const [form, fields] = useForm({
    id: "verify-email",
    lastResult: useLastResult(PROFILE_INTENTS.verifyEmail),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: verifyCodeSchema }),
    shouldValidate: "onInput",
    shouldRevalidate: "onInput",
  });
  return (
    <section
      aria-labelledby="verify-title"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-6 dark:border-amber-700 dark:bg-amber-950"
    >
      <h2 id="verify-title" className="text-lg font-semibold">
        {t("profile.verify.heading")}
      </h2>
      <p className="mt-1 text-sm">{t("profile.verify.text", { email })}</p>
      <Form method="post" {...getFormProps(form)} className="mt-4 flex flex-wrap items-start gap-3">
        <input type="hidden" name="intent" value={PROFILE_INTENTS.verifyEmail} />
        <div className="w-full max-w-xs">
          <CodeField field={fields.code} label={t("account:fields.code")} />
        </div>
        <div className="w-full">
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
        <button type="submit" className={BUTTON_CLASS} disabled={busy}>
          {t("profile.verify.submit")}
        </button>
      </Form>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value={PROFILE_INTENTS.resendCode} />
        <button type="submit" className={SECONDARY_BUTTON_CLASS}>
          {t("profile.verify.resend")}
        </button>
      </Form>
    </section>
  );
}
