// Contract of passkeys (WebAuthn, issue 24): add, name, list and remove an account's passkeys;
// sign in with one (discoverable credentials) in place of username + password + seed key; pass
// the two-factor step with one; and prove a password confirmation with one. Each ceremony is two
// calls: `…/options` answers the WebAuthn options and a flow token (its challenge is kept on the
// server, single-use, for 3 minutes, bound to the session or the two-factor challenge), then the
// browser's answer is posted with the flow token. Only a session's token manages passkeys.
import { z } from "zod";
import { passkeyFlowTokenSchema } from "../../../core/auth/passkey-challenges";
import { PASSKEY_NAME_MAX } from "../../../core/auth/passkeys";
import { challengeSchema, signedInSchema } from "./auth";
import { apiRoute, BEARER, jsonBody, ok } from "./route";

export { PASSKEY_NAME_MAX };

const b64url = (max: number) =>
  z
    .string({ error: "is required" })
    .max(max, { error: "is too long" })
    .regex(/^[A-Za-z0-9_-]*={0,2}$/u, { error: "must be base64url" });

export const passkeyNameSchema = z
  .string({ error: "is required" })
  .trim()
  .min(1, { error: "is required" })
  .max(PASSKEY_NAME_MAX, { error: `is longer than ${PASSKEY_NAME_MAX} characters` })
  .meta({ description: "What the passkey is (the device or password manager holding it).", example: "Laptop" });

const transportsSchema = z.array(z.string().max(32)).max(10).optional();

/** What `navigator.credentials.create()` answered, as @simplewebauthn/browser's startRegistration sends it. */
export const registrationCredentialSchema = z
  .object({
    id: b64url(1400).min(1, { error: "is required" }),
    rawId: b64url(1400),
    type: z.literal("public-key"),
    response: z.object({
      clientDataJSON: b64url(8000),
      attestationObject: b64url(40_000),
      transports: transportsSchema,
    }),
    authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
    clientExtensionResults: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: "PasskeyRegistrationCredential", description: "RegistrationResponseJSON (WebAuthn Level 3)." });

/** What `navigator.credentials.get()` answered, as startAuthentication sends it. */
export const assertionCredentialSchema = z
  .object({
    id: b64url(1400).min(1, { error: "is required" }),
    rawId: b64url(1400),
    type: z.literal("public-key"),
    response: z.object({
      clientDataJSON: b64url(8000),
      authenticatorData: b64url(8000),
      signature: b64url(2000),
      userHandle: b64url(200).optional(),
    }),
    authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
    clientExtensionResults: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: "PasskeyAssertionCredential", description: "AuthenticationResponseJSON (WebAuthn Level 3)." });
export type AssertionCredential = z.infer<typeof assertionCredentialSchema>;
export type RegistrationCredential = z.infer<typeof registrationCredentialSchema>;

const flowToken = passkeyFlowTokenSchema.meta({ description: "The flow token the options call answered." });

export const registerPasskeyBodySchema = z.object({
  flow_token: flowToken,
  name: passkeyNameSchema,
  credential: registrationCredentialSchema,
});
export const assertionBodySchema = z.object({ flow_token: flowToken, credential: assertionCredentialSchema });
export const passkeySignInBodySchema = assertionBodySchema.extend({
  remember_me: z.boolean({ error: "must be true or false" }).optional(),
});
export const secondFactorOptionsBodySchema = challengeSchema.pick({ challenge_token: true });
export const secondFactorPasskeyBodySchema = assertionBodySchema.extend(secondFactorOptionsBodySchema.shape);
export const renamePasskeyBodySchema = z.object({ name: passkeyNameSchema });
/** Removing a passkey is confirmed with the account password, or with a passkey (a proof from POST …/confirm). */
export const removePasskeyBodySchema = z.object({
  password: z
    .string({ error: "is required" })
    .min(1, { error: "is required" })
    .max(128, { error: "is too long" })
    .meta({ description: "The account password, or a passkey proof (pkc_…) from POST /auth/passkeys/confirm." }),
});
export const passkeyParamSchema = z.object({
  id: z.uuid({ error: "is not a passkey id" }).meta({ param: { name: "id", in: "path" } }),
});

const timestamp = z.string().meta({ description: "ISO 8601, UTC." });

export const passkeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    created_at: timestamp,
    last_used_at: timestamp.nullable().meta({ description: "Last sign-in or confirmation with it; null: never." }),
    backed_up: z.boolean().meta({ description: "Synced by its provider (a multi-device passkey)." }),
    device_type: z.enum(["singleDevice", "multiDevice"]),
  })
  .meta({ id: "Passkey" });
export type PasskeyView = z.infer<typeof passkeySchema>;

/** WebAuthn options as JSON (PublicKeyCredentialCreationOptionsJSON or …RequestOptionsJSON). */
const optionsSchema = z
  .looseObject({ challenge: z.string() })
  .meta({ description: "Pass to navigator.credentials (or @simplewebauthn/browser) as is." });

export const passkeyOptionsSchema = z
  .object({
    flow_token: z.string().meta({ description: "Send it back with the credential (works once, 3 minutes)." }),
    expires_at: timestamp,
    options: optionsSchema,
  })
  .meta({ id: "PasskeyOptions" });

export const passkeyProofSchema = z
  .object({
    proof: z.string().meta({
      description:
        "Send it as the `password` of one password confirmation of this session (domain lock, auth code, delete, …): once, within 2 minutes.",
      example: "pkc_…",
    }),
    expires_at: timestamp,
  })
  .meta({ id: "PasskeyProof" });

const tags = ["Passkeys"];
const sessionOnly = "Only a session's access token: personal API tokens never reach /auth/**.";

export const listPasskeysRoute = apiRoute({
  method: "get",
  path: "/auth/passkeys",
  tags,
  summary: "The account's passkeys",
  description: sessionOnly,
  security: BEARER,
  responses: { 200: ok(z.object({ passkeys: z.array(passkeySchema) }), "The passkeys, oldest first.") },
});

export const registrationOptionsRoute = apiRoute(
  {
    method: "post",
    path: "/auth/passkeys/register/options",
    tags,
    summary: "Options to create a passkey for this account",
    description: `Resident key and user verification required. ${sessionOnly}`,
    security: BEARER,
    responses: { 200: ok(passkeyOptionsSchema, "The creation options and their flow token.") },
  },
  ["too_many_passkeys", "passkey_invalid"],
);

export const registerPasskeyRoute = apiRoute(
  {
    method: "post",
    path: "/auth/passkeys/register",
    tags,
    summary: "Add a passkey",
    description: "The owner is mailed. The credential must answer this session's challenge, from this site's origin.",
    security: BEARER,
    request: { body: jsonBody(registerPasskeyBodySchema) },
    responses: { 201: ok(passkeySchema, "The passkey was added.") },
  },
  ["passkey_invalid", "passkey_challenge_invalid", "passkey_already_registered", "too_many_passkeys"],
);

export const renamePasskeyRoute = apiRoute(
  {
    method: "patch",
    path: "/auth/passkeys/{id}",
    tags,
    summary: "Rename a passkey",
    security: BEARER,
    request: { params: passkeyParamSchema, body: jsonBody(renamePasskeyBodySchema) },
    responses: { 200: ok(passkeySchema, "The passkey, renamed.") },
  },
  ["passkey_not_found"],
);

export const removePasskeyRoute = apiRoute(
  {
    method: "delete",
    path: "/auth/passkeys/{id}",
    tags,
    summary: "Remove a passkey",
    description:
      "Confirmed with the account password or a passkey proof (the password confirmations' limit applies). The owner is mailed.",
    security: BEARER,
    request: { params: passkeyParamSchema, body: jsonBody(removePasskeyBodySchema) },
    responses: { 200: ok(z.object({ id: z.string() }), "The passkey was removed.") },
  },
  ["passkey_not_found", "invalid_password"],
);

export const signInOptionsRoute = apiRoute(
  {
    method: "post",
    path: "/auth/passkeys/login/options",
    tags,
    summary: "Options to sign in with a passkey",
    description: "No credentials listed: the browser offers the passkeys it holds for this site (discoverable).",
    responses: { 200: ok(passkeyOptionsSchema, "The request options and their flow token.") },
  },
  ["passkey_invalid"],
);

export const signInRoute = apiRoute(
  {
    method: "post",
    path: "/auth/passkeys/login",
    tags,
    summary: "Sign in with a passkey",
    description:
      "In place of username, password, seed key and the second factor (the passkey verified its user). Failures count as failed sign-ins.",
    request: { body: jsonBody(passkeySignInBodySchema) },
    responses: { 200: ok(signedInSchema, "Signed in.") },
  },
  ["passkey_invalid", "passkey_challenge_invalid", "too_many_attempts", "server_misconfigured"],
);

export const secondFactorOptionsRoute = apiRoute(
  {
    method: "post",
    path: "/auth/passkeys/login/2fa/options",
    tags,
    summary: "Options to pass the two-factor step with a passkey",
    request: { body: jsonBody(secondFactorOptionsBodySchema) },
    responses: { 200: ok(passkeyOptionsSchema, "The request options (the account's passkeys) and their flow token.") },
  },
  ["challenge_expired", "passkey_not_found", "passkey_invalid", "server_misconfigured"],
);

export const secondFactorRoute = apiRoute(
  {
    method: "post",
    path: "/auth/passkeys/login/2fa",
    tags,
    summary: "Complete a sign-in's two-factor step with a passkey",
    description: "Failures count on the two-factor challenge like wrong codes (it dies at the 5th).",
    request: { body: jsonBody(secondFactorPasskeyBodySchema) },
    responses: { 200: ok(signedInSchema, "Signed in.") },
  },
  [
    "challenge_expired",
    "challenge_locked",
    "passkey_invalid",
    "passkey_challenge_invalid",
    "too_many_attempts",
    "server_misconfigured",
  ],
);

export const confirmOptionsRoute = apiRoute(
  {
    method: "post",
    path: "/auth/passkeys/confirm/options",
    tags,
    summary: "Options to confirm an action with a passkey instead of the password",
    security: BEARER,
    responses: { 200: ok(passkeyOptionsSchema, "The request options (the account's passkeys) and their flow token.") },
  },
  ["passkey_not_found", "passkey_invalid"],
);

export const confirmRoute = apiRoute(
  {
    method: "post",
    path: "/auth/passkeys/confirm",
    tags,
    summary: "Prove a password confirmation with a passkey",
    description:
      "Answers a proof that one password confirmation of this session takes as its password. Failures count as wrong passwords (the password confirmations' limit).",
    security: BEARER,
    request: { body: jsonBody(assertionBodySchema) },
    responses: { 200: ok(passkeyProofSchema, "The proof.") },
  },
  ["passkey_invalid", "passkey_challenge_invalid"],
);
