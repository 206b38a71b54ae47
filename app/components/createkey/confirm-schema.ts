import { AUTH_MESSAGES } from "../../../core/auth/schemas";
import { z } from "../../../core/zod";
import { SAVED_REQUIRED } from "./confirm";

// The seed-key confirmation form (/createkey): checked by the action, and in the browser once the
// page loads it (a module of its own, so the route's first bytes do not carry zod).

/** The confirmation form: the box ticked and the two asked words typed. */
export const confirmSchema = z.object({
  saved: z.literal("on", { error: SAVED_REQUIRED }),
  first: z
    .string({ error: AUTH_MESSAGES.required })
    .trim()
    .min(1, { error: AUTH_MESSAGES.required })
    .max(100, { error: AUTH_MESSAGES.tooLong }),
  second: z
    .string({ error: AUTH_MESSAGES.required })
    .trim()
    .min(1, { error: AUTH_MESSAGES.required })
    .max(100, { error: AUTH_MESSAGES.tooLong }),
});
