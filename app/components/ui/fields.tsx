import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Field, INPUT_CLASS } from "./form";

// The Conform field blocks the pages share (sign-in, sign-up, forgot, verify, settings, security,
// DNS): a password, a one-time code and verbatim text, each a labelled input with its hint and
// translated errors. Put them inside a Conform form and hand them that form's field.

/** A password input: the current one (`current-password`) or a new one (`new-password`, with the rule as its hint). */
export function PasswordField({
  field,
  label,
  autoComplete,
  hint,
}: {
  field: FieldMetadata<string>;
  label: ReactNode;
  autoComplete: "current-password" | "new-password";
  hint?: ReactNode;
}) {
  return (
    <Field id={field.id} label={label} errors={field.errors} hint={hint}>
      <input
        {...getInputProps(field, { type: "password", ...(hint ? { ariaDescribedBy: `${field.id}-hint` } : {}) })}
        autoComplete={autoComplete}
        className={INPUT_CLASS}
      />
    </Field>
  );
}

/**
 * A new password and its confirmation (sign-up, reset, change): the rule as the first one's hint,
 * the labels from the account texts unless given.
 */
export function NewPasswordFields({
  password,
  confirm,
  label,
  confirmLabel,
}: {
  password: FieldMetadata<string>;
  confirm: FieldMetadata<string>;
  label: ReactNode;
  confirmLabel?: ReactNode;
}) {
  const { t } = useTranslation("account");
  return (
    <>
      <PasswordField field={password} label={label} autoComplete="new-password" hint={t("passwordRule")} />
      <PasswordField field={confirm} label={confirmLabel ?? t("fields.confirmPassword")} autoComplete="new-password" />
    </>
  );
}

/** A one-time code (email code, authenticator code): digits, the browser may fill it in. */
export function CodeField({
  field,
  label,
  hint,
  maxLength = 12,
}: {
  field: FieldMetadata<string>;
  label: ReactNode;
  hint?: ReactNode;
  maxLength?: number;
}) {
  return (
    <Field id={field.id} label={label} errors={field.errors} hint={hint}>
      <input
        {...getInputProps(field, { type: "text", ...(hint ? { ariaDescribedBy: `${field.id}-hint` } : {}) })}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={maxLength}
        className={`${INPUT_CLASS} font-mono tracking-widest`}
      />
    </Field>
  );
}

/**
 * Text the browser must keep as typed (a username, an email address, a word of the seed key, a
 * DNS name): no automatic capitals, no spell check. `errors` replaces the field's own (already
 * translated ones).
 */
export function VerbatimField({
  field,
  label,
  type = "text",
  autoComplete,
  hint,
  errors,
}: {
  field: FieldMetadata<string>;
  label: ReactNode;
  type?: "text" | "email";
  autoComplete?: "username" | "username webauthn" | "email" | "off";
  hint?: ReactNode;
  errors?: string[] | undefined;
}) {
  return (
    <Field id={field.id} label={label} errors={errors ?? field.errors} hint={hint}>
      <input
        {...getInputProps(field, { type, ...(hint ? { ariaDescribedBy: `${field.id}-hint` } : {}) })}
        autoComplete={autoComplete}
        autoCapitalize="none"
        spellCheck={false}
        className={INPUT_CLASS}
      />
    </Field>
  );
}
