import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { TFunction } from "i18next";
import { isExpired } from "../../core/payments/card";
import { paymentMethodRefSchema } from "../../core/payments/schemas";
import { z } from "../../core/zod";
import {
  addCardSchema,
  METHOD_INTENTS,
  METHODS_PATH,
  type PaymentMethodItem,
} from "../components/billing/method-forms";
import { cardSecretFields, formatCardExpiry, isPaymentErrorCode } from "../components/payment/card-form";
import type { StripeSetupAnswer } from "../components/payment/stripe-card-setup";
import { apiErrorText, isCode } from "../i18n/api-errors";
import { getTranslator } from "./i18n.server";
import { readUserApi, requireAuth, sessionHeaders, userApi } from "./session.server";
import { redirectWithToast } from "./toast.server";

// The payment-methods page (app/routes/dashboard.billing.methods.tsx): the saved cards and the
// action of its forms (named intents, a switch, 400 for any other).

const stripeSaveSchema = z.object({
  stripe_payment_method_id: paymentMethodRefSchema,
  set_as_default: z.string().optional(),
});

type ActionData = {
  intent: string | null;
  id: string | null;
  result: SubmissionResult<string[]> | null;
  message: string | null;
};

/** The saved cards (404/5xx of the API → an error page) and the provider the add form uses. */
export async function loadPaymentMethods({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const [{ t }, answer] = await Promise.all([
    getTranslator(request, ["billing"]),
    userApi(context, request, auth)
      .api.v1.user["payment-methods"].$get()
      .then((response) => readUserApi(request, context, response)),
  ]);
  if (!answer.ok) throw new Response(t("common.loadFailed"), { status: answer.status >= 500 ? answer.status : 500 });
  const now = new Date();
  return data(
    {
      title: t("methods.metaTitle"),
      provider: answer.data.provider,
      publishableKey: answer.data.publishable_key,
      methods: answer.data.payment_methods.map((method): PaymentMethodItem => ({
        id: method.id,
        brand: method.brand,
        last4: method.last4,
        nickname: method.nickname,
        isDefault: method.is_default,
        expiry: formatCardExpiry(method.exp_month, method.exp_year),
        expired: isExpired({ month: method.exp_month, year: method.exp_year }, now),
      })),
    },
    { headers: await sessionHeaders(request, context) },
  );
}

/** "Visa •••• 4242" on the server (toasts). */
function cardName(t: TFunction, card: { brand: string; last4: string }): string {
  return `${t(`payment:brands.${card.brand}`, { defaultValue: t("payment:brands.unknown") })} •••• ${card.last4}`;
}

/** The page's forms: add a card (test provider or Stripe), make one the default, remove one. */
export async function paymentMethodsAction({ request, context }: ActionFunctionArgs) {
  const auth = await requireAuth(request, context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const id = String(formData.get("methodId") ?? "");
  const { t } = await getTranslator(request, ["billing", "payment"]);
  const v1 = userApi(context, request, auth).api.v1;
  const methods = v1.user["payment-methods"];
  const headers = await sessionHeaders(request, context);
  const reply = (value: ActionData, status: number) => data(value, { status, headers });
  const done = (description: string) =>
    redirectWithToast(METHODS_PATH, { type: "success", description }, { status: 303, headers });
  const list = async () => {
    const answer = await readUserApi(request, context, await methods.$get());
    return answer.ok ? answer.data.payment_methods : [];
  };

  switch (intent) {
    case METHOD_INTENTS.addCard: {
      const submission = parseWithZod(formData, { schema: addCardSchema() });
      // The card number and CVC are never sent back; the other fields are kept.
      const hideFields = cardSecretFields("card");
      if (submission.status !== "success")
        return reply({ intent, id: null, result: submission.reply({ hideFields }), message: null }, 400);
      const { card } = submission.value.card;
      const token = await readUserApi(
        request,
        context,
        await v1.payment.test["payment-methods"].$post({
          json: { number: card.number, exp_month: card.expMonth, exp_year: card.expYear, cvc: card.cvc },
        }),
      );
      if (!token.ok) {
        if (token.status === 400 && isPaymentErrorCode(token.code)) {
          const field = token.code.includes("cvc")
            ? "card.cvc"
            : token.code.includes("expiry") || isCode(token, "expired_card")
              ? "card.expiry"
              : "card.number";
          return reply(
            {
              intent,
              id: null,
              result: submission.reply({ hideFields, fieldErrors: { [field]: [token.code] } }),
              message: null,
            },
            400,
          );
        }
        // Another provider is configured (the test endpoint answers 404): the page offers Stripe's form instead.
        const text =
          token.status === 404 ? t("payment:errors.not_initialized") : apiErrorText(t, token, "paymentMethods.save");
        return reply(
          { intent, id: null, result: submission.reply({ hideFields, formErrors: [text] }), message: null },
          token.status >= 500 ? 503 : 400,
        );
      }
      const saved = await readUserApi(
        request,
        context,
        await methods.$post({
          json: {
            stripe_payment_method_id: token.data.payment_method_id,
            set_as_default: submission.value.set_as_default ?? false,
            nickname: submission.value.nickname ?? null,
          },
        }),
      );
      if (!saved.ok) {
        return reply(
          {
            intent,
            id: null,
            result: submission.reply({ hideFields, formErrors: [apiErrorText(t, saved, "paymentMethods.save")] }),
            message: null,
          },
          saved.status >= 500 ? 503 : 400,
        );
      }
      return done(t("methods.added", { card: cardName(t, saved.data) }));
    }
    case METHOD_INTENTS.stripeSetup: {
      const answer = await readUserApi(request, context, await methods["setup-intent"].$post());
      if (!answer.ok || !answer.data.client_secret) {
        return data<StripeSetupAnswer>(
          { clientSecret: null, error: t("payment:errors.payment_start_failed") },
          { status: answer.ok ? 409 : answer.status >= 500 ? 503 : 400, headers },
        );
      }
      return data<StripeSetupAnswer>({ clientSecret: answer.data.client_secret, error: null }, { headers });
    }
    case METHOD_INTENTS.stripeSave: {
      const parsed = stripeSaveSchema.safeParse(Object.fromEntries(formData));
      if (!parsed.success) return data<StripeSetupAnswer>({ error: t("methods.saveFailed") }, { status: 400, headers });
      const saved = await readUserApi(
        request,
        context,
        await methods.$post({
          json: {
            stripe_payment_method_id: parsed.data.stripe_payment_method_id,
            set_as_default: parsed.data.set_as_default === "on",
            nickname: null,
          },
        }),
      );
      if (!saved.ok)
        return data<StripeSetupAnswer>(
          { error: apiErrorText(t, saved, "paymentMethods.save") },
          { status: saved.status >= 500 ? 503 : 400, headers },
        );
      return done(t("methods.added", { card: cardName(t, saved.data) }));
    }
    case METHOD_INTENTS.makeDefault: {
      if (!z.uuid().safeParse(id).success)
        return reply({ intent, id, result: null, message: t("methods.notFound") }, 404);
      const answer = await readUserApi(request, context, await methods[":id"].default.$put({ param: { id } }));
      if (!answer.ok)
        return reply(
          { intent, id, result: null, message: apiErrorText(t, answer, "paymentMethods.save") },
          answer.status === 404 ? 404 : answer.status >= 500 ? 503 : 400,
        );
      return done(t("methods.defaultChanged", { card: cardName(t, answer.data) }));
    }
    case METHOD_INTENTS.remove: {
      if (!z.uuid().safeParse(id).success)
        return reply({ intent, id, result: null, message: t("methods.notFound") }, 404);
      const card = (await list()).find((method) => method.id === id);
      if (!card) return reply({ intent, id, result: null, message: t("methods.notFound") }, 404);
      const answer = await readUserApi(request, context, await methods[":id"].$delete({ param: { id } }));
      if (!answer.ok)
        return reply(
          { intent, id, result: null, message: apiErrorText(t, answer, "paymentMethods.remove") },
          answer.status === 404 ? 404 : answer.status >= 500 ? 503 : 400,
        );
      return done(t("methods.removed", { card: cardName(t, card) }));
    }
    default:
      return reply({ intent: null, id: null, result: null, message: t("common.unknownIntent") }, 400);
  }
}
