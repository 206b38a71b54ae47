import { data, type AppLoadContext } from "@remix-run/cloudflare";
import type { TFunction } from "i18next";
import type { SubmissionResult } from "@conform-to/react";
import { apiErrorText, isCode } from "../i18n/api-errors";
import type { ApiResult, ReadableResponse } from "./api.server";
import { readUserApi, sessionHeaders } from "./session.server";
import { redirectWithToast } from "./toast.server";

/** The API's refusal as a translated text (SPEC §8: settings and transfer texts). */
export function failureText(t: TFunction, answer: Extract<ApiResult<unknown>, { ok: false }>): string {
  return apiErrorText(t, answer, "domains");
}

/** A password form's refusal: a wrong password under the field, anything else above the form. */
export function passwordRefusal(
  submission: {
    reply(options: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }): SubmissionResult<string[]>;
  },
  answer: Extract<ApiResult<unknown>, { ok: false }>,
  t: TFunction,
): SubmissionResult<string[]> {
  const text = failureText(t, answer);
  return isCode(answer, "invalid_password")
    ? submission.reply({ fieldErrors: { password: [text] } })
    : submission.reply({ formErrors: [text] });
}

/** The page's status for an API refusal: 500 for the server's, 404 for not found, 400 for the rest. */
export function statusOf(answer: { status: number }): number {
  return answer.status >= 500 ? 500 : answer.status === 404 ? 404 : 400;
}

/**
 * What a signed-in domain page's action answers with (detail, DNS, transfer out): the form's
 * data with the session's headers, a 303 with a success toast, and the API's answer read for
 * this session (a refreshed token is kept).
 */
export function domainActionReplies<T>(request: Request, context: AppLoadContext, path: string) {
  return {
    reply: async (value: T, status: number) => data(value, { status, headers: await sessionHeaders(request, context) }),
    done: async (description: string, to = path) =>
      redirectWithToast(
        to,
        { type: "success", description },
        { status: 303, headers: await sessionHeaders(request, context) },
      ),
    read: <R extends ReadableResponse>(response: R) => readUserApi(request, context, response),
  };
}
