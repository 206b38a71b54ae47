import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { changeUsernameSchema } from "../../core/auth/schemas";
import {
  changeEmailFormSchema,
  PROFILE_INTENTS,
  SETTINGS_PATH,
  verifyCodeSchema,
  type ProfileIntent,
} from "../components/dashboard/profile";
import { apiErrorText, isCode } from "../i18n/api-errors";
import type { ApiErrorCode } from "../../workers/api/contract/errors";
import { getTranslator } from "./i18n.server";
import {
  readUserApi,
  requireAuth,
  sessionHeaders,
  updateSessionUser,
  userApi,
  type AccountUser,
  type AuthSession,
} from "./session.server";
import type { ApiResult } from "./api.server";
import { redirectWithToast } from "./toast.server";

// The profile settings page (app/routes/dashboard.settings._index.tsx): its data and its action.

type ActionData = { intent: ProfileIntent | null; result: SubmissionResult<string[]> | null; message: string | null };

/** The signed-in user as the API knows them now (the session's copy when the call fails). */
export async function currentProfile(request: Request, context: LoaderFunctionArgs["context"], auth: AuthSession) {
  const answer = await readUserApi(request, context, await userApi(context, request, auth).api.v1.profile.$get());
  return answer.ok
    ? { username: answer.data.username, email: answer.data.email, emailVerified: answer.data.email_verified }
    : { username: auth.user.username, email: auth.user.email, emailVerified: auth.user.emailVerified };
}

/** The page's data: the profile and the title. */
export async function loadProfileSettings({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const [{ t }, profile] = await Promise.all([
    getTranslator(request, ["dashboard"]),
    currentProfile(request, context, auth),
  ]);
  return { title: t("profile.metaTitle"), profile };
}

/**
 * One action, four intents (house style): change username, change email, verify the (new) email
 * with its code, send a new code. Success → 303 back here with a toast; a form error → the
 * submission's reply (passwords never echoed) and a 4xx status.
 */
export async function profileAction({ request, context }: ActionFunctionArgs) {
  const auth = await requireAuth(request, context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const { t } = await getTranslator(request, ["dashboard", "account"]);
  const api = userApi(context, request, auth).api.v1;
  const reply = async (value: ActionData, status: number) =>
    data(value, { status, headers: await sessionHeaders(request, context) });
  /**
   * The API's answer to a username or email change: refused → the form again, the reason on the
   * password, on `field` (for its two codes) or on the form; done → the session's copy and a toast.
   */
  const changeAnswered = async (
    changed: ProfileIntent,
    answer: ApiResult<AccountUser>,
    replyWith: (options: { hideFields: string[] } & ReturnType<typeof refusalErrors>) => SubmissionResult<string[]>,
    [field, ...codes]: [string, ApiErrorCode, ApiErrorCode],
    done: (user: AccountUser) => string,
  ) => {
    if (!answer.ok) {
      const errors = refusalErrors(apiErrorText(t, answer, "profile"), answer, field, ...codes);
      return reply(
        { intent: changed, result: replyWith({ hideFields: ["password"], ...errors }), message: null },
        answer.status,
      );
    }
    const headers = await updateSessionUser(request, context, auth, answer.data);
    return redirectWithToast(
      SETTINGS_PATH,
      { type: "success", description: done(answer.data) },
      { status: 303, headers },
    );
  };

  switch (intent) {
    case PROFILE_INTENTS.changeUsername: {
      const submission = parseWithZod(formData, { schema: changeUsernameSchema });
      if (submission.status !== "success") {
        return reply({ intent, result: submission.reply({ hideFields: ["password"] }), message: null }, 400);
      }
      const answer = await readUserApi(request, context, await api.account.username.$put({ json: submission.value }));
      return changeAnswered(
        intent,
        answer,
        submission.reply,
        ["new_username", "username_taken", "username_unchanged"],
        (user) => t("profile.username.changed", { username: user.username }),
      );
    }

    case PROFILE_INTENTS.changeEmail: {
      const current = await currentProfile(request, context, auth);
      const submission = parseWithZod(formData, {
        schema: changeEmailFormSchema(current.email, t("profile.email.unchanged")),
      });
      if (submission.status !== "success") {
        return reply({ intent, result: submission.reply({ hideFields: ["password"] }), message: null }, 400);
      }
      const answer = await readUserApi(request, context, await api.account.email.$put({ json: submission.value }));
      return changeAnswered(
        intent,
        answer,
        submission.reply,
        ["new_email", "email_exists", "email_unchanged"],
        (user) => t("profile.email.changed", { email: user.email }),
      );
    }

    case PROFILE_INTENTS.verifyEmail: {
      const submission = parseWithZod(formData, { schema: verifyCodeSchema });
      if (submission.status !== "success") return reply({ intent, result: submission.reply(), message: null }, 400);
      const current = await currentProfile(request, context, auth);
      if (current.emailVerified) {
        return redirectWithToast(
          SETTINGS_PATH,
          { type: "info", description: t("profile.verify.alreadyVerified") },
          { status: 303, headers: await sessionHeaders(request, context) },
        );
      }
      const answer = await readUserApi(
        request,
        context,
        await api.auth["verify-email"].$post({ json: { email: current.email, code: submission.value.code } }),
      );
      if (!answer.ok) {
        const invalid = isCode(answer, "code_invalid");
        const text = apiErrorText(t, answer, "profile");
        return reply(
          {
            intent,
            result: submission.reply({
              fieldErrors: invalid ? { code: [text] } : {},
              formErrors: invalid ? [] : [text],
            }),
            message: null,
          },
          answer.status,
        );
      }
      const profile = await readUserApi(request, context, await api.profile.$get());
      const headers = profile.ok
        ? await updateSessionUser(request, context, auth, profile.data)
        : await sessionHeaders(request, context);
      return redirectWithToast(
        SETTINGS_PATH,
        { type: "success", description: t("profile.verify.verified", { email: current.email }) },
        { status: 303, headers },
      );
    }

    case PROFILE_INTENTS.resendCode: {
      const answer = await readUserApi(request, context, await api.email["send-verification"].$post());
      const headers = await sessionHeaders(request, context);
      if (!answer.ok) {
        return redirectWithToast(
          SETTINGS_PATH,
          {
            type: isCode(answer, "email_already_verified") ? "info" : "error",
            description: apiErrorText(t, answer, "profile"),
          },
          { status: 303, headers },
        );
      }
      return redirectWithToast(
        SETTINGS_PATH,
        { type: "success", description: t("profile.verify.resent", { email: auth.user.email }) },
        { status: 303, headers },
      );
    }

    default:
      return reply({ intent: null, result: null, message: t("errors.unknownIntent") }, 400);
  }
}

/**
 * A refused change of username or e-mail → the form's errors: the password field for a wrong
 * password, the changed field for its own refusals (taken, unchanged), else the whole form.
 */
function refusalErrors(
  text: string,
  answer: { code: string },
  field: string,
  ...codes: [ApiErrorCode, ...ApiErrorCode[]]
): { fieldErrors: Record<string, string[]>; formErrors: string[] } {
  if (isCode(answer, "invalid_password")) return { fieldErrors: { password: [text] }, formErrors: [] };
  if (isCode(answer, ...codes)) return { fieldErrors: { [field]: [text] }, formErrors: [] };
  return { fieldErrors: {}, formErrors: [text] };
}
