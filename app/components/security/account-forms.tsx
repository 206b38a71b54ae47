import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DELETE_ACCOUNT_PHRASE } from "../../../core/auth/messages";
import { NewPasswordFields, PasswordField } from "../ui/fields";
import { BUTTON_CLASS, DANGER_BUTTON_CLASS, ErrorList, Field, INPUT_CLASS, IntentField } from "../ui/form";
import { useBusy, useLastResult, useResetAfterSuccess, useSchemaForm } from "../ui/form-hooks";
import { SECURITY_INTENTS } from "./intents";
import { PasskeyConfirmButton } from "../passkeys/confirm-button";

// The password and account-deletion forms of the account-security page.

/** Change password: current, new (with the rule), confirmation; emptied after a success. */
export function ChangePasswordForm() {
  const { t } = useTranslation(["security", "account"]);
  const busy = useBusy(SECURITY_INTENTS.changePassword);
  const [form, fields] = useSchemaForm({
    id: "change-password-form",
    schema: () => import("../../../core/auth/schemas").then((m) => m.changePasswordSchema),
    lastResult: useLastResult(SECURITY_INTENTS.changePassword),
  });
  useResetAfterSuccess(SECURITY_INTENTS.changePassword, form.reset);
  return (
    <Form method="post" {...getFormProps(form)} className="grid max-w-md gap-4">
      <IntentField intent={SECURITY_INTENTS.changePassword} />
      <PasswordField
        field={fields.current_password}
        label={t("account:fields.currentPassword")}
        autoComplete="current-password"
      />
      <NewPasswordFields
        password={fields.new_password}
        confirm={fields.confirm_password}
        label={t("account:fields.newPassword")}
        confirmLabel={t("password.confirmLabel")}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div>
        <button type="submit" className={BUTTON_CLASS} aria-busy={busy} disabled={busy}>
          {t("password.submit")}
        </button>
      </div>
    </Form>
  );
}

/** Delete the account: the password and the phrase typed exactly. */
export function DeleteAccountForm() {
  const { t } = useTranslation(["security", "account"]);
  const busy = useBusy(SECURITY_INTENTS.deleteAccount);
  const [form, fields] = useSchemaForm({
    id: "delete-account-form",
    schema: () => import("../../../core/auth/schemas").then((m) => m.deleteAccountSchema),
    lastResult: useLastResult(SECURITY_INTENTS.deleteAccount),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid max-w-md gap-4">
      <IntentField intent={SECURITY_INTENTS.deleteAccount} />
      <PasswordField field={fields.password} label={t("account:fields.password")} autoComplete="current-password" />
      <Field
        id={fields.confirmation.id}
        label={t("delete.phraseLabel", { phrase: DELETE_ACCOUNT_PHRASE })}
        errors={fields.confirmation.errors}
      >
        <input
          {...getInputProps(fields.confirmation, { type: "text" })}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className={INPUT_CLASS}
        />
      </Field>
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={DANGER_BUTTON_CLASS} aria-busy={busy} disabled={busy}>
          {t("delete.submit")}
        </button>
        <PasskeyConfirmButton />
      </div>
    </Form>
  );
}
