import { getFormProps, getInputProps, type FieldMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CodeField, PasswordField, VerbatimField } from "../ui/fields";
import { BUTTON_CLASS, ErrorList, Field, INPUT_CLASS } from "../ui/form";
import { useIntentForm } from "../ui/form-hooks";
import { Section } from "../ui/section";
import { PostButton } from "../ui/confirm-card";
import { PROFILE_INTENTS } from "./profile-intents";

// The forms of the profile settings page (/dashboard/settings): username, email, email
// verification. Each posts its intent to the page's action (server/profile-settings.server.ts).

/** Change the username (the current one in the intro); the password confirms it. */
export function UsernameForm({ username }: { username: string }) {
  const { t } = useTranslation(["dashboard", "account"]);
  const { form, fields, busy } = useIntentForm(PROFILE_INTENTS.changeUsername, {
    id: "change-username",
    schema: () => import("../../../core/auth/schemas").then((m) => m.changeUsernameSchema),
  });
  return (
    <Section
      titleId="username-title"
      title={t("profile.username.heading")}
      intro={t("profile.username.current", { username })}
    >
      <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value={PROFILE_INTENTS.changeUsername} />
        <VerbatimField
          field={fields.new_username}
          label={t("profile.username.newLabel")}
          hint={t("account:usernameRule")}
          autoComplete="username"
        />
        <PasswordAndSubmit password={fields.password} form={form} busy={busy} submit={t("profile.username.submit")} />
      </Form>
    </Section>
  );
}

/** Change the email address (it must differ from the current one); the password confirms it. */
export function EmailForm({ email }: { email: string }) {
  const { t } = useTranslation(["dashboard", "account"]);
  const unchanged = t("profile.email.unchanged");
  const { form, fields, busy } = useIntentForm(PROFILE_INTENTS.changeEmail, {
    id: "change-email",
    schema: () => import("./profile").then((m) => m.changeEmailFormSchema(email, unchanged)),
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
        <PasswordAndSubmit password={fields.password} form={form} busy={busy} submit={t("profile.email.submit")} />
      </Form>
    </Section>
  );
}

/** The end of a change form: the current password (it confirms the change), the form's errors, the button. */
function PasswordAndSubmit({
  password,
  form,
  busy,
  submit,
}: {
  password: FieldMetadata<string>;
  form: { errorId: string; errors?: string[] };
  busy: boolean;
  submit: string;
}) {
  const { t } = useTranslation(["dashboard", "account"]);
  return (
    <>
      <PasswordField
        field={password}
        label={t("account:fields.currentPassword")}
        autoComplete="current-password"
        hint={t("profile.passwordHint")}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="sm:col-span-2">
        <button type="submit" className={BUTTON_CLASS} disabled={busy}>
          {submit}
        </button>
      </div>
    </>
  );
}

/** Verify the (new) email address with the code sent to it, or ask for a new code. */
export function VerifyEmailForm({ email }: { email: string }) {
  const { t } = useTranslation(["dashboard", "account"]);
  const { form, fields, busy } = useIntentForm(PROFILE_INTENTS.verifyEmail, {
    id: "verify-email",
    schema: () => import("./profile").then((m) => m.verifyCodeSchema),
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
      <PostButton
        fields={{ intent: PROFILE_INTENTS.resendCode }}
        label={t("profile.verify.resend")}
        formClassName="mt-3"
      />
    </section>
  );
}
