import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { checkoutFormSchema } from "../../core/checkout";
import { CHECKOUT_NEW_CARD, type CheckoutFormFields } from "../../core/checkout-fields";
import { ContactChoice, MethodChoice } from "../components/checkout/choices";
import { CHECKOUT_INTENTS, CHECKOUT_PATH, type CheckoutActionData } from "../components/checkout/forms";
import { AddContact, OrderSummary } from "../components/checkout/summary";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { SECONDARY_BUTTON_CLASS } from "../components/ui/form";
import { useLastResult, useSchemaForm } from "../components/ui/form-hooks";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { checkoutAction, loadCheckoutPage } from "../server/checkout-page.server";

// /checkout: the registrant contact, the payment method and the order's summary in one form; a
// contact can be added on the page. Loader and action: app/server/checkout-page.server.ts; the
// form's parts: app/components/checkout/.

/**
 * "shop" holds the summary's `cart.*` texts (ICANN fees); "dashboard" and "account" the address
 * form's. Without them the browser would render raw keys and the hydration would not match.
 */
export const handle: I18nHandle = { i18n: ["checkout", "payment", "shop", "dashboard/addresses", "account"] };

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadCheckoutPage(request, context);
}

export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "Checkout") },
];

/**
 * The checkout's one action: "pay" (the order), "add-contact" (a registrant contact for the address
 * book, through the same schema and API as the address book; then back here with it chosen).
 */
export function action({ request, context }: ActionFunctionArgs) {
  return checkoutAction(request, context);
}

export default function Checkout() {
  const { addresses, chosenContact } = useLoaderData<typeof loader>();
  // A new contact (added here) starts the payment form again with it chosen.
  return <CheckoutPage key={`${chosenContact ?? ""}:${addresses.map((address) => address.id).join()}`} />;
}

function CheckoutPage() {
  const { t } = useTranslation("checkout");
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
  const actionData = useActionData<CheckoutActionData>();
  const idempotencyKey = actionData?.nextKey ?? firstKey;
  const payResult = useLastResult(CHECKOUT_INTENTS.pay);
  const contactResult = useLastResult(CHECKOUT_INTENTS.addContact);
  const navigation = useNavigation();
  const contactsRef = useRef<HTMLUListElement>(null);
  // After a contact is added, focus the list where it is now chosen (without JavaScript the
  // redirect's #checkout-contacts fragment does the same).
  useEffect(() => {
    if (contactAdded) contactsRef.current?.focus();
  }, [contactAdded]);
  const defaultMethod = methods.find((method) => method.is_default) ?? methods[0];
  const canTypeCard = provider === "test";
  const [form, fields] = useSchemaForm<ReturnType<typeof checkoutFormSchema>, CheckoutFormFields>({
    id: "checkout",
    schema: () =>
      import("../../core/checkout").then(
        (m) => (formData: FormData) => m.checkoutFormSchema({ withCard: formData.get("method") === CHECKOUT_NEW_CARD }),
      ),
    lastResult: payResult,
    defaultValue: {
      contact_id: chosenContact === null ? undefined : String(chosenContact),
      method: defaultMethod ? defaultMethod.id : canTypeCard ? CHECKOUT_NEW_CARD : undefined,
    },
    validateOn: "onSubmit",
    revalidateOn: "onInput",
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

          {addresses.length > 0 ? <ContactChoice fields={fields} addresses={addresses} listRef={contactsRef} /> : null}

          <MethodChoice fields={fields} methods={methods} canTypeCard={canTypeCard} secretsCleared={secretsCleared} />
        </div>

        <OrderSummary cart={cart} busy={busy} canPay={addresses.length > 0} />
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
