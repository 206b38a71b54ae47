// The browser side of passkeys (issue 24). @simplewebauthn/browser is imported only when a
// ceremony starts (a dynamic import: its own small chunk), so no page pays for it up front (the
// 110 KB JS budget). Each ceremony posts to a page action that calls /api/v1/auth/passkeys/…:
// first for the options (and the flow token), then with the browser's answer.
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";

/** What the passkey actions answer to a ceremony step. */
export type CeremonyAnswer =
  | { ok: true; flowToken?: string; options?: Record<string, unknown>; proof?: string; redirectTo?: string }
  | { ok: false; message: string };

/** WebAuthn can run here (the buttons are shown only then; without JS nothing is shown at all). */
export function webAuthnAvailable(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}

/** Whether the browser offers passkeys in the username field's autofill (conditional UI). */
export async function autofillAvailable(): Promise<boolean> {
  if (!webAuthnAvailable()) return false;
  const { browserSupportsWebAuthnAutofill } = await import("@simplewebauthn/browser");
  return browserSupportsWebAuthnAutofill();
}

/** Posts one step to `action` (a page action) and reads its JSON answer. */
export async function postStep(action: string, fields: Record<string, string>): Promise<CeremonyAnswer> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  const response = await fetch(action, { method: "POST", body, headers: { accept: "application/json" } });
  const answer: unknown = await response.json().catch(() => null);
  if (typeof answer === "object" && answer !== null && "ok" in answer) return answer as CeremonyAnswer;
  return { ok: false, message: "" };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** Request options as the server builds them with @simplewebauthn/server: a challenge at least. */
function isRequestOptions(options: unknown): options is PublicKeyCredentialRequestOptionsJSON {
  return isRecord(options) && typeof options.challenge === "string";
}

/** Creation options as the server builds them: a challenge, the relying party, the user and the algorithms. */
function isCreationOptions(options: unknown): options is PublicKeyCredentialCreationOptionsJSON {
  return (
    isRequestOptions(options) &&
    isRecord(options) &&
    isRecord(options.rp) &&
    isRecord(options.user) &&
    Array.isArray(options.pubKeyCredParams)
  );
}

/** The authenticator's answer to creation options; options of another shape are refused. */
export async function createCredential(options: unknown): Promise<string> {
  if (!isCreationOptions(options)) throw new Error("passkey creation options of an unknown shape");
  const { startRegistration } = await import("@simplewebauthn/browser");
  return JSON.stringify(await startRegistration({ optionsJSON: options }));
}

/** The authenticator's answer to request options; `autofill`: wait in the username field's autofill. */
export async function getAssertion(options: unknown, autofill = false): Promise<string> {
  if (!isRequestOptions(options)) throw new Error("passkey request options of an unknown shape");
  const { startAuthentication } = await import("@simplewebauthn/browser");
  return JSON.stringify(await startAuthentication({ optionsJSON: options, useBrowserAutofill: autofill }));
}

/** A cancelled prompt (the user closed it, or another ceremony replaced it): no error to show. */
export function isCancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError");
}

/**
 * A passkey proof for one password confirmation: options, the authenticator's answer, the proof
 * (`pkc_…`) to send as the form's password.
 */
export async function passkeyProof(): Promise<CeremonyAnswer> {
  const options = await postStep(PASSKEY_ACTION, { intent: "confirm-options" });
  if (!options.ok || !options.options || !options.flowToken) return options;
  const credential = await getAssertion(options.options);
  return postStep(PASSKEY_ACTION, { intent: "confirm", flow_token: options.flowToken, credential });
}

/** The passkeys resource route (app/routes/passkeys.ts). */
export const PASSKEY_ACTION = "/passkeys";
