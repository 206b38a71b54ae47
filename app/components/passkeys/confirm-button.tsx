import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { SECONDARY_BUTTON_CLASS } from "../ui/form";
import { isCancelled, PASSKEY_ACTION, passkeyProof, webAuthnAvailable } from "./browser";

/**
 * "Use a passkey" inside a form that asks for the account password (domain lock, auth code,
 * delete, removing a passkey; issue 24): it proves the confirmation with a passkey, puts the proof
 * in the form's `password` field and submits the form, which the API then accepts in place of the
 * password. Shown only once JavaScript runs, WebAuthn exists and the account has a passkey; the
 * password path is untouched.
 */
export function PasskeyConfirmButton() {
  const { t } = useTranslation("account");
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!webAuthnAvailable()) return;
    let live = true;
    fetch(PASSKEY_ACTION, { headers: { accept: "application/json" } })
      .then((response) => response.json())
      .then((answer: unknown) => {
        const count = typeof answer === "object" && answer !== null && "count" in answer ? answer.count : 0;
        if (live && typeof count === "number" && count > 0) setShown(true);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  if (!shown) return null;

  const confirm = async () => {
    const form = button.current?.form;
    const password = form?.elements.namedItem("password");
    if (!form || !(password instanceof HTMLInputElement)) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await passkeyProof();
      if (answer.ok && answer.proof) {
        password.value = answer.proof;
        form.requestSubmit();
      } else if (!answer.ok) {
        setError(answer.message || t("passkey.failed"));
      }
    } catch (failure) {
      if (!isCancelled(failure)) setError(t("passkey.failed"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid gap-1">
      <button
        ref={button}
        type="button"
        className={SECONDARY_BUTTON_CLASS}
        onClick={() => void confirm()}
        disabled={busy}
        aria-busy={busy}
      >
        {t("passkey.confirm")}
      </button>
      {error ? (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
