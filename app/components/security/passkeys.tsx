import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PasskeyView } from "../../../workers/api/contract/passkeys";
import { useFormat } from "../../i18n/use-format";
import { createCredential, isCancelled, PASSKEY_ACTION, postStep, webAuthnAvailable } from "../passkeys/browser";
import { PasskeyConfirmButton } from "../passkeys/confirm-button";
import { BUTTON_CLASS, DANGER_BUTTON_CLASS, ErrorList, Field, INPUT_CLASS, SECONDARY_BUTTON_CLASS } from "../ui/form";
import { useBusy, useLastResult, useSchemaForm } from "../ui/form-hooks";
import { SECURITY_INTENTS } from "./intents";

// Passkeys on the account-security page (issue 24): the list (name, added, last used), rename and
// remove (password or a passkey) as plain forms that work without JavaScript, and "Add a passkey",
// which needs WebAuthn and so is rendered only after hydration where the browser has it.

export function PasskeysPanel({ passkeys }: { passkeys: PasskeyView[] | null }) {
  const { t } = useTranslation(["security", "account"]);
  if (passkeys === null) return <p role="alert">{t("account:serverError")}</p>;
  return (
    <div className="space-y-4">
      {passkeys.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("passkeys.empty")}</p>
      ) : (
        <ul aria-label={t("passkeys.caption")} className="divide-y divide-slate-200 dark:divide-slate-700">
          {passkeys.map((passkey) => (
            <PasskeyItem key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      )}
      <AddPasskey />
    </div>
  );
}

function PasskeyItem({ passkey }: { passkey: PasskeyView }) {
  const { t } = useTranslation(["security", "account"]);
  const format = useFormat();
  const lastUsed = format.moment(passkey.last_used_at);
  return (
    <li className="space-y-2 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 className="font-semibold">{passkey.name}</h4>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {t("passkeys.addedOn", { date: format.day(passkey.created_at) ?? passkey.created_at })}
          {" · "}
          {lastUsed ? t("passkeys.lastUsed", { date: lastUsed }) : t("passkeys.neverUsed")}
          {passkey.backed_up ? ` · ${t("passkeys.synced")}` : ""}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <RenameForm passkey={passkey} />
        <RemoveForm passkey={passkey} />
      </div>
    </li>
  );
}

function RenameForm({ passkey }: { passkey: PasskeyView }) {
  const { t } = useTranslation(["security", "account"]);
  const lastResult = useLastResult(SECURITY_INTENTS.renamePasskey, passkey.id);
  const busy = useBusy(SECURITY_INTENTS.renamePasskey, passkey.id);
  const [form, fields] = useSchemaForm({
    id: `passkey-rename-${passkey.id}`,
    schema: () => import("./passkey-forms").then((m) => m.renamePasskeyFormSchema),
    lastResult,
    defaultValue: { id: passkey.id, name: passkey.name },
  });
  return (
    <details className="w-full sm:w-auto" open={lastResult ? true : undefined}>
      <summary className={`${SECONDARY_BUTTON_CLASS} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
        {t("passkeys.rename")}
        <span className="sr-only"> {passkey.name}</span>
      </summary>
      <Form method="post" {...getFormProps(form)} className="mt-2 grid max-w-md gap-3">
        <input type="hidden" name="intent" value={SECURITY_INTENTS.renamePasskey} />
        <input type="hidden" name="id" value={passkey.id} />
        <Field
          id={fields.name.id}
          label={t("passkeys.renameLabel", { name: passkey.name })}
          errors={fields.name.errors}
        >
          <input {...getInputProps(fields.name, { type: "text" })} autoComplete="off" className={INPUT_CLASS} />
        </Field>
        <ErrorList id={form.errorId} errors={form.errors} />
        <div>
          <button type="submit" className={BUTTON_CLASS} disabled={busy} aria-busy={busy}>
            {t("passkeys.save")}
          </button>
        </div>
      </Form>
    </details>
  );
}

function RemoveForm({ passkey }: { passkey: PasskeyView }) {
  const { t } = useTranslation(["security", "account"]);
  const lastResult = useLastResult(SECURITY_INTENTS.removePasskey, passkey.id);
  const busy = useBusy(SECURITY_INTENTS.removePasskey, passkey.id);
  const [form, fields] = useSchemaForm({
    id: `passkey-remove-${passkey.id}`,
    schema: () => import("./passkey-forms").then((m) => m.removePasskeyFormSchema),
    lastResult,
    defaultValue: { id: passkey.id },
  });
  return (
    <details className="w-full sm:w-auto" open={lastResult ? true : undefined}>
      <summary
        className={`${SECONDARY_BUTTON_CLASS} cursor-pointer list-none text-rose-700 dark:text-rose-300 [&::-webkit-details-marker]:hidden`}
      >
        {t("passkeys.remove")}
        <span className="sr-only"> {passkey.name}</span>
      </summary>
      <Form
        method="post"
        {...getFormProps(form)}
        aria-label={t("passkeys.removeLabel", { name: passkey.name })}
        className="mt-2 grid max-w-md gap-3 rounded-lg border border-rose-300 bg-rose-50 p-4 dark:border-rose-800 dark:bg-rose-950"
      >
        <p className="text-sm">{t("passkeys.removeIntro")}</p>
        <input type="hidden" name="intent" value={SECURITY_INTENTS.removePasskey} />
        <input type="hidden" name="id" value={passkey.id} />
        <Field id={fields.password.id} label={t("account:fields.password")} errors={fields.password.errors}>
          <input
            {...getInputProps(fields.password, { type: "password" })}
            autoComplete="current-password"
            className={INPUT_CLASS}
          />
        </Field>
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={DANGER_BUTTON_CLASS} disabled={busy} aria-busy={busy}>
            {t("passkeys.removeSubmit")}
          </button>
          <PasskeyConfirmButton />
        </div>
      </Form>
    </details>
  );
}

/** Name, then "Add a passkey": the browser's prompt, then the list again. Only where WebAuthn runs. */
function AddPasskey() {
  const { t } = useTranslation(["security", "account"]);
  const revalidator = useRevalidator();
  const [available, setAvailable] = useState(false);
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setAvailable(webAuthnAvailable()), []);
  if (!available) return null;

  const add = async () => {
    if (name.trim() === "") {
      setError(t("passkeys.nameRequired"));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const options = await postStep(PASSKEY_ACTION, { intent: "register-options" });
      if (!options.ok) throw new Error(options.message);
      if (!options.options || !options.flowToken) throw new Error("");
      const credential = await createCredential(options.options);
      const added = await postStep(PASSKEY_ACTION, {
        intent: "register",
        flow_token: options.flowToken,
        name: name.trim(),
        credential,
      });
      if (!added.ok) throw new Error(added.message);
      setName("");
      revalidator.revalidate();
    } catch (failure) {
      if (!isCancelled(failure))
        setError(failure instanceof Error && failure.message ? failure.message : t("passkeys.failed"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="grid max-w-md gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
    >
      <Field id="passkey-name" label={t("passkeys.nameLabel")} hint={t("passkeys.nameHint")}>
        <input
          id="passkey-name"
          name="name"
          type="text"
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={60}
          autoComplete="off"
          aria-describedby="passkey-name-hint"
          className={INPUT_CLASS}
        />
      </Field>
      <ErrorList errors={error ? [error] : undefined} />
      <div>
        <button type="submit" className={BUTTON_CLASS} disabled={busy} aria-busy={busy}>
          {busy ? t("passkeys.adding") : t("passkeys.add")}
        </button>
      </div>
    </form>
  );
}
