import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { z } from "../../../core/zod";
import { SERVER_ACTIONS, SERVER_MESSAGES, cycleSchema } from "../../../core/servers";

// The forms of a server's dashboard page (/dashboard/vps/:id), house style: one zod schema per form,
// used by Conform in the browser and by the action on the server, and named intents. The schemas'
// messages are stable English texts (SERVER_MESSAGES and the two below); `useServerErrors` turns
// them into the page's language. Any other text (an API refusal) is already translated.

/** The intents of the server page's one action. */
export const SERVER_INTENTS = { action: "action", reveal: "reveal", renew: "renew", autoRenew: "auto-renew" } as const;
export type ServerIntent = (typeof SERVER_INTENTS)[keyof typeof SERVER_INTENTS];

export const SERVER_FORM_MESSAGES = {
  action: "must be one of the power actions",
  autoRenew: "must be true or false",
} as const;

/** A power action (reboot, stop, start, reinstall), asked for after its confirmation. */
export const powerActionSchema = z.object({
  action: z.enum(SERVER_ACTIONS, { error: SERVER_FORM_MESSAGES.action }),
});

/** The root password, behind the account password (at most 1,024 characters are sent on). */
export const revealFormSchema = z.object({
  password: z.string({ error: SERVER_MESSAGES.password }).transform((value) => value.slice(0, 1024)),
});

/** Auto-renewal on ("true") or off ("false"). */
export const autoRenewFormSchema = z.object({
  enabled: z.enum(["true", "false"], { error: SERVER_FORM_MESSAGES.autoRenew }).transform((value) => value === "true"),
});

/** A renewal into the cart: the cycle, and the hostname for the toast. */
export const renewFormSchema = z.object({
  cycle: cycleSchema,
  hostname: z
    .string()
    .optional()
    .transform((value) => (value ?? "").slice(0, 253)),
});

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
