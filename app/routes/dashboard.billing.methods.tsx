import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { isExpired } from "../../core/payments/card";
import { paymentMethodRefSchema } from "../../core/payments/schemas";
import { z } from "../../core/zod";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import {
  CardFields,
  cardFormSchema,
  cardSecretFields,
  formatCardExpiry,
  isPaymentErrorCode,
  useCardLabel,
} from "../components/payment/card-form";
import { StripeCardSetup, type StripeSetupAnswer } from "../components/payment/stripe-card-setup";
import { ConfirmCard, DefaultBadge, PostButton } from "../components/ui/confirm-card";
import { BUTTON_CLASS, ErrorList, Field, INPUT_CLASS } from "../components/ui/form";
import { EmptyState } from "../components/billing/ui";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { apiErrorText, isCode } from "../i18n/api-errors";
import { getTranslator } from "../server/i18n.server";
import { readUserApi, requireAuth, sessionHeaders, userApi } from "../server/session.server";
import { redirectWithToast } from "../server/toast.server";

const METHODS_PATH = "/dashboard/billing/methods";

/** The page's actions (house style: named intents, a switch, 400 for any other). */
export const METHOD_INTENTS = {
  addCard: "add-card",
  stripeSetup: "stripe-setup-intent",
  stripeSave: "stripe-save",
  makeDefault: "make-default",
  remove: "remove",
} as const;

const NICKNAME_MAX = 50;

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

export async function loader({ request, context }: LoaderFunctionArgs) {
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
      methods: answer.data.payment_methods.map((method) => ({
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

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "Payment methods") },
];

/** "Visa •••• 4242" on the server (toasts). */
function cardName(t: TFunction, card: { brand: string; last4: string }): string {
  return `${t(`payment:brands.${card.brand}`, { defaultValue: t("payment:brands.unknown") })} •••• ${card.last4}`;
}

export async function action({ request, context }: ActionFunctionArgs) {
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

export const handle = { i18n: ["account", "dashboard", "billing", "payment"] } satisfies I18nHandle;
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

type MethodItem = ReturnType<typeof useLoaderData<typeof loader>>["methods"][number];

function MethodCard({ method }: { method: MethodItem }) {
  const { t } = useTranslation("billing");
  const cardLabel = useCardLabel();
  const label = cardLabel(method);
  const headingId = `method-${method.id}-name`;
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <h3 id={headingId} className="flex flex-wrap items-center gap-2 font-semibold">
          <span className="font-mono">{label}</span>
          {method.isDefault ? <DefaultBadge>{t("methods.defaultBadge")}</DefaultBadge> : null}
        </h3>
        {method.nickname ? <p className="mt-1 text-sm break-words">{method.nickname}</p> : null}
        <p
          className={`mt-1 text-sm ${method.expired ? "font-semibold text-rose-700 dark:text-rose-300" : "text-slate-700 dark:text-slate-300"}`}
        >
          {method.expired
            ? t("methods.expired", { date: method.expiry })
            : t("methods.expires", { date: method.expiry })}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap items-start gap-2">
        {method.isDefault ? null : (
          <PostButton
            action={METHODS_PATH}
            fields={{ intent: METHOD_INTENTS.makeDefault, methodId: method.id }}
            label={t("methods.makeDefault")}
            itemName={label}
          />
        )}
        <ConfirmCard
          action={METHODS_PATH}
          fields={{ intent: METHOD_INTENTS.remove, methodId: method.id }}
          label={t("methods.remove")}
          question={t("methods.removeQuestion")}
          confirmLabel={t("methods.removeConfirm")}
          itemName={label}
        />
      </div>
    </article>
  );
}

/** The test provider's server-rendered card form (works without JavaScript). */
function AddCardForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation(["billing", "payment"]);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === METHOD_INTENTS.addCard;
  const [form, fields] = useForm({
    id: "add-card",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addCardSchema() }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const card = fields.card.getFieldset();
  // After a refused submission the server kept everything but the number and CVC.
  const secretsCleared = lastResult?.status === "error";
  const nicknameErrors = fields.nickname.errors ? [t("methods.nicknameTooLong", { max: NICKNAME_MAX })] : undefined;
  return (
    <Form method="post" action={METHODS_PATH} {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value={METHOD_INTENTS.addCard} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <CardFields
        fields={{ number: card.number, expiry: card.expiry, cvc: card.cvc, name: card.name }}
        secretsCleared={secretsCleared}
      />
      <Field id={fields.nickname.id} label={t("methods.nickname")} errors={nicknameErrors}>
        <input
          {...getInputProps(fields.nickname, { type: "text" })}
          aria-describedby={`${fields.nickname.id}-error`}
          maxLength={NICKNAME_MAX}
          className={INPUT_CLASS}
        />
      </Field>
      <div className="flex items-center gap-2">
        <input
          {...getInputProps(fields.set_as_default, { type: "checkbox" })}
          className="h-4 w-4 rounded border-slate-400"
        />
        <label htmlFor={fields.set_as_default.id} className="text-sm">
          {t("methods.setDefault")}
        </label>
      </div>
      <button type="submit" disabled={busy} className={BUTTON_CLASS}>
        {busy ? t("methods.saving") : t("methods.save")}
      </button>
    </Form>
  );
}

export default function PaymentMethods() {
  const { t } = useTranslation("billing");
  const { methods, provider, publishableKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const addResult =
    actionData && "intent" in actionData && actionData.intent === METHOD_INTENTS.addCard
      ? (actionData.result ?? undefined)
      : undefined;
  const message = actionData && "message" in actionData ? actionData.message : null;

  return (
    <div className="space-y-6">
      <header>
        <h2 className="text-xl font-semibold">{t("methods.heading")}</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("methods.intro")}</p>
      </header>

      {message ? (
        <p
          role="alert"
          className="rounded-xl border border-rose-300 bg-rose-50 p-4 text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100"
        >
          {message}
        </p>
      ) : null}

      {methods.length === 0 ? (
        <EmptyState title={t("methods.emptyTitle")} text={t("methods.emptyText")} />
      ) : (
        <ul aria-label={t("methods.listLabel")} className="space-y-4">
          {methods.map((method) => (
            <li
              key={method.id}
              className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
            >
              <MethodCard method={method} />
            </li>
          ))}
        </ul>
      )}

      <section
        aria-labelledby="add-card-title"
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <h3 id="add-card-title" className="mb-4 text-lg font-semibold">
          {t("methods.addHeading")}
        </h3>
        {provider === "stripe" && publishableKey ? (
          <StripeCardSetup
            publishableKey={publishableKey}
            action={METHODS_PATH}
            setupIntent={METHOD_INTENTS.stripeSetup}
            saveIntent={METHOD_INTENTS.stripeSave}
          />
        ) : (
          // Keyed by the list: after a save the form starts empty again.
          <AddCardForm key={methods.map((method) => method.id).join()} lastResult={addResult} />
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
