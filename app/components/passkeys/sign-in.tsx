import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { SECONDARY_BUTTON_CLASS } from "../ui/form";
import { autofillAvailable, getAssertion, isCancelled, PASSKEY_ACTION, postStep, webAuthnAvailable } from "./browser";

/** The passkey steps of a sign-in (app/server/passkeys.server.ts PASSKEY_INTENTS). */
const STEPS = {
  signin: { options: "signin-options", answer: "signin" },
  "2fa": { options: "2fa-options", answer: "2fa" },
} as const;

/**
 * "Sign in with a passkey" (issue 24) on /signin, or "Use a passkey instead" at the two-factor step.
 * Rendered only after hydration and when WebAuthn exists: without JavaScript the password path is
 * the whole page. On the credentials step, where the browser offers it, the passkeys also wait in
 * the username field's autofill (conditional UI; the field says `autocomplete="username webauthn"`).
 */
export function PasskeySignIn({ step, redirectTo }: { step: keyof typeof STEPS; redirectTo: string }) {
  const { t } = useTranslation("signin");
  const [available, setAvailable] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The autofill request and a click can both end with a passkey: only the first answer is posted.
  const posting = useRef(false);

  /** One ceremony: options, the authenticator's answer, the session; then the page it leads to. */
  const run = async (autofill: boolean) => {
    const { options: optionsIntent, answer: answerIntent } = STEPS[step];
    const options = await postStep(PASSKEY_ACTION, { intent: optionsIntent });
    if (!options.ok) throw new Error(options.message);
    if (!options.options || !options.flowToken) throw new Error("");
    const credential = await getAssertion(options.options, autofill);
    if (posting.current) return;
    posting.current = true;
    setBusy(true);
    const rememberMe = document.querySelector<HTMLInputElement>('input[name="remember_me"]')?.checked === true;
    const answer = await postStep(PASSKEY_ACTION, {
      intent: answerIntent,
      flow_token: options.flowToken,
      credential,
      redirect: redirectTo,
      ...(rememberMe ? { remember_me: "on" } : {}),
    });
    if (!answer.ok) throw new Error(answer.message);
    window.location.assign(answer.redirectTo ?? "/dashboard");
  };

  const failed = (failure: unknown) => {
    posting.current = false;
    setBusy(false);
    if (isCancelled(failure)) return;
    setError(failure instanceof Error && failure.message ? failure.message : t("passkey.failed"));
  };

  // The autofill ceremony starts once per step; it calls the latest `run` and `failed` (which read
  // the latest props) through this ref rather than re-arming on every render.
  const latest = useRef({ run, failed });
  latest.current = { run, failed };
  useEffect(() => {
    if (!webAuthnAvailable()) return;
    setAvailable(true);
    if (step !== "signin") return;
    // Conditional UI: the request waits until a passkey is picked in the username's autofill (a
    // click on the button below replaces it).
    void autofillAvailable().then((offered) =>
      offered ? latest.current.run(true).catch(latest.current.failed) : undefined,
    );
  }, [step]);

  if (!available) return null;
  return (
    <div className="mt-6 space-y-2 border-t border-slate-200 pt-4 dark:border-slate-700">
      <button
        type="button"
        className={`${SECONDARY_BUTTON_CLASS} w-full`}
        disabled={busy}
        aria-busy={busy}
        onClick={() => {
          setError(null);
          run(false).catch(failed);
        }}
      >
        {busy ? t("passkey.waiting") : step === "signin" ? t("passkey.signIn") : t("passkey.secondFactor")}
      </button>
      {error ? (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
