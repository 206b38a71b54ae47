// The server pages' intents, action answers and error texts (house style: named intents; schema
// messages are stable English texts that useServerErrors translates), apart from the forms' zod
// schemas (forms.ts, which re-exports these): the pages render without loading zod.
import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { SERVER_MESSAGES } from "../../../core/servers/messages";

/** The intents of the server page's one action. */
export const SERVER_INTENTS = { action: "action", reveal: "reveal", renew: "renew", autoRenew: "auto-renew" } as const;
export type ServerIntent = (typeof SERVER_INTENTS)[keyof typeof SERVER_INTENTS];

export const SERVER_FORM_MESSAGES = {
  action: "must be one of the power actions",
  autoRenew: "must be true or false",
} as const;

/** The action's answer: the submission's reply for the form of `intent`, or the revealed password. */
export type ServerActionData = {
  intent: ServerIntent | null;
  result: SubmissionResult<string[]> | null;
  /** Auto-renewal refused for want of a saved card: the page links to the payment methods. */
  needsCard?: boolean;
  /** The root password, once revealed. */
  password?: string;
};

/** The translation key of each schema message (stable English) of the server forms. */
const MESSAGE_KEYS = new Map<string, string>([
  ...Object.entries(SERVER_MESSAGES).map(([key, message]): [string, string] => [
    message,
    `errors.${key === "password" ? "required" : key}`,
  ]),
  [SERVER_FORM_MESSAGES.action, "errors.action"],
  [SERVER_FORM_MESSAGES.autoRenew, "dashboard.autoRenewFailed"],
]);

/** Translates a server form's errors (schema messages); other texts are shown as they are. */
export function useServerErrors(): (errors: string[] | undefined) => string[] | undefined {
  const { t } = useTranslation("servers");
  return (errors) =>
    errors?.map((message) => {
      const key = MESSAGE_KEYS.get(message);
      return key ? t(key) : message;
    });
}

/** Every error of a reply (the form's own, then its fields'), for a form that shows them in one place. */
export function replyErrors(result: SubmissionResult<string[]> | null | undefined): string[] {
  if (!result?.error) return [];
  return Object.values(result.error).flatMap((errors) => errors ?? []);
}

/** The /vps order action's refusal: the plan whose form it is, and the submission's reply. */
export type ServerOrderActionData = { plan: string; result: SubmissionResult<string[]> };
