/** The cart page's discount-code intents. */
export const DISCOUNT_INTENTS = { apply: "discount-apply", remove: "discount-remove" } as const;

/** The discount form's answer when a code is refused: shown beside the field, the code kept. */
export type DiscountActionData = { ok: false; intent: typeof DISCOUNT_INTENTS.apply; code: string; message: string };

export function isDiscountRefusal(value: unknown): value is DiscountActionData {
  return (
    typeof value === "object" &&
    value !== null &&
    "intent" in value &&
    value.intent === DISCOUNT_INTENTS.apply &&
    "code" in value
  );
}
