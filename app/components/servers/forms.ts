// The forms of a server's dashboard page (/dashboard/vps/:id), house style: one zod schema per form,
// used by Conform in the browser and by the action on the server, and named intents. The schemas'
// messages are stable English texts (SERVER_MESSAGES and SERVER_FORM_MESSAGES); `useServerErrors`
// turns them into the page's language. Any other text (an API refusal) is already translated. The
// intents, answers and error texts are in intents.ts (re-exported here), which the pages import.
import { z } from "../../../core/zod";
import { SERVER_ACTIONS, SERVER_MESSAGES, cycleSchema } from "../../../core/servers";
import { SERVER_FORM_MESSAGES } from "./intents";

export { SERVER_FORM_MESSAGES, SERVER_INTENTS, replyErrors, useServerErrors } from "./intents";
export type { ServerActionData, ServerIntent, ServerOrderActionData } from "./intents";

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
