import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { BUTTON_CLASS, ErrorList } from "../ui/form";
import { isPaymentErrorCode, usePaymentErrorText } from "./card-form";

/** What the page's action answers to the setup-intent request and to the save. */
export type StripeSetupAnswer = { clientSecret?: string | null; error?: string | null };

type StripeObjects = {
  stripe: import("@stripe/stripe-js").Stripe;
  elements: import("@stripe/stripe-js").StripeElements;
};

/**
 * Adding a card with Stripe's Payment Element and a SetupIntent (DESIGN §5: the real adapter).
 * Stripe's script is loaded here only — a dynamic import, run only when a publishable key is
 * configured — and the card field is Stripe's iframe, so this needs JavaScript and says so
 * politely without it. Flow: the page's action creates the SetupIntent (`setupIntent` intent),
 * the Element confirms it in the browser (3-D Secure in Stripe's own dialog), then the action
 * saves the resulting payment method (`saveIntent`) and redirects back with a toast.
 */
export function StripeCardSetup({
  publishableKey,
  action,
  setupIntent,
  saveIntent,
}: {
  publishableKey: string;
  action: string;
  setupIntent: string;
  saveIntent: string;
}) {
  const { t } = useTranslation(["payment", "billing"]);
  const errorText = usePaymentErrorText();
  const intentFetcher = useFetcher<StripeSetupAnswer>();
  const saveFetcher = useFetcher<StripeSetupAnswer>();
  const mountRef = useRef<HTMLDivElement>(null);
  const [objects, setObjects] = useState<StripeObjects | null>(null);
  /** A payment error code (translated when shown). */
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [setDefault, setSetDefault] = useState(true);

  // Ask the server for a SetupIntent once the page runs.
  useEffect(() => {
    if (intentFetcher.state === "idle" && !intentFetcher.data)
      intentFetcher.submit({ intent: setupIntent }, { method: "post", action });
  }, [intentFetcher, setupIntent, action]);

  const clientSecret = intentFetcher.data?.clientSecret ?? null;
  const intentError = intentFetcher.data?.error ?? null;

  // Load Stripe.js (only now, only here) and mount the Payment Element.
  useEffect(() => {
    if (!clientSecret || !mountRef.current) return;
    let cancelled = false;
    let unmount: (() => void) | null = null;
    import("@stripe/stripe-js")
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .then((stripe) => {
        if (cancelled || !stripe || !mountRef.current) {
          if (!stripe && !cancelled) setError("not_initialized");
          return;
        }
        const elements = stripe.elements({ clientSecret });
        const element = elements.create("payment");
        element.mount(mountRef.current);
        unmount = () => element.destroy();
        setObjects({ stripe, elements });
      })
      .catch(() => {
        if (!cancelled) setError("network_error");
      });
    return () => {
      cancelled = true;
      unmount?.();
    };
  }, [clientSecret, publishableKey]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!objects) {
      setError("not_initialized");
      return;
    }
    setBusy(true);
    setError(null);
    const result = await objects.stripe.confirmSetup({
      elements: objects.elements,
      redirect: "if_required",
      confirmParams: { return_url: window.location.href },
    });
    if (result.error) {
      const code =
        result.error.decline_code && isPaymentErrorCode(result.error.decline_code)
          ? result.error.decline_code
          : result.error.code;
      setError(code === "setup_intent_authentication_failure" ? "three_d_secure_failed" : (code ?? "payment_failed"));
      setBusy(false);
      return;
    }
    const method = result.setupIntent.payment_method;
    const id = typeof method === "string" ? method : method?.id;
    if (!id) {
      setError("payment_failed");
      setBusy(false);
      return;
    }
    saveFetcher.submit(
      { intent: saveIntent, stripe_payment_method_id: id, set_as_default: setDefault ? "on" : "" },
      { method: "post", action },
    );
  }

  useEffect(() => {
    if (saveFetcher.state === "idle" && saveFetcher.data?.error) setBusy(false);
  }, [saveFetcher.state, saveFetcher.data]);

  return (
    <div className="space-y-4">
      <noscript>
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          {t("payment:stripe.needsJs")}
        </p>
      </noscript>
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <div ref={mountRef} className="min-h-12">
          {objects || intentError ? null : (
            <p className="text-sm text-slate-600 dark:text-slate-400">{t("payment:stripe.loading")}</p>
          )}
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={setDefault}
            onChange={(event) => setSetDefault(event.target.checked)}
            className="h-4 w-4 rounded border-slate-400"
          />
          {t("billing:methods.setDefault")}
        </label>
        <ErrorList
          errors={[
            intentError,
            error ? errorText(error) : null,
            busy ? null : (saveFetcher.data?.error ?? null),
          ].filter((value): value is string => Boolean(value))}
        />
        <button type="submit" disabled={!objects || busy || saveFetcher.state !== "idle"} className={BUTTON_CLASS}>
          {busy || saveFetcher.state !== "idle" ? t("billing:methods.saving") : t("billing:methods.save")}
        </button>
      </form>
    </div>
  );
}
