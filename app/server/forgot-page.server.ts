import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { isRecoveryToken } from "../../core/auth/recovery-token";
import {
  emailSchema,
  forgotPasswordSchema,
  resetPasswordLinkSchema,
  resetPasswordSchema,
} from "../../core/auth/schemas";
import { FORGOT_INTENTS, type ForgotActionData, type ForgotStep } from "../components/forgot/forms";
import { apiErrorText, isCode } from "../i18n/api-errors";
import { apiClient, readApi } from "./api.server";
import { getTranslator } from "./i18n.server";
import {
  clearResetFlow,
  commitRecoveryBrowser,
  commitResetFlow,
  getRecoveryBrowser,
  getResetFlowToken,
} from "./recovery.server";
import { destroyUserSession, getSessionState } from "./session.server";
import { redirectWithToast } from "./toast.server";

// /forgot (forgot password): the step from the URL, and the one action of its forms (send or
// resend the code, reset with the code, reset with the mail's link).

function resetUrl(email: string): string {
  return `/forgot?${new URLSearchParams({ step: "reset", email }).toString()}`;
}

export async function loadForgotPage(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const [{ t }, session] = await Promise.all([
    getTranslator(request, ["forgot", "account"]),
    getSessionState(request, context),
  ]);
  const requested = url.searchParams.get("step");
  const step: ForgotStep =
    requested === "reset" || requested === "done" || requested === "link" ? requested : "request";
  let email = "";
  let token = "";
  if (step === "link") {
    const value = url.searchParams.get("token");
    // A link without a well-formed token starts over.
    if (!isRecoveryToken(value)) throw redirect("/forgot");
    token = value;
  }
  if (step === "reset") {
    const parsed = emailSchema.safeParse(url.searchParams.get("email") ?? "");
    // A reset step without a usable address starts over.
    if (!parsed.success) throw redirect("/forgot");
    email = parsed.data;
  }
  if (step === "request") email = session.auth?.user.email ?? "";
  return { title: t("metaTitle"), step, email, token };
}

export async function forgotAction(request: Request, context: AppLoadContext) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const { t } = await getTranslator(request, ["forgot", "account"]);
  const api = apiClient(context, request);

  switch (intent) {
    case FORGOT_INTENTS.send:
    case FORGOT_INTENTS.resend: {
      const submission = parseWithZod(formData, { schema: forgotPasswordSchema });
      if (submission.status !== "success")
        return data<ForgotActionData>({ intent, result: submission.reply() }, { status: 400 });
      const { email } = submission.value;
      const browserToken = await getRecoveryBrowser(request, context);
      const answer = await readApi(
        await api.api.v1.auth["forgot-password"].$post({
          json: { email, ...(browserToken ? { browser_token: browserToken } : {}) },
        }),
      );
      if (!answer.ok) {
        return data<ForgotActionData>(
          { intent, result: submission.reply({ formErrors: [apiErrorText(t, answer, "forgot")] }) },
          { status: answer.status === 429 ? 429 : 400 },
        );
      }
      // The same answer whether or not an account has the address (the API reveals nothing either).
      // This browser's flow: only it may try the code this request mailed.
      const headers = new Headers({
        "Set-Cookie": await commitResetFlow(context, { email, token: answer.data.flow_token }),
      });
      if (intent === FORGOT_INTENTS.send) throw redirect(resetUrl(email), { status: 303, headers });
      throw await redirectWithToast(
        resetUrl(email),
        { type: "info", description: t("reset.resent") },
        { status: 303, headers },
      );
    }
    case FORGOT_INTENTS.reset: {
      const hideFields = ["code", "password", "confirmPassword"];
      const submission = parseWithZod(formData, { schema: resetPasswordSchema });
      if (submission.status !== "success")
        return data<ForgotActionData>({ intent, result: submission.reply({ hideFields }) }, { status: 400 });
      const { email, code, password } = submission.value;
      const flowToken = await getResetFlowToken(request, context, email);
      // No flow of this browser for the address (another browser asked): only the mail's link works here.
      if (!flowToken)
        return data<ForgotActionData>(
          { intent, result: submission.reply({ hideFields, fieldErrors: { code: [t("errors.noFlow")] } }) },
          { status: 400 },
        );
      const answer = await readApi(
        await api.api.v1.auth["reset-password"].$post({ json: { email, code, password, flow_token: flowToken } }),
      );
      if (!answer.ok) {
        const text = apiErrorText(t, answer, "forgot");
        const result = isCode(answer, "code_invalid")
          ? submission.reply({ hideFields, fieldErrors: { code: [text] } })
          : submission.reply({ hideFields, formErrors: [text] });
        return data<ForgotActionData>({ intent, result }, { status: answer.status === 429 ? 429 : 400 });
      }
      return resetDone(request, context, answer.data);
    }
    case FORGOT_INTENTS.link: {
      const hideFields = ["password", "confirmPassword"];
      const submission = parseWithZod(formData, { schema: resetPasswordLinkSchema });
      if (submission.status !== "success")
        return data<ForgotActionData>({ intent, result: submission.reply({ hideFields }) }, { status: 400 });
      const { token, password } = submission.value;
      const answer = await readApi(await api.api.v1.auth["reset-password-link"].$post({ json: { token, password } }));
      if (!answer.ok) {
        return data<ForgotActionData>(
          { intent, result: submission.reply({ hideFields, formErrors: [apiErrorText(t, answer, "forgot")] }) },
          { status: answer.status === 429 ? 429 : 400 },
        );
      }
      return resetDone(request, context, answer.data);
    }
    default:
      return data<ForgotActionData>(
        { intent, result: { status: "error", error: { "": [t("account:serverError")] } } },
        { status: 400 },
      );
  }
}

/**
 * A finished reset: the flow cookie goes, this browser is remembered for later code requests, and
 * a signed-in session of that account here ends too (the reset signed out every session of it).
 */
async function resetDone(
  request: Request,
  context: AppLoadContext,
  answer: { email: string; browser_token: string },
): Promise<never> {
  const headers = new Headers();
  headers.append("Set-Cookie", await clearResetFlow(context));
  headers.append("Set-Cookie", await commitRecoveryBrowser(context, answer.browser_token));
  const { auth } = await getSessionState(request, context);
  if (auth && auth.user.email === answer.email)
    for (const [name, value] of await destroyUserSession(request, context)) headers.append(name, value);
  throw redirect("/forgot?step=done", { status: 303, headers });
}
