import type { SubmissionResult } from "@conform-to/react";

/** The intents of the forgot-password page's one action. */
export const FORGOT_INTENTS = { send: "send", resend: "resend", reset: "reset", link: "link" } as const;

/** The page's steps: ask for a code, the code and a new password (or the mail's link), done. */
export type ForgotStep = "request" | "reset" | "link" | "done";

export type ForgotActionData = { intent: string; result: SubmissionResult<string[]> };
