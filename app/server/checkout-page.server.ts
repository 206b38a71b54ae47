import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { addressSchema } from "../../core/auth/schemas";
import { CHECKOUT_NEW_CARD, checkoutFormSchema, paymentActionTarget } from "../../core/checkout";
import { CHECKOUT_INTENTS, CHECKOUT_PATH, CONTACTS_ID, type CheckoutActionData } from "../components/checkout/forms";
import { fullName } from "../components/dashboard/address";
import { countryOptions } from "../components/dashboard/format";
import { cardSecretFields, isPaymentErrorCode } from "../components/payment/card-form";
import { apiErrorText, isCode } from "../i18n/api-errors";
import { cartApi } from "./cart.server";
import { getTranslator } from "./i18n.server";
import { readUserApi, requireAuth, sessionHeaders, userApi } from "./session.server";
import { redirectWithToast } from "./toast.server";

// /checkout: the page's loader (cart, address book, saved cards) and its one action (pay, or add a
// registrant contact).

/** Where a verified-email check sends the customer back to. */
const VERIFY_PATH = `/verify-email?redirect=${encodeURIComponent(CHECKOUT_PATH)}`;

const newAttemptKey = () => `checkout-${crypto.randomUUID()}`;

export async function loadCheckoutPage(request: Request, context: AppLoadContext) {
  const auth = await requireAuth(request, context);
  if (!auth.user.emailVerified) throw redirect(VERIFY_PATH);
  const api = userApi(context, request, auth).api.v1;
  const { client: cart } = await cartApi(request, context);
  const [{ t, locale }, cartAnswer, addressAnswer, methodsAnswer] = await Promise.all([
    getTranslator(request, ["checkout"]),
    cart.$get().then((response) => readUserApi(request, context, response)),
    api.account.addresses.$get().then((response) => readUserApi(request, context, response)),
    api.user["payment-methods"].$get().then((response) => readUserApi(request, context, response)),
  ]);
  if (!cartAnswer.ok) throw new Response(cartAnswer.message, { status: 502 });
  if (!addressAnswer.ok) throw new Response(addressAnswer.message, { status: 502 });
  if (!methodsAnswer.ok) throw new Response(methodsAnswer.message, { status: 502 });
  const addresses = addressAnswer.data.addresses;
  // `?contact=` names the contact just added on this page (or any of the customer's): it is chosen.
  const wanted = new URL(request.url).searchParams.get("contact");
  const chosen = addresses.find((address) => String(address.contactId) === wanted);
  return {
    title: t("metaTitle"),
    cart: cartAnswer.data,
    addresses,
    chosenContact: (chosen ?? addresses.find((address) => address.isDefault) ?? addresses[0])?.contactId ?? null,
    contactAdded: chosen !== undefined,
    countries: countryOptions(locale),
    methods: methodsAnswer.data.payment_methods,
    provider: methodsAnswer.data.provider,
    // A fresh key for every render of the form: resubmitting this one (double click, replay) is
    // the same order; a new attempt after a refusal gets a new key from the revalidated loader.
    idempotencyKey: newAttemptKey(),
  };
}

/**
 * The checkout's one action: "pay" (the order), "add-contact" (a registrant contact for the address
 * book, through the same schema and API as the address book; then back here with it chosen).
 */
export async function checkoutAction(request: Request, context: AppLoadContext) {
  const auth = await requireAuth(request, context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  switch (intent) {
    case CHECKOUT_INTENTS.pay:
      return pay(request, context, auth, formData);
    case CHECKOUT_INTENTS.addContact:
      return addContact(request, context, auth, formData);
    default: {
      const { t } = await getTranslator(request, ["checkout"]);
      const headers = await sessionHeaders(request, context);
      return data<CheckoutActionData>(
        { intent: null, result: null, nextKey: newAttemptKey(), message: t("checkout:errors.unknown_intent") },
        { status: 400, headers },
      );
    }
  }
}

type Auth = Awaited<ReturnType<typeof requireAuth>>;
type Context = AppLoadContext;

async function addContact(request: Request, context: Context, auth: Auth, formData: FormData) {
  const intent = CHECKOUT_INTENTS.addContact;
  const headers = await sessionHeaders(request, context);
  const submission = parseWithZod(formData, { schema: addressSchema });
  if (submission.status !== "success")
    return data<CheckoutActionData>(
      { intent, result: submission.reply(), nextKey: newAttemptKey() },
      { status: 400, headers },
    );
  const { t } = await getTranslator(request, ["checkout", "payment"]);
  const answer = await readUserApi(
    request,
    context,
    await userApi(context, request, auth).api.v1.account.addresses.$post({ json: submission.value }),
  );
  if (!answer.ok) {
    const text =
      answer.status >= 500
        ? t("payment:errors.server_error")
        : t("checkout:contact.addFailed", { message: answer.message });
    return data<CheckoutActionData>(
      { intent, result: submission.reply({ formErrors: [text] }), nextKey: newAttemptKey() },
      { status: answer.status >= 500 ? 503 : answer.status, headers },
    );
  }
  const target = `${CHECKOUT_PATH}?contact=${answer.data.contactId}#${CONTACTS_ID}`;
  return redirectWithToast(
    target,
    { type: "success", description: t("checkout:contact.added", { name: fullName(answer.data) }) },
    { status: 303, headers },
  );
}

async function pay(request: Request, context: Context, auth: Auth, formData: FormData) {
  const intent = CHECKOUT_INTENTS.pay;
  const withCard = formData.get("method") === CHECKOUT_NEW_CARD;
  const submission = parseWithZod(formData, { schema: checkoutFormSchema({ withCard }) });
  const hideFields = cardSecretFields("card");
  const headers = await sessionHeaders(request, context);
  if (submission.status !== "success")
    return data<CheckoutActionData>(
      { intent, result: submission.reply({ hideFields }), nextKey: newAttemptKey() },
      { status: 400, headers },
    );

  const { t } = await getTranslator(request, ["checkout", "payment"]);
  const form = submission.value;
  const card = form.card;
  const response = await userApi(context, request, auth).api.v1.payment.unified.$post({
    json: {
      idempotency_key: form.idempotency_key,
      contact_id: form.contact_id,
      save_card: form.save_card,
      return_path: "/checkout/{order}",
      ...(card
        ? {
            card: {
              number: card.card.number,
              exp_month: card.card.expMonth,
              exp_year: card.card.expYear,
              cvc: card.card.cvc,
              ...(card.name ? { name: card.name } : {}),
            },
          }
        : { payment_method_id: form.method }),
    },
  });
  const answer = await readUserApi(request, context, response);
  if (!answer.ok) {
    if (isCode(answer, "email_not_verified")) throw redirect(VERIFY_PATH, { headers });
    if (isCode(answer, "cart_empty"))
      throw await redirectWithToast(
        "/cart",
        { type: "error", description: apiErrorText(t, answer, "checkout") },
        { status: 303, headers },
      );
    if (isCode(answer, "order_in_progress")) {
      // The cart is being paid for in another tab: show that order rather than start a second.
      const orderId = answer.details.find((detail) => detail.path === "order_id")?.message;
      if (orderId && /^[0-9a-f-]{36}$/u.test(orderId)) throw redirect(`/checkout/${orderId}`, { status: 303, headers });
    }
    const fieldErrors = isCode(answer, "invalid_contact_id") ? { contact_id: ["invalid_contact_id"] } : undefined;
    return data<CheckoutActionData>(
      {
        intent,
        result: submission.reply({
          hideFields,
          formErrors: fieldErrors ? [] : [apiErrorText(t, answer, "checkout")],
          fieldErrors,
        }),
        nextKey: newAttemptKey(),
      },
      { status: answer.status >= 500 ? 503 : 400, headers },
    );
  }
  const { order, nextAction } = answer.data;
  if (order.status === "failed") {
    // Refused at once (declined, insufficient funds…): say why on the form, keep what was typed.
    const code = order.payment?.error_code ?? order.error_code ?? "payment_failed";
    return data<CheckoutActionData>(
      {
        intent,
        result: submission.reply({
          hideFields,
          formErrors: [t(`payment:errors.${isPaymentErrorCode(code) ? code : "payment_failed"}`)],
        }),
        nextKey: newAttemptKey(),
      },
      { status: 400, headers },
    );
  }
  // 3-D Secure: the provider's page (ours for the test provider); otherwise the order's status page.
  const target = nextAction
    ? paymentActionTarget(nextAction.redirectUrl, `/checkout/${order.id}`)
    : `/checkout/${order.id}`;
  return redirect(target, { status: 303, headers });
}
