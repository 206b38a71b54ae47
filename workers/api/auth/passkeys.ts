// WebAuthn with @simplewebauthn/server (issue 24): who we are to the authenticator (the relying
// party: this site's host name and origin), the options of each ceremony, and the checks of the
// browser's answers. Every check is the library's (challenge, origin, RP ID hash, user present and
// verified, signature, counter) plus ours: the credential must belong to the expected account and
// its signature counter is written only if no other answer moved it first.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoBase64URL, isoUint8Array } from "@simplewebauthn/server/helpers";
import { createChallengeStore, type ChallengeStore } from "../../../core/auth/passkey-challenges";
import type { AssertionCredential, PasskeyView, RegistrationCredential } from "../contract/passkeys";
import { d1ChallengeStorage, recordPasskeyUse, transportsOf, type PasskeyRow } from "../db/passkeys";
import { ApiError } from "../errors";
import { isOwnHost } from "../../forwarding";

export const RP_NAME = "Trinity";
/** How long the browser's prompt waits (the challenge lives a little longer: CHALLENGE_TTL_MS). */
const PROMPT_TIMEOUT_MS = 120_000;

export interface RelyingParty {
  /** The host name passkeys are scoped to. */
  id: string;
  /** The only origin whose answers count. */
  origin: string;
}

/**
 * This site as the relying party: the request's own host, which must be one of the storefront's
 * (localhost, *.workers.dev, STOREFRONT_HOSTS — the hosts the worker serves the shop on; any other
 * host is a customer's forwarded domain). The web pages call the API in-process with the page's
 * origin, so the page and the API agree; the answer's origin must be exactly this one.
 */
export function relyingPartyOf(requestUrl: string, storefrontHosts: string | undefined): RelyingParty {
  const url = new URL(requestUrl);
  if (!isOwnHost(url.hostname, storefrontHosts))
    throw new ApiError(400, "passkey_invalid", "Passkeys work only on this site's own address.");
  return { id: url.hostname, origin: url.origin };
}

export function challengeStoreOf(db: D1Database, now: () => Date): ChallengeStore {
  return createChallengeStore(d1ChallengeStorage(db), { now });
}

/** The user handle stored in a passkey: the account id's bytes (no name or address in it). */
const userHandleOf = (userId: string) => isoUint8Array.fromUTF8String(userId);

export function registrationOptions(
  rp: RelyingParty,
  user: { id: string; username: string },
  existing: readonly PasskeyRow[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: user.username,
    userDisplayName: user.username,
    userID: userHandleOf(user.id),
    timeout: PROMPT_TIMEOUT_MS,
    attestationType: "none",
    // One passkey per authenticator: the browser skips the ones already added.
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
    authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: "required" },
  });
}

/** Request options: `allow` empty for a discoverable sign-in, else the account's passkeys. */
export function authenticationOptions(
  rp: RelyingParty,
  allow: readonly PasskeyRow[],
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: rp.id,
    timeout: PROMPT_TIMEOUT_MS,
    userVerification: "required",
    allowCredentials: allow.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
  });
}

export interface NewPasskey {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  deviceType: "singleDevice" | "multiDevice";
  backedUp: boolean;
}

/**
 * The browser's answer as the library reads it: our contract's credential (registration or
 * assertion) with no client extension results (we ask for none).
 */
function responseJson<C extends RegistrationCredential | AssertionCredential>(
  credential: C,
): Pick<C, "id" | "rawId" | "type" | "response" | "authenticatorAttachment"> & {
  clientExtensionResults: Record<string, never>;
} {
  const { id, rawId, type, response, authenticatorAttachment } = credential;
  return {
    id,
    rawId,
    type,
    response,
    clientExtensionResults: {},
    ...(authenticatorAttachment ? { authenticatorAttachment } : {}),
  };
}

/** The verified new credential, or null when the answer does not hold (any reason). */
export async function verifyRegistration(
  rp: RelyingParty,
  credential: RegistrationCredential,
  expectedChallenge: string,
): Promise<NewPasskey | null> {
  const response: RegistrationResponseJSON = responseJson(credential);
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
    if (!result.verified) return null;
    const info = result.registrationInfo;
    return {
      credentialId: info.credential.id,
      publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
      counter: info.credential.counter,
      transports: (info.credential.transports ?? credential.response.transports ?? []).slice(0, 10),
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
    };
  } catch (error) {
    // The library throws on every malformed or mismatching answer (wrong origin, RP, challenge…).
    console.warn("passkey registration refused", error instanceof Error ? error.message : error);
    return null;
  }
}

/**
 * Whether the assertion is a valid, user-verified signature of `expectedChallenge` by `row` from
 * this origin, with a signature counter that moved on (when the authenticator keeps one); the new
 * counter and backup flags are stored, and a second answer racing this one fails.
 */
export async function verifyAssertion(
  db: D1Database,
  rp: RelyingParty,
  row: PasskeyRow,
  credential: AssertionCredential,
  expectedChallenge: string,
  now: Date,
): Promise<boolean> {
  if (credential.id !== row.credential_id) return false;
  // A discoverable credential names its account: it must be the passkey's owner.
  if (credential.response.userHandle !== undefined) {
    if (credential.response.userHandle !== isoBase64URL.fromBuffer(userHandleOf(row.user_id))) return false;
  }
  const response: AuthenticationResponseJSON = responseJson(credential);
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: row.credential_id,
        publicKey: isoBase64URL.toBuffer(row.public_key),
        counter: row.counter,
        transports: transportsOf(row),
      },
    });
    if (!result.verified) return false;
    const info = result.authenticationInfo;
    return recordPasskeyUse(
      db,
      row,
      { counter: info.newCounter, backedUp: info.credentialBackedUp, deviceType: info.credentialDeviceType },
      now,
    );
  } catch (error) {
    console.warn("passkey assertion refused", error instanceof Error ? error.message : error);
    return false;
  }
}

export function toPasskeyView(row: PasskeyRow): PasskeyView {
  return {
    id: row.id,
    name: row.name,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    backed_up: row.backed_up === 1,
    device_type: row.device_type === "multiDevice" ? "multiDevice" : "singleDevice",
  };
}
