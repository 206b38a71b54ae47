// Request bodies of the saved-payment-method API (SPEC §7 "Payments and discounts") and of the
// test provider's browser-facing endpoints. Strict: an unknown field is a 400 naming it.
import { z } from "../zod";

const UNKNOWN_FIELD = "is not an accepted field";
const strict = {
  error: (issue: { code?: string }) => (issue.code === "unrecognized_keys" ? UNKNOWN_FIELD : undefined),
};

/** A provider payment method id as Stripe spells them ("pm_…"; older "card_…" ids too). */
export const paymentMethodRefSchema = z
  .string({ error: "must be a payment method id like pm_…" })
  .regex(/^(pm|card)_[A-Za-z0-9_]{1,250}$/, { error: "must be a payment method id like pm_…" });

export const NICKNAME_MAX = 50;

export const nicknameSchema = z
  .string({ error: "must be text" })
  .trim()
  .max(NICKNAME_MAX, { error: `must be at most ${NICKNAME_MAX} characters` })
  .transform((value) => (value === "" ? null : value));

/** POST /user/payment-methods {stripe_payment_method_id, set_as_default, nickname}. */
export const savePaymentMethodSchema = z.strictObject(
  {
    stripe_payment_method_id: paymentMethodRefSchema,
    set_as_default: z.boolean({ error: "must be true or false" }).optional().default(false),
    nickname: nicknameSchema
      .nullable()
      .optional()
      .transform((value) => value ?? null),
  },
  strict,
);
export type SavePaymentMethodInput = z.output<typeof savePaymentMethodSchema>;

/** POST and DELETE /user/payment-method {payment_method_id}: our id (uuid) or the provider's (pm_…). */
export const paymentMethodIdBodySchema = z.strictObject(
  {
    payment_method_id: z.union([z.uuid(), paymentMethodRefSchema], { error: "must be a payment method id" }),
  },
  strict,
);

/** POST /payment/test/payment-methods: the test provider tokenises a typed card. */
export const testCardBodySchema = z.strictObject(
  {
    number: z.string({ error: "incomplete_number" }).max(40, { error: "invalid_number" }),
    exp_month: z.number({ error: "incomplete_expiry" }).int({ error: "incomplete_expiry" }),
    exp_year: z.number({ error: "incomplete_expiry" }).int({ error: "incomplete_expiry" }),
    cvc: z.string({ error: "incomplete_cvc" }).max(4, { error: "incomplete_cvc" }),
  },
  strict,
);

/** POST /payment/test/3ds/{ref}: the simulated 3-D Secure page's answer. */
export const threeDSecureBodySchema = z.strictObject(
  { result: z.enum(["complete", "fail"], { error: 'must be "complete" or "fail"' }) },
  strict,
);
