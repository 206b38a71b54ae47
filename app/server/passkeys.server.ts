import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { flowTarget } from "../../core/auth/flow-redirect";
import { passkeyFlowTokenSchema } from "../../core/auth/passkey-challenges";
import {
  assertionCredentialSchema,
  passkeyNameSchema,
  registrationCredentialSchema,
} from "../../workers/api/contract/passkeys";
import type { SignedIn } from "../../workers/api/contract/auth";
import { apiErrorText, type ApiFailure } from "../i18n/api-errors";
import { apiClient, readApi } from "./api.server";
import { getCartId } from "./cookies.server";
import { getTranslator } from "./i18n.server";
import { getSessionState, signedInHeaders, userApi } from "./session.server";
import { readChallenge } from "./signin-flow.server";
import { createToastHeaders } from "./toast.server";

// The passkey ceremonies of the pages (issue 24), behind the resource route /passkeys
// (app/routes/passkeys.ts): the browser (app/components/passkeys/browser.ts) posts each step
// here and gets JSON; this calls /api/v1/auth/passkeys/… in-process with the session's token
// (the tokens never reach the browser). Sign-in with a passkey opens the session here and answers
// where to go; adding one answers ok (the page reloads its list); a confirmation answers the
// proof the page's form then sends as its password.

export const PASSKEY_INTENTS = {
  registerOptions: "register-options",
  register: "register",
  confirmOptions: "confirm-options",
  confirm: "confirm",
  signInOptions: "signin-options",
  signIn: "signin",
  secondFactorOptions: "2fa-options",
  secondFactor: "2fa",
} as const;

/** A credential as the browser posts it: the JSON of @simplewebauthn/browser's answer. */
const credentialField = <S extends z.ZodType>(schema: S) =>
  z.string().transform((text, ctx): z.output<S> => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: "custom", message: "is not JSON" });
      return z.NEVER;
    }
    const result = schema.safeParse(parsed);
    if (!result.success) {
      ctx.addIssue({ code: "custom", message: "is not a passkey answer" });
      return z.NEVER;
    }
    return result.data;
  });

const registerFormSchema = z.object({
  flow_token: passkeyFlowTokenSchema,
  name: passkeyNameSchema,
  credential: credentialField(registrationCredentialSchema),
});
const assertionFormSchema = z.object({
  flow_token: passkeyFlowTokenSchema,
  credential: credentialField(assertionCredentialSchema),
});
const signInFormSchema = assertionFormSchema.extend({
  redirect: z.string().optional(),
  remember_me: z.literal("on").optional(),
});

/** A plain JSON answer: the browser reads it with fetch (a resource route, no Remix data encoding). */
const json = (body: Record<string, unknown>, status = 200, headers?: Headers) =>
  Response.json(body, { status, ...(headers ? { headers } : {}) });

/** GET /passkeys: how many passkeys the signed-in account has (0 when signed out): confirm buttons show only then. */
export async function passkeyCount({ request, context }: LoaderFunctionArgs) {
  const state = await getSessionState(request, context);
  if (!state.auth) return json({ count: 0 });
  const answer = await readApi(await userApi(context, request, state.auth).api.v1.auth.passkeys.$get());
  return json({ count: answer.ok ? answer.data.passkeys.length : 0 });
}

export async function passkeyAction({ request, context }: ActionFunctionArgs) {
  const form = Object.fromEntries(await request.formData());
  const intent = form.intent;
  const { t } = await getTranslator(request, ["security", "signin", "account"]);
  const failed = (answer: ApiFailure, place: "security" | "signin") =>
    json({ ok: false, message: apiErrorText(t, answer, place) }, answer.status);
  const invalid = () => json({ ok: false, message: t("security:passkeys.failed") }, 400);
  const options = (answer: { flow_token: string; options: Record<string, unknown> }) =>
    json({ ok: true, flowToken: answer.flow_token, options: answer.options });

  switch (intent) {
    case PASSKEY_INTENTS.signInOptions: {
      const answer = await readApi(await apiClient(context, request).api.v1.auth.passkeys.login.options.$post());
      return answer.ok ? options(answer.data) : failed(answer, "signin");
    }
    case PASSKEY_INTENTS.signIn: {
      const parsed = signInFormSchema.safeParse(form);
      if (!parsed.success) return invalid();
      const cartId = await getCartId(request, context);
      const rememberMe = parsed.data.remember_me === "on";
      const answer = await readApi(
        await apiClient(context, request, { cartId }).api.v1.auth.passkeys.login.$post({
          json: { flow_token: parsed.data.flow_token, credential: parsed.data.credential, remember_me: rememberMe },
        }),
      );
      if (!answer.ok) return failed(answer, "signin");
      return signedIn(request, context, t, answer.data, rememberMe, flowTarget(parsed.data.redirect ?? null));
    }
    case PASSKEY_INTENTS.secondFactorOptions: {
      const challenge = await readChallenge(request, context);
      if (!challenge) return json({ ok: false, message: t("signin:twoFactor.expired") }, 401);
      const answer = await readApi(
        await apiClient(context, request).api.v1.auth.passkeys.login["2fa"].options.$post({
          json: { challenge_token: challenge.challengeToken },
        }),
      );
      return answer.ok ? options(answer.data) : failed(answer, "signin");
    }
    case PASSKEY_INTENTS.secondFactor: {
      const challenge = await readChallenge(request, context);
      if (!challenge) return json({ ok: false, message: t("signin:twoFactor.expired") }, 401);
      const parsed = assertionFormSchema.safeParse(form);
      if (!parsed.success) return invalid();
      const cartId = await getCartId(request, context);
      const answer = await readApi(
        await apiClient(context, request, { cartId }).api.v1.auth.passkeys.login["2fa"].$post({
          json: { ...parsed.data, challenge_token: challenge.challengeToken },
        }),
      );
      if (!answer.ok) return failed(answer, "signin");
      return signedIn(request, context, t, answer.data, challenge.rememberMe, challenge.redirectTo);
    }
    default:
      return signedInAction(request, context, intent, form, t, failed, invalid, options);
  }
}

/** The steps only a signed-in account takes: add a passkey, prove a confirmation. */
async function signedInAction(
  request: Request,
  context: ActionFunctionArgs["context"],
  intent: FormDataEntryValue | undefined,
  form: Record<string, FormDataEntryValue>,
  t: Awaited<ReturnType<typeof getTranslator>>["t"],
  failed: (answer: ApiFailure, place: "security" | "signin") => ReturnType<typeof json>,
  invalid: () => ReturnType<typeof json>,
  options: (answer: { flow_token: string; options: Record<string, unknown> }) => ReturnType<typeof json>,
) {
  const state = await getSessionState(request, context);
  const headers = new Headers();
  if (state.setCookie) headers.append("Set-Cookie", state.setCookie);
  if (!state.auth) return json({ ok: false, message: t("translation:session.expired") }, 401, headers);
  const passkeys = userApi(context, request, state.auth).api.v1.auth.passkeys;
  switch (intent) {
    case PASSKEY_INTENTS.registerOptions: {
      const answer = await readApi(await passkeys.register.options.$post());
      return answer.ok ? options(answer.data) : failed(answer, "security");
    }
    case PASSKEY_INTENTS.register: {
      const parsed = registerFormSchema.safeParse(form);
      if (!parsed.success) return invalid();
      const answer = await readApi(await passkeys.register.$post({ json: parsed.data }));
      if (!answer.ok) return failed(answer, "security");
      const toast = await createToastHeaders({ type: "success", description: t("security:passkeys.added") });
      for (const [name, value] of toast) headers.append(name, value);
      return json({ ok: true }, 200, headers);
    }
    case PASSKEY_INTENTS.confirmOptions: {
      const answer = await readApi(await passkeys.confirm.options.$post());
      return answer.ok ? options(answer.data) : failed(answer, "security");
    }
    case PASSKEY_INTENTS.confirm: {
      const parsed = assertionFormSchema.safeParse(form);
      if (!parsed.success) return invalid();
      const answer = await readApi(await passkeys.confirm.$post({ json: parsed.data }));
      return answer.ok ? json({ ok: true, proof: answer.data.proof }, 200, headers) : failed(answer, "security");
    }
    default:
      return json({ ok: false, message: t("security:unknownIntent") }, 400, headers);
  }
}

/** The session opened by a passkey: cookies, the welcome toast, and where the browser goes next. */
async function signedIn(
  request: Request,
  context: ActionFunctionArgs["context"],
  t: Awaited<ReturnType<typeof getTranslator>>["t"],
  answer: SignedIn,
  rememberMe: boolean,
  redirectTo: string,
) {
  const headers = await signedInHeaders(request, context, t, answer, rememberMe);
  return json({ ok: true, redirectTo: flowTarget(redirectTo) }, 200, headers);
}
