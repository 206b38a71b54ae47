import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CardFields, useCardLabel } from "../payment/card-form";
import { DefaultBadge, ItemActions } from "../ui/confirm-card";
import { BUTTON_CLASS, ErrorList, Field, INPUT_CLASS } from "../ui/form";
import { useBusy, useSchemaForm } from "../ui/form-hooks";
import { METHOD_INTENTS, METHODS_PATH, NICKNAME_MAX, type PaymentMethodItem } from "./methods";

// The payment-methods page's parts: one saved card with its actions, and the test provider's
// add-a-card form.

/** One saved card: its name, nickname and expiry; "Make default" and "Remove" (asks first). */
export function MethodCard({ method }: { method: PaymentMethodItem }) {
  const { t } = useTranslation("billing");
  const cardLabel = useCardLabel();
  const label = cardLabel(method);
  const headingId = `method-${method.id}-name`;
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <h3 id={headingId} className="flex flex-wrap items-center gap-2 font-semibold">
          <span className="font-mono">{label}</span>
          {method.isDefault ? <DefaultBadge>{t("methods.defaultBadge")}</DefaultBadge> : null}
        </h3>
        {method.nickname ? <p className="mt-1 text-sm break-words">{method.nickname}</p> : null}
        <p
          className={`mt-1 text-sm ${method.expired ? "font-semibold text-rose-700 dark:text-rose-300" : "text-slate-700 dark:text-slate-300"}`}
        >
          {method.expired
            ? t("methods.expired", { date: method.expiry })
            : t("methods.expires", { date: method.expiry })}
        </p>
      </div>
      <ItemActions
        action={METHODS_PATH}
        id={{ methodId: method.id }}
        isDefault={method.isDefault}
        intents={{ makeDefault: METHOD_INTENTS.makeDefault, remove: METHOD_INTENTS.remove }}
        labels={{
          makeDefault: t("methods.makeDefault"),
          remove: t("methods.remove"),
          question: t("methods.removeQuestion"),
          confirm: t("methods.removeConfirm"),
        }}
        itemName={label}
      />
    </article>
  );
}

/** The test provider's server-rendered card form (works without JavaScript). */
export function AddCardForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation(["billing", "payment"]);
  const busy = useBusy(METHOD_INTENTS.addCard);
  const [form, fields] = useSchemaForm({
    id: "add-card",
    schema: () => import("./method-forms").then((m) => m.addCardSchema()),
    lastResult,
    validateOn: "onBlur",
  });
  const card = fields.card.getFieldset();
  // After a refused submission the server kept everything but the number and CVC.
  const secretsCleared = lastResult?.status === "error";
  const nicknameErrors = fields.nickname.errors ? [t("methods.nicknameTooLong", { max: NICKNAME_MAX })] : undefined;
  return (
    <Form method="post" action={METHODS_PATH} {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value={METHOD_INTENTS.addCard} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <CardFields
        fields={{ number: card.number, expiry: card.expiry, cvc: card.cvc, name: card.name }}
        secretsCleared={secretsCleared}
      />
      <Field id={fields.nickname.id} label={t("methods.nickname")} errors={nicknameErrors}>
        <input
          {...getInputProps(fields.nickname, { type: "text" })}
          aria-describedby={`${fields.nickname.id}-error`}
          maxLength={NICKNAME_MAX}
          className={INPUT_CLASS}
        />
      </Field>
      <div className="flex items-center gap-2">
        <input
          {...getInputProps(fields.set_as_default, { type: "checkbox" })}
          className="h-4 w-4 rounded border-slate-400"
        />
        <label htmlFor={fields.set_as_default.id} className="text-sm">
          {t("methods.setDefault")}
        </label>
      </div>
      <button type="submit" disabled={busy} className={BUTTON_CLASS}>
        {busy ? t("methods.saving") : t("methods.save")}
      </button>
    </Form>
  );
}
