import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { changePasswordSchema, deleteAccountSchema } from "../../core/auth/schemas";
import {
  disableTwoFactorSchema,
  enableTwoFactorSchema,
  type LoginHistoryEntry,
} from "../../workers/api/contract/account";
import {
  createApiTokenFormSchema,
  expiresInDays,
  revokeApiTokenFormSchema,
} from "../components/security/api-token-forms";
import { groupSecret, recoveryCodesFile, textDataUrl } from "../components/security/format";
import { removePasskeyFormSchema, renamePasskeyFormSchema } from "../components/security/passkey-forms";
import { SECURITY_INTENTS, SECURITY_PAGE as PAGE } from "../components/security/intents";
import { apiErrorText, isCode } from "../i18n/api-errors";
import { getTranslator } from "./i18n.server";
import { qrDrawing } from "./qr.server";
import { clearSecurityFlow, commitSecurityFlow, readSecurityFlow } from "./security-flow.server";
import {
  destroyUserSession,
  readUserApi,
  requireAuth,
  sessionHeaders,
  updateSessionUser,
  userApi,
} from "./session.server";
import { createToastHeaders } from "./toast.server";

// The loader and action of the account-security page (app/routes/dashboard.settings.security.tsx,
// SPEC §2): change password, two-factor authentication (the setup and the recovery codes travel
// in the security-flow cookie), personal API tokens (the new secret too, until "I copied it") and
// account deletion. Every form posts a named intent; errors answer 400 with Conform's reply,
// success redirects (303) with a toast.

/** The page's data: 2FA state (and the setup or the recovery codes in flight), login history, API tokens. */
export async function loadSecurityPage({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const { t, locale } = await getTranslator(request, ["security", "account"]);
  const api = userApi(context, request, auth);
  const [profile, history, apiTokens, flow, passkeyList] = await Promise.all([
    api.api.v1.profile.$get().then((response) => readUserApi(request, context, response)),
    api.api.v1.account["login-history"].$get().then((response) => readUserApi(request, context, response)),
    api.api.v1.account["api-tokens"].$get().then((response) => readUserApi(request, context, response)),
    readSecurityFlow(request, context, auth.user.id),
    api.api.v1.auth.passkeys.$get().then((response) => readUserApi(request, context, response)),
  ]);
  const user = profile.ok ? profile.data : null;
  const twoFactorEnabled = user ? user.two_factor_enabled : auth.user.twoFactorEnabled;
  const username = user?.username ?? auth.user.username;

  const setup =
    !twoFactorEnabled && flow?.setup
      ? { secret: flow.setup.secret, grouped: groupSecret(flow.setup.secret), qr: qrDrawing(flow.setup.uri) }
      : null;
  const recovery =
    twoFactorEnabled && flow?.recovery?.length
      ? {
          codes: flow.recovery,
          fileUrl: textDataUrl(recoveryCodesFile(flow.recovery, t("twoFactor.fileHeading", { username }))),
        }
      : null;
  const rows: LoginHistoryEntry[] | null = history.ok
    ? history.data.history.map((entry) => ({
        at: entry.at,
        ip: entry.ip,
        device: entry.device,
        success: entry.success,
      }))
    : null;
  const tokens = apiTokens.ok ? apiTokens.data.tokens : null;
  const createdToken = flow?.apiToken ? { name: flow.apiToken.name, token: flow.apiToken.token } : null;
  return {
    title: t("metaTitle"),
    locale,
    twoFactorEnabled,
    setup,
    recovery,
    history: rows,
    tokens,
    createdToken,
    passkeys: passkeyList.ok ? passkeyList.data.passkeys : null,
    now: Date.now(),
  };
}

type ActionData = { intent: string; id?: string; result: SubmissionResult<string[]> };

function merge(...all: (Headers | null | undefined)[]): Headers {
  const headers = new Headers();
  for (const one of all) if (one) for (const [name, value] of one) headers.append(name, value);
  return headers;
}

function cookieHeader(value: string): Headers {
  return new Headers({ "Set-Cookie": value });
}

/** The page's forms: one intent each; errors answer 400 with Conform's reply, success redirects with a toast. */
export async function securityAction({ request, context }: ActionFunctionArgs) {
  const auth = await requireAuth(request, context);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const { t } = await getTranslator(request, ["security", "account"]);
  const api = userApi(context, request, auth);
  const session = await sessionHeaders(request, context);

  const reply = (result: SubmissionResult<string[]>, status = 400) =>
    data<ActionData>({ intent, result }, { status, headers: session });
  /** The reply of one item's form (a passkey's rename or remove): its id tells the forms apart. */
  const itemReply = (result: SubmissionResult<string[]>, status = 400) =>
    data<ActionData>({ intent, id: String(formData.get("id") ?? ""), result }, { status, headers: session });
  const done = async (description: string, extra: Headers[] = [], to = PAGE, type: "success" | "info" = "success") =>
    redirect(to, { status: 303, headers: merge(session, ...extra, await createToastHeaders({ type, description })) });
  /** The user view after a change, to keep the session's copy current. */
  const refreshedUser = async () => {
    const profile = await readUserApi(request, context, await api.api.v1.profile.$get());
    return profile.ok ? updateSessionUser(request, context, auth, profile.data) : new Headers();
  };

  switch (intent) {
    case SECURITY_INTENTS.changePassword: {
      const hideFields = ["current_password", "new_password", "confirm_password"];
      const submission = parseWithZod(formData, { schema: changePasswordSchema });
      if (submission.status !== "success") return reply(submission.reply({ hideFields }));
      const { current_password, new_password } = submission.value;
      const answer = await readUserApi(
        request,
        context,
        await api.api.v1.account.password.$put({ json: { current_password, new_password } }),
      );
      if (!answer.ok) {
        const text = apiErrorText(t, answer, "security");
        if (isCode(answer, "invalid_password"))
          return reply(submission.reply({ hideFields, fieldErrors: { current_password: [text] } }));
        return reply(submission.reply({ hideFields, formErrors: [text] }), answer.status === 429 ? 429 : 400);
      }
      return done(t("password.changed"));
    }
    case SECURITY_INTENTS.setupTwoFactor: {
      const answer = await readUserApi(request, context, await api.api.v1.account["2fa"].setup.$post());
      if (!answer.ok) {
        return reply(
          { status: "error", error: { "": [apiErrorText(t, answer, "security")] } },
          answer.status === 409 ? 409 : 400,
        );
      }
      const flow = await commitSecurityFlow(request, context, {
        userId: auth.user.id,
        setup: { secret: answer.data.secret, uri: answer.data.otpauth_uri },
      });
      return redirect(`${PAGE}#two-factor`, { status: 303, headers: merge(session, cookieHeader(flow)) });
    }
    case SECURITY_INTENTS.enableTwoFactor: {
      const submission = parseWithZod(formData, { schema: enableTwoFactorSchema });
      if (submission.status !== "success") return reply(submission.reply({ hideFields: ["code"] }));
      const answer = await readUserApi(
        request,
        context,
        await api.api.v1.account["2fa"].enable.$post({ json: submission.value }),
      );
      if (!answer.ok) {
        const text = apiErrorText(t, answer, "security");
        if (isCode(answer, "invalid_two_factor_code"))
          return reply(submission.reply({ hideFields: ["code"], fieldErrors: { code: [text] } }));
        return reply(submission.reply({ hideFields: ["code"], formErrors: [text] }), answer.status === 429 ? 429 : 400);
      }
      const flow = await commitSecurityFlow(request, context, {
        userId: auth.user.id,
        recovery: answer.data.recovery_codes,
      });
      return done(t("twoFactor.enabled"), [cookieHeader(flow), await refreshedUser()], `${PAGE}#two-factor`);
    }
    case SECURITY_INTENTS.cancelTwoFactor:
    case SECURITY_INTENTS.savedRecoveryCodes: {
      return redirect(`${PAGE}#two-factor`, {
        status: 303,
        headers: merge(session, cookieHeader(await clearSecurityFlow(request, context))),
      });
    }
    case SECURITY_INTENTS.disableTwoFactor: {
      const hideFields = ["password", "code"];
      const submission = parseWithZod(formData, { schema: disableTwoFactorSchema });
      if (submission.status !== "success") return reply(submission.reply({ hideFields }));
      const answer = await readUserApi(
        request,
        context,
        await api.api.v1.account["2fa"].disable.$post({ json: submission.value }),
      );
      if (!answer.ok) {
        const text = apiErrorText(t, answer, "security");
        if (isCode(answer, "invalid_password"))
          return reply(submission.reply({ hideFields, fieldErrors: { password: [text] } }));
        if (isCode(answer, "invalid_two_factor_code"))
          return reply(submission.reply({ hideFields, fieldErrors: { code: [text] } }));
        return reply(submission.reply({ hideFields, formErrors: [text] }), answer.status === 429 ? 429 : 400);
      }
      return done(
        t("twoFactor.disabled"),
        [cookieHeader(await clearSecurityFlow(request, context)), await refreshedUser()],
        `${PAGE}#two-factor`,
      );
    }
    case SECURITY_INTENTS.createApiToken: {
      const submission = parseWithZod(formData, { schema: createApiTokenFormSchema });
      if (submission.status !== "success") return reply(submission.reply());
      const { name, scopes, expiry } = submission.value;
      const answer = await readUserApi(
        request,
        context,
        await api.api.v1.account["api-tokens"].$post({
          json: { name, scopes, expires_in_days: expiresInDays(expiry) },
        }),
      );
      if (!answer.ok) {
        const message = apiErrorText(t, answer, "security");
        return reply(
          submission.reply({ formErrors: [message] }),
          answer.status === 409 ? 409 : answer.status === 429 ? 429 : 400,
        );
      }
      // The secret stays in the flow cookie until "I copied it" (the API never answers it again).
      const flow = await readSecurityFlow(request, context, auth.user.id);
      const created = { id: answer.data.id, name: answer.data.name, token: answer.data.token };
      const cookie = await commitSecurityFlow(request, context, { ...flow, userId: auth.user.id, apiToken: created });
      return done(t("apiTokens.created"), [cookieHeader(cookie)], `${PAGE}#api-tokens`);
    }
    case SECURITY_INTENTS.revokeApiToken: {
      const submission = parseWithZod(formData, { schema: revokeApiTokenFormSchema });
      if (submission.status !== "success") return reply({ status: "error", error: { "": [t("apiTokens.notFound")] } });
      const { id } = submission.value;
      const answer = await readUserApi(
        request,
        context,
        await api.api.v1.account["api-tokens"][":id"].$delete({ param: { id } }),
      );
      if (!answer.ok) {
        const message = apiErrorText(t, answer, "security");
        return reply({ status: "error", error: { "": [message] } }, answer.status === 404 ? 404 : 400);
      }
      const flow = await readSecurityFlow(request, context, auth.user.id);
      const extra =
        flow?.apiToken?.id === id
          ? [cookieHeader(await commitSecurityFlow(request, context, { ...flow, apiToken: undefined }))]
          : [];
      return done(t("apiTokens.revoked"), extra, `${PAGE}#api-tokens`);
    }
    case SECURITY_INTENTS.dismissApiToken: {
      const flow = await readSecurityFlow(request, context, auth.user.id);
      const cookie = await commitSecurityFlow(request, context, { ...flow, userId: auth.user.id, apiToken: undefined });
      return redirect(`${PAGE}#api-tokens`, { status: 303, headers: merge(session, cookieHeader(cookie)) });
    }
    case SECURITY_INTENTS.renamePasskey: {
      const submission = parseWithZod(formData, { schema: renamePasskeyFormSchema });
      if (submission.status !== "success") return itemReply(submission.reply());
      const { id, name } = submission.value;
      const answer = await readUserApi(
        request,
        context,
        await api.api.v1.auth.passkeys[":id"].$patch({ param: { id }, json: { name } }),
      );
      if (!answer.ok)
        return itemReply(
          submission.reply({ formErrors: [apiErrorText(t, answer, "security")] }),
          answer.status === 404 ? 404 : 400,
        );
      return done(t("passkeys.renamed"), [], `${PAGE}#passkeys`);
    }
    case SECURITY_INTENTS.removePasskey: {
      const hideFields = ["password"];
      const submission = parseWithZod(formData, { schema: removePasskeyFormSchema });
      if (submission.status !== "success") return itemReply(submission.reply({ hideFields }));
      const { id, password } = submission.value;
      const answer = await readUserApi(
        request,
        context,
        await api.api.v1.auth.passkeys[":id"].$delete({ param: { id }, json: { password } }),
      );
      if (!answer.ok) {
        const text = apiErrorText(t, answer, "security");
        if (isCode(answer, "invalid_password"))
          return itemReply(submission.reply({ hideFields, fieldErrors: { password: [text] } }), 403);
        return itemReply(submission.reply({ hideFields, formErrors: [text] }), answer.status === 429 ? 429 : 400);
      }
      return done(t("passkeys.removed"), [], `${PAGE}#passkeys`);
    }
    case SECURITY_INTENTS.deleteAccount: {
      const hideFields = ["password"];
      const submission = parseWithZod(formData, { schema: deleteAccountSchema });
      if (submission.status !== "success") return reply(submission.reply({ hideFields }));
      const answer = await readUserApi(request, context, await api.api.v1.account.$delete({ json: submission.value }));
      if (!answer.ok) {
        const text = apiErrorText(t, answer, "security");
        if (isCode(answer, "invalid_password"))
          return reply(submission.reply({ hideFields, fieldErrors: { password: [text] } }));
        return reply(submission.reply({ hideFields, formErrors: [text] }), answer.status === 429 ? 429 : 400);
      }
      const signedOut = await destroyUserSession(request, context);
      return redirect("/", {
        status: 303,
        headers: merge(
          signedOut,
          cookieHeader(await clearSecurityFlow(request, context)),
          await createToastHeaders({ type: "success", description: t("delete.deleted") }),
        ),
      });
    }
    default:
      return reply({ status: "error", error: { "": [t("unknownIntent")] } });
  }
}
