import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { addressSchema } from "../../core/auth/schemas";
import {
  CHECKOUT_NEW_CARD,
  checkoutFormSchema,
  paymentActionTarget,
  type CheckoutForm,
  type CheckoutFormFields,
} from "../../core/checkout";
import { useFormat } from "../i18n/use-format";
import { fullName } from "../components/dashboard/address";
import { AddressForm } from "../components/dashboard/address-form";
import { countryOptions, type CountryOption } from "../components/dashboard/format";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { CardFields, cardSecretFields, isPaymentErrorCode } from "../components/payment/card-form";
import { BUTTON_CLASS, SECONDARY_BUTTON_CLASS } from "../components/ui/form";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { apiErrorText, isCode } from "../i18n/api-errors";
import { cartApi } from "../server/cart.server";
import { getTranslator } from "../server/i18n.server";
import { readUserApi, requireAuth, sessionHeaders, userApi } from "../server/session.server";
import { redirectWithToast } from "../server/toast.server";

/**
 * "shop" holds the summary's `cart.*` texts (ICANN fees); "dashboard" and "account" the address
 * form's. Without them the browser would render raw keys and the hydration would not match.
 */
export const handle: I18nHandle = { i18n: ["checkout", "payment", "shop", "dashboard", "account"] };

const CHECKOUT_PATH = "/checkout";
/** The id of the registrant contact list: focused (and the URL's fragment) after a contact is added. */
const CONTACTS_ID = "checkout-contacts";
/** The address book, coming back here after a save. */
const ADDRESS_BOOK_PATH = `/dashboard/settings/addresses?redirectTo=${encodeURIComponent(CHECKOUT_PATH)}`;

/** The intents of the checkout's one action (house style: named intents, 400 otherwise). */
const CHECKOUT_INTENTS = { pay: "pay", addContact: "add-contact" } as const;
type CheckoutIntent = (typeof CHECKOUT_INTENTS)[keyof typeof CHECKOUT_INTENTS];
/** Where a verified-email check sends the customer back to. */
const VERIFY_PATH = `/verify-email?redirect=${encodeURIComponent(CHECKOUT_PATH)}`;

export async function loader({ request, context }: LoaderFunctionArgs) {
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

export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "Checkout") },
];

/**
 * A refused attempt's reply, with the key of the next attempt: an action answering 4xx does not
 * revalidate the loader (Remix single fetch), so a new key must come from here.
 */
type ActionData = {
  intent: CheckoutIntent | null;
  result: SubmissionResult<string[]> | null;
  nextKey: string;
  message?: string;
};

const newAttemptKey = () => `checkout-${crypto.randomUUID()}`;

/**
 * The checkout's one action: "pay" (the order), "add-contact" (a registrant contact for the address
 * book, through the same schema and API as the address book; then back here with it chosen).
 */
export async function action({ request, context }: ActionFunctionArgs) {
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
      return data<ActionData>(
        { intent: null, result: null, nextKey: newAttemptKey(), message: t("checkout:errors.unknown_intent") },
        { status: 400, headers },
      );
    }
  }
}

type Auth = Awaited<ReturnType<typeof requireAuth>>;
type Context = ActionFunctionArgs["context"];

async function addContact(request: Request, context: Context, auth: Auth, formData: FormData) {
  const intent = CHECKOUT_INTENTS.addContact;
  const headers = await sessionHeaders(request, context);
  const submission = parseWithZod(formData, { schema: addressSchema });
  if (submission.status !== "success")
    return data<ActionData>({ intent, result: submission.reply(), nextKey: newAttemptKey() }, { status: 400, headers });
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
    return data<ActionData>(
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
    return data<ActionData>(
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
    return data<ActionData>(
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
    return data<ActionData>(
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

export default function Checkout() {
  const { addresses, chosenContact } = useLoaderData<typeof loader>();
  // A new contact (added here) starts the payment form again with it chosen.
  return <CheckoutPage key={`${chosenContact ?? ""}:${addresses.map((address) => address.id).join()}`} />;
}

function CheckoutPage() {
  const { t } = useTranslation("checkout");
  const { money } = useFormat();
  const {
    cart,
    addresses,
    chosenContact,
    contactAdded,
    countries,
    methods,
    provider,
    idempotencyKey: firstKey,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const idempotencyKey = actionData?.nextKey ?? firstKey;
  const payResult = actionData?.intent === CHECKOUT_INTENTS.pay ? (actionData.result ?? undefined) : undefined;
  const contactResult =
    actionData?.intent === CHECKOUT_INTENTS.addContact ? (actionData.result ?? undefined) : undefined;
  const navigation = useNavigation();
  const contactsRef = useRef<HTMLUListElement>(null);
  // After a contact is added, focus the list where it is now chosen (without JavaScript the
  // redirect's #checkout-contacts fragment does the same).
  useEffect(() => {
    if (contactAdded) contactsRef.current?.focus();
  }, [contactAdded]);
  const defaultMethod = methods.find((method) => method.is_default) ?? methods[0];
  const canTypeCard = provider === "test";
  const [form, fields] = useForm<CheckoutFormFields, CheckoutForm>({
    id: "checkout",
    lastResult: payResult,
    defaultValue: {
      contact_id: chosenContact === null ? undefined : String(chosenContact),
      method: defaultMethod ? defaultMethod.id : canTypeCard ? CHECKOUT_NEW_CARD : undefined,
    },
    onValidate: ({ formData }) =>
      parseWithZod(formData, {
        schema: checkoutFormSchema({ withCard: formData.get("method") === CHECKOUT_NEW_CARD }),
      }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const cardFields = fields.card.getFieldset();
  // After a refusal the server's reply never carries the card number or CVC; with JavaScript
  // the inputs are emptied too, so the page looks the same as without it.
  const secretIds = [cardFields.number.id, cardFields.cvc.id].join(" ");
  useEffect(() => {
    if (payResult?.status !== "error") return;
    for (const id of secretIds.split(" ")) {
      const input = document.getElementById(id);
      if (input instanceof HTMLInputElement) input.value = "";
    }
  }, [payResult, secretIds]);
  // A refused payment (declined card…): its reason takes the focus from the Pay button (disabled
  // while busy, or the body it dropped the focus to); a field's own error is focused by Conform.
  const formErrorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (payResult?.status !== "error") return;
    const focused = document.activeElement;
    if (!(
      focused instanceof HTMLInputElement ||
      focused instanceof HTMLSelectElement ||
      focused instanceof HTMLTextAreaElement
    ))
      formErrorRef.current?.focus();
    // Conform shows the reply's errors a render later: run again once they are on the page.
  }, [payResult, form.errors]);
  const busy = navigation.state !== "idle" && navigation.formAction === CHECKOUT_PATH;
  const secretsCleared = payResult?.status === "error" && Boolean(payResult.initialValue?.["card"]);

  if (cart.items.length === 0) {
    return (
      <section className="mx-auto max-w-3xl px-4 py-12">
        <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
        <p className="mt-6">{t("emptyCart")}</p>
        <Link to="/cart" className={`${SECONDARY_BUTTON_CLASS} mt-4`}>
          {t("backToCart")}
        </Link>
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-5xl px-4 py-12">
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
        <Link to="/cart" className="text-sm text-indigo-700 underline dark:text-indigo-300">
          {t("backToCart")}
        </Link>
      </div>
      {actionData?.message ? (
        <p
          role="alert"
          className="mt-6 rounded-md border border-rose-300 bg-rose-50 p-4 text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100"
        >
          {actionData.message}
        </p>
      ) : null}
      {addresses.length === 0 ? (
        <AddContact
          heading={t("contact.legend")}
          intro={t("contact.none")}
          countries={countries}
          lastResult={contactResult}
        />
      ) : null}
      <Form
        method="post"
        action={CHECKOUT_PATH}
        {...getFormProps(form)}
        className="mt-8 grid gap-8 lg:grid-cols-[1fr_22rem]"
      >
        <input type="hidden" name="intent" value={CHECKOUT_INTENTS.pay} />
        <input type="hidden" name="idempotency_key" value={idempotencyKey} />
        <div className="space-y-8">
          {form.errors?.length ? (
            <div
              id={form.errorId}
              ref={formErrorRef}
              tabIndex={-1}
              role="alert"
              className="rounded-md border border-rose-300 bg-rose-50 p-4 text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100"
            >
              {form.errors.map((error) => (
                <p key={error}>{error}</p>
              ))}
            </div>
          ) : null}

          {addresses.length > 0 ? (
            <fieldset aria-describedby={`${fields.contact_id.id}-intro ${fields.contact_id.errorId}`}>
              <legend id="checkout-contact-legend" className="text-lg font-semibold">
                {t("contact.legend")}
              </legend>
              <p id={`${fields.contact_id.id}-intro`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                {t("contact.intro")}
              </p>
              <ul
                id={CONTACTS_ID}
                ref={contactsRef}
                tabIndex={-1}
                aria-labelledby="checkout-contact-legend"
                className="mt-3 space-y-2"
              >
                {addresses.map((address) => (
                  <li key={address.id}>
                    <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-indigo-500 dark:border-slate-700">
                      <input
                        type="radio"
                        name={fields.contact_id.name}
                        value={String(address.contactId)}
                        defaultChecked={fields.contact_id.initialValue === String(address.contactId)}
                        className="mt-1"
                      />
                      <span className="text-sm">
                        <span className="font-semibold">{fullName(address)}</span>
                        {address.organization ? `, ${address.organization}` : ""}
                        <br />
                        {[address.address, address.city, address.country].filter(Boolean).join(", ")}
                        <br />
                        <span className="text-slate-600 dark:text-slate-400">
                          {t("contact.contactId", { id: address.contactId })}
                        </span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
              <p id={fields.contact_id.errorId} className="mt-2 text-sm text-rose-700 dark:text-rose-300">
                {fields.contact_id.errors?.length ? t("errors.invalid_contact_id") : null}
              </p>
              <p className="flex flex-wrap gap-x-4 text-sm">
                <a href="#add-contact" className="text-indigo-700 underline dark:text-indigo-300">
                  {t("contact.addAnother")}
                </a>
                <Link to={ADDRESS_BOOK_PATH} className="text-indigo-700 underline dark:text-indigo-300">
                  {t("contact.manage")}
                </Link>
              </p>
            </fieldset>
          ) : null}

          <fieldset aria-describedby={fields.method.errorId}>
            <legend className="text-lg font-semibold">{t("method.legend")}</legend>
            <ul className="mt-3 space-y-2">
              {methods.map((method) => (
                <li key={method.id}>
                  <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-indigo-500 dark:border-slate-700">
                    <input
                      type="radio"
                      name={fields.method.name}
                      value={method.id}
                      defaultChecked={fields.method.initialValue === method.id}
                    />
                    <span className="text-sm">
                      {t("method.saved", {
                        brand: t(`payment:brands.${method.brand}`, { defaultValue: method.brand }),
                        last4: method.last4,
                        month: String(method.exp_month).padStart(2, "0"),
                        year: method.exp_year,
                      })}
                      {method.is_default ? (
                        <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs dark:bg-slate-800">
                          {t("method.default")}
                        </span>
                      ) : null}
                    </span>
                  </label>
                </li>
              ))}
              {canTypeCard ? (
                <li>
                  <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-indigo-500 dark:border-slate-700">
                    <input
                      type="radio"
                      name={fields.method.name}
                      value={CHECKOUT_NEW_CARD}
                      defaultChecked={fields.method.initialValue === CHECKOUT_NEW_CARD}
                    />
                    <span className="text-sm font-medium">{t("method.newCard")}</span>
                  </label>
                </li>
              ) : null}
            </ul>
            <p id={fields.method.errorId} className="mt-2 text-sm text-rose-700 dark:text-rose-300">
              {fields.method.errors?.length ? t("errors.choose_method") : null}
            </p>
            {canTypeCard ? (
              <div className="mt-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
                <CardFields fields={cardFields} secretsCleared={secretsCleared} />
                <label className="mt-4 flex items-center gap-2 text-sm">
                  <input {...getInputProps(fields.save_card, { type: "checkbox" })} />
                  {t("method.saveCard")}
                </label>
              </div>
            ) : (
              <p className="mt-3 text-sm">
                {t("method.stripeNeedsSaved")}{" "}
                <Link to="/dashboard/billing/methods" className="text-indigo-700 underline dark:text-indigo-300">
                  {t("method.addCard")}
                </Link>
              </p>
            )}
          </fieldset>
        </div>

        <aside className="h-fit rounded-2xl border border-slate-200 p-4 dark:border-slate-800">
          <h2 className="text-lg font-semibold">{t("items")}</h2>
          <ul className="mt-3 divide-y divide-slate-200 text-sm dark:divide-slate-800">
            {cart.items.map((item) => (
              <li key={item.id} className="flex justify-between gap-3 py-2">
                <span className="min-w-0 break-all">
                  {item.unicode}
                  <span className="block text-slate-600 dark:text-slate-400">
                    {t(`status.operation.${item.selectedAction}`, { defaultValue: item.selectedAction })} ·{" "}
                    {t("status.years", { count: item.years })}
                  </span>
                </span>
                <span>{money(item.totalPrice)}</span>
              </li>
            ))}
          </ul>
          <dl className="mt-3 space-y-1 border-t border-slate-200 pt-3 text-sm dark:border-slate-800">
            <div className="flex justify-between">
              <dt>{t("status.subtotal")}</dt>
              <dd>{money(cart.subtotal)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>{t("translation:cart.icannFees")}</dt>
              <dd>{money(cart.icannFees)}</dd>
            </div>
            {cart.discount?.isValid ? (
              <div className="flex justify-between text-emerald-800 dark:text-emerald-300">
                <dt>{t("status.discount", { code: cart.discount.code })}</dt>
                <dd>−{money(cart.discountAmount)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between">
              <dt>{t("status.tax")}</dt>
              <dd>{money(cart.tax)}</dd>
            </div>
            <div className="flex justify-between text-base font-semibold">
              <dt>{t("status.total")}</dt>
              <dd>{money(cart.total)}</dd>
            </div>
          </dl>
          <p className="mt-4 text-xs text-slate-600 dark:text-slate-400">{t("terms")}</p>
          <button type="submit" className={`${BUTTON_CLASS} mt-4 w-full`} disabled={busy || addresses.length === 0}>
            {busy ? t("paying") : t("pay", { amount: money(cart.total) })}
          </button>
        </aside>
      </Form>
      {addresses.length > 0 ? (
        <AddContact
          heading={t("contact.addAnother")}
          intro={t("contact.addIntro")}
          countries={countries}
          lastResult={contactResult}
        />
      ) : null}
    </section>
  );
}

/** The registrant contact form on the checkout page: a new address-book entry, chosen once saved. */
function AddContact({
  heading,
  intro,
  countries,
  lastResult,
}: {
  heading: string;
  intro: string;
  countries: CountryOption[];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  return (
    <section
      id="add-contact"
      aria-labelledby="add-contact-title"
      className="mt-8 rounded-2xl border border-slate-200 p-6 dark:border-slate-800"
    >
      <h2 id="add-contact-title" className="text-lg font-semibold">
        {heading}
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600 dark:text-slate-400">{intro}</p>
      <AddressForm
        countries={countries}
        lastResult={lastResult}
        intent={CHECKOUT_INTENTS.addContact}
        action={CHECKOUT_PATH}
      />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
