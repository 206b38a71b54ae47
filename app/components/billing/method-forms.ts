import { cardFormSchema } from "../../../core/payments/card";
import { z } from "../../../core/zod";
import { METHOD_INTENTS, NICKNAME_MAX } from "./methods";

export { METHODS_PATH, METHOD_INTENTS, NICKNAME_MAX } from "./methods";
export type { MethodIntent, PaymentMethodItem } from "./methods";

// The payment-methods page (/dashboard/billing/methods): its intents and the add-a-card schema,
// shared by the forms and the action (server/payment-methods.server.ts).

/**
 * The add-a-card form of the embedded test provider: the card fields (core/payments/card.ts's
 * `cardFormSchema`, nested under "card"), a nickname and "use as default". One schema for Conform
 * in the browser and the action.
 */
export function addCardSchema(now?: () => Date) {
  return z.object({
    intent: z.literal(METHOD_INTENTS.addCard),
    card: cardFormSchema(now),
    nickname: z.string().trim().max(NICKNAME_MAX, { error: "nickname_too_long" }).optional(),
    set_as_default: z.boolean().optional(),
  });
}
