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
import { useTranslation } from "react-i18next";
import type { Locale } from "../../core/locale";
import { useFormat } from "../i18n/use-format";
import { transferAuthFormSchema, transferCodeOf, type TransferErrorCode } from "../../core/transfer";
import type { TransferCheck } from "../../workers/api/contract/transfers";
import { formatDay } from "../../core/format";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { BUTTON_CLASS, ErrorList, INPUT_CLASS, SECONDARY_BUTTON_CLASS } from "../components/ui/form";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { isCode } from "../i18n/api-errors";
import { apiClient, readApi, type ApiResult } from "../server/api.server";
import { cartApi } from "../server/cart.server";
import { cartCookie } from "../server/cookies.server";
import { getTranslator } from "../server/i18n.server";
import { createToastHeaders } from "../server/toast.server";

/**
 * The transfer-in wizard (SPEC §2, issue 14): Domain → Auth Code → Review → Payment. Public; the
 * cart and checkout (which needs sign-in) take over at Payment. Works without JavaScript:
 * Domain is a GET form (the name may be in the URL), the auth code only ever travels in POST
 * bodies — never in a URL, a redirect or a cookie — and every answer is `no-store`. The API
 * decides (GET /domains/{domain}/transfer-check, POST /cart/items), the page only shows it.
 */
export const TRANSFER_INTENTS = { review: "review", pay: "pay" } as const;
const STEPS = ["domain", "auth", "review", "payment"] as const;
type Step = (typeof STEPS)[number];
const PATH = "/domain/transfer";
const NO_STORE = { "Cache-Control": "no-store" };

type Failure = { code: TransferErrorCode; reason: string | null };
type Checked = TransferCheck & { expires: string; newExpires: string };

type ActionData =
  | {
      step: "auth";
      intent: string | null;
      domain: string;
      result: SubmissionResult<string[]> | null;
      failure: Failure | null;
      check: Checked | null;
    }
  | { step: "review"; domain: string; authCode: string; check: Checked; failure: Failure | null };

function failureOf(answer: Extract<ApiResult<unknown>, { ok: false }>): Failure {
  // A 4xx the wizard has no text for (a name that makes no API path, e.g. "#") is an invalid domain, never a server error.
  const mapped = transferCodeOf(answer.code);
  const code = answer.status >= 500 ? "server_error" : mapped === "server_error" ? "invalid_domain" : mapped;
  return {
    code,
    reason:
      code === "not_transferable" ? (answer.details.find((detail) => detail.path === "domain")?.message ?? null) : null,
  };
}

async function checkTransfer(
  request: Request,
  context: LoaderFunctionArgs["context"],
  domain: string,
  locale: Locale,
): Promise<{ ok: true; check: Checked } | { ok: false; failure: Failure }> {
  const response = await apiClient(context, request)
    .api.v1.domains[":domain"]["transfer-check"].$get({ param: { domain } })
    .catch(() => null);
  if (!response) return { ok: false, failure: { code: "server_error", reason: null } };
  const answer = await readApi(response);
  if (!answer.ok) return { ok: false, failure: failureOf(answer) };
  return {
    ok: true,
    check: {
      ...answer.data,
      expires: formatDay(locale, answer.data.expires_at) ?? "",
      newExpires: formatDay(locale, answer.data.new_expires_at) ?? "",
    },
  };
}

/** Is the name already in this visitor's cart (SPEC §8 "already in cart")? */
async function inCart(request: Request, context: LoaderFunctionArgs["context"], name: string): Promise<boolean> {
  const { cartId, signedIn, client } = await cartApi(request, context);
  if (!cartId && !signedIn) return false;
  const answer = await readApi(await client.$get());
  return answer.ok && answer.data.items.some((item) => item.name === name);
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { t, locale } = await getTranslator(request, ["domains"]);
  const domain = (url.searchParams.get("domain") ?? "").trim().slice(0, 253);
  const base = { title: t("transferIn.metaTitle"), description: t("transferIn.metaDescription"), domain };
  if (!url.searchParams.has("domain"))
    return data({ ...base, step: "domain" as Step, check: null, failure: null }, { headers: NO_STORE });
  if (!domain)
    return data(
      {
        ...base,
        step: "domain" as Step,
        check: null,
        failure: { code: "invalid_domain", reason: null } satisfies Failure,
      },
      { status: 400, headers: NO_STORE },
    );
  const checked = await checkTransfer(request, context, domain, locale);
  if (!checked.ok) {
    return data(
      { ...base, step: "domain" as Step, check: null, failure: checked.failure },
      { status: isCode(checked.failure, "server_error") ? 503 : 400, headers: NO_STORE },
    );
  }
  if (await inCart(request, context, checked.check.domain)) {
    return data(
      {
        ...base,
        step: "domain" as Step,
        check: null,
        failure: { code: "already_in_cart", reason: null } satisfies Failure,
      },
      { status: 409, headers: NO_STORE },
    );
  }
  return data({ ...base, step: "auth" as Step, check: checked.check, failure: null }, { headers: NO_STORE });
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData, error }) => [
  { title: error ? errorTitle(error) : (loaderData?.title ?? "Transfer a domain") },
  { name: "description", content: loaderData?.description ?? "" },
];

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  const { t, locale } = await getTranslator(request, ["domains"]);
  const domainField = String(formData.get("domain") ?? "").slice(0, 253);
  const reply = (value: ActionData, status: number) => data(value, { status, headers: NO_STORE });

  switch (intent) {
    case TRANSFER_INTENTS.review:
    case TRANSFER_INTENTS.pay: {
      const submission = parseWithZod(formData, { schema: transferAuthFormSchema });
      if (submission.status !== "success") {
        // Never echo the auth code back: the field is emptied on a refusal.
        const result = submission.reply({ hideFields: ["auth_code"] });
        const checked = domainField ? await checkTransfer(request, context, domainField, locale) : null;
        return reply(
          {
            step: "auth",
            intent,
            domain: domainField,
            result,
            failure: null,
            check: checked?.ok ? checked.check : null,
          },
          400,
        );
      }
      const { domain, auth_code: authCode } = submission.value;
      const checked = await checkTransfer(request, context, domain, locale);
      if (!checked.ok) {
        return reply(
          {
            step: "auth",
            intent,
            domain,
            result: submission.reply({ hideFields: ["auth_code"] }),
            failure: checked.failure,
            check: null,
          },
          isCode(checked.failure, "server_error") ? 503 : 409,
        );
      }
      if (intent === TRANSFER_INTENTS.review)
        return reply({ step: "review", domain, authCode, check: checked.check, failure: null }, 200);

      // Payment: into the cart (the API checks everything again and keeps the code for checkout), then checkout.
      const { cartId: existingCartId, client: cart } = await cartApi(request, context);
      const response = await cart.items
        .$post({ json: { domain, operation: "transfer", years: 1, auth_code: authCode } })
        .catch(() => null);
      const answer = response ? await readApi(response) : null;
      if (!answer?.ok) {
        const failure: Failure = answer ? failureOf(answer) : { code: "server_error", reason: null };
        return reply(
          { step: "review", domain, authCode, check: checked.check, failure },
          isCode(failure, "server_error") ? 503 : 409,
        );
      }
      const headers = await createToastHeaders({
        type: "success",
        description: t("transferIn.added", { domain: checked.check.unicode }),
      });
      if (answer.data.id !== existingCartId)
        headers.append("Set-Cookie", await cartCookie(context).serialize(answer.data.id));
      return redirect("/checkout", { status: 303, headers });
    }
    default:
      return data(
        {
          step: "auth",
          intent: null,
          domain: domainField,
          result: null,
          failure: { code: "server_error", reason: "unknown_intent" },
          check: null,
        } satisfies ActionData,
        { status: 400, headers: NO_STORE },
      );
  }
}

export const handle = { i18n: ["domains"] } satisfies I18nHandle;
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

function useFailureText(): (failure: Failure | null) => string | null {
  const { t } = useTranslation("domains");
  return (failure) => {
    if (!failure) return null;
    if (
      isCode(failure, "not_transferable") &&
      failure.reason &&
      ["too_soon", "ten_years", "pending_transfer", "state"].includes(failure.reason)
    ) {
      return t(`transferIn.errors.notTransferable.${failure.reason}`);
    }
    if (failure.reason === "unknown_intent") return t("errors.unknownIntent");
    return t(`transferIn.errors.${failure.code}`);
  };
}

function Steps({ current }: { current: Step }) {
  const { t } = useTranslation("domains");
  const index = STEPS.indexOf(current);
  return (
    <nav aria-label={t("transferIn.steps.label")} className="mt-8">
      <ol className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {STEPS.map((step, position) => (
          <li
            key={step}
            aria-current={step === current ? "step" : undefined}
            className={`rounded-lg border px-3 py-2 text-sm ${
              step === current
                ? "border-indigo-600 bg-indigo-50 font-semibold text-indigo-900 dark:border-indigo-400 dark:bg-indigo-950 dark:text-indigo-100"
                : position < index
                  ? "border-slate-300 text-slate-700 dark:border-slate-700 dark:text-slate-300"
                  : "border-slate-200 text-slate-600 dark:border-slate-800 dark:text-slate-400"
            }`}
          >
            <span className="block text-xs">{t("transferIn.steps.number", { number: position + 1 })}</span>
            {t(`transferIn.steps.${step}`)}
          </li>
        ))}
      </ol>
    </nav>
  );
}

function DomainStep({ domain, failure }: { domain: string; failure: Failure | null }) {
  const { t } = useTranslation("domains");
  const failureText = useFailureText()(failure);
  return (
    <section aria-labelledby="transfer-step-title" className="mt-8">
      <h2 id="transfer-step-title" className="text-xl font-semibold">
        {t("transferIn.domainHeading")}
      </h2>
      <Form method="get" action={PATH} className="mt-4 grid max-w-xl gap-3">
        <div>
          <label htmlFor="transfer-domain" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
            {t("transferIn.domainLabel")}
          </label>
          <input
            id="transfer-domain"
            name="domain"
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            required
            maxLength={253}
            defaultValue={domain}
            aria-invalid={failure ? true : undefined}
            aria-describedby="transfer-domain-hint transfer-domain-error"
            placeholder="example.com"
            className={INPUT_CLASS}
          />
          <p id="transfer-domain-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            {t("transferIn.domainHint")}
          </p>
          <ErrorList id="transfer-domain-error" errors={failureText ? [failureText] : undefined} />
          {isCode(failure, "already_in_cart") ? (
            <p className="mt-1 text-sm">
              <Link to="/cart" className="font-semibold underline">
                {t("transferIn.viewCart")}
              </Link>
            </p>
          ) : isCode(failure, "not_registered") ? (
            <p className="mt-1 text-sm">
              <Link to={`/domain-search?q=${encodeURIComponent(domain)}`} className="font-semibold underline">
                {t("transferIn.registerInstead")}
              </Link>
            </p>
          ) : null}
        </div>
        <div>
          <button type="submit" className={BUTTON_CLASS}>
            {t("transferIn.check")}
          </button>
        </div>
      </Form>
    </section>
  );
}

function CheckedSummary({ check }: { check: Checked }) {
  const { t } = useTranslation("domains");
  return (
    <dl className="mt-4 grid max-w-xl grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
      <dt className="text-slate-600 dark:text-slate-400">{t("transferIn.domainLabel")}</dt>
      <dd className="font-semibold">{check.unicode}</dd>
      <dt className="text-slate-600 dark:text-slate-400">{t("transferIn.registrar")}</dt>
      <dd>{check.registrar}</dd>
      <dt className="text-slate-600 dark:text-slate-400">{t("transferIn.expires")}</dt>
      <dd>{check.expires}</dd>
    </dl>
  );
}

function AuthStep({ check, domain }: { check: Checked | null; domain: string }) {
  const { t } = useTranslation("domains");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === TRANSFER_INTENTS.review;
  const lastResult = actionData && actionData.step === "auth" ? (actionData.result ?? undefined) : undefined;
  const failureText = useFailureText()(actionData && actionData.step === "auth" ? actionData.failure : null);
  const [form, fields] = useForm({
    id: "transfer-auth",
    lastResult,
    defaultValue: { domain },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: transferAuthFormSchema }),
    shouldValidate: "onSubmit",
  });
  const fieldErrors = fields.auth_code.errors?.map((code) =>
    t(`transferIn.errors.${code === "auth_code_required" ? "auth_code_required" : "invalid_auth_code"}`),
  );
  return (
    <section aria-labelledby="transfer-step-title" className="mt-8">
      <h2 id="transfer-step-title" className="text-xl font-semibold">
        {t("transferIn.authHeading")}
      </h2>
      {check ? <CheckedSummary check={check} /> : null}
      <Form method="post" action={PATH} {...getFormProps(form)} className="mt-4 grid max-w-xl gap-3">
        <input type="hidden" name="intent" value={TRANSFER_INTENTS.review} />
        <input {...getInputProps(fields.domain, { type: "hidden" })} key={fields.domain.key} value={domain} />
        <div>
          <label htmlFor={fields.auth_code.id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
            {t("transferIn.authLabel")}
          </label>
          <input
            {...getInputProps(fields.auth_code, { type: "password", ariaDescribedBy: `${fields.auth_code.id}-hint` })}
            key={fields.auth_code.key}
            autoComplete="off"
            spellCheck={false}
            maxLength={128}
            className={INPUT_CLASS}
          />
          <p id={`${fields.auth_code.id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            {t("transferIn.authHint")}
          </p>
          <ErrorList id={fields.auth_code.errorId} errors={fieldErrors} />
        </div>
        <ErrorList id={form.errorId} errors={failureText ? [failureText] : undefined} />
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={BUTTON_CLASS} aria-busy={busy} disabled={busy}>
            {t("transferIn.toReview")}
          </button>
          <Link to={`${PATH}?domain=${encodeURIComponent(domain)}`} className="font-semibold underline">
            {t("transferIn.changeDomain")}
          </Link>
        </div>
      </Form>
    </section>
  );
}

function ReviewStep({
  check,
  domain,
  authCode,
  failure,
}: {
  check: Checked;
  domain: string;
  authCode: string;
  failure: Failure | null;
}) {
  const { t } = useTranslation("domains");
  const { money } = useFormat();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === TRANSFER_INTENTS.pay;
  const failureText = useFailureText()(failure);
  return (
    <section aria-labelledby="transfer-step-title" className="mt-8">
      <h2 id="transfer-step-title" className="text-xl font-semibold">
        {t("transferIn.reviewHeading")}
      </h2>
      <CheckedSummary check={check} />
      <table className="mt-6 w-full max-w-xl text-left text-sm">
        <caption className="sr-only">{t("transferIn.priceCaption")}</caption>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          <tr>
            <th scope="row" className="py-2 font-normal">
              {t("transferIn.period")}
            </th>
            <td className="py-2 text-right">{t("transferIn.oneYear", { date: check.newExpires })}</td>
          </tr>
          <tr>
            <th scope="row" className="py-2 font-normal">
              {t("transferIn.transferPrice")}
            </th>
            <td className="py-2 text-right">{money(check.transfer_price)}</td>
          </tr>
          <tr>
            <th scope="row" className="py-2 font-normal">
              {t("transferIn.icannFee")}
            </th>
            <td className="py-2 text-right">{money(check.icann_fee)}</td>
          </tr>
          <tr>
            <th scope="row" className="py-2 font-semibold">
              {t("transferIn.total")}
            </th>
            <td className="py-2 text-right font-semibold" data-testid="transfer-total">
              {money(check.total)}
            </td>
          </tr>
        </tbody>
      </table>
      <p className="mt-4 max-w-xl text-sm text-slate-700 dark:text-slate-300">{t("transferIn.policy")}</p>
      <Form method="post" action={PATH} className="mt-4 flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value={TRANSFER_INTENTS.pay} />
        <input type="hidden" name="domain" value={domain} />
        <input type="hidden" name="auth_code" value={authCode} />
        <ErrorList id="transfer-review-error" errors={failureText ? [failureText] : undefined} />
        {isCode(failure, "already_in_cart") ? (
          <Link to="/cart" className="font-semibold underline">
            {t("transferIn.viewCart")}
          </Link>
        ) : null}
        <button type="submit" className={BUTTON_CLASS} aria-busy={busy} disabled={busy}>
          {t("transferIn.toPayment")}
        </button>
        <Link to={`${PATH}?domain=${encodeURIComponent(domain)}`} className={SECONDARY_BUTTON_CLASS}>
          {t("transferIn.back")}
        </Link>
      </Form>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{t("transferIn.signInNote")}</p>
    </section>
  );
}

export default function TransferWizard() {
  const { t } = useTranslation("domains");
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const step: Step = actionData?.step ?? loaderData.step;
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t("transferIn.heading")}</h1>
      <p className="mt-3 max-w-3xl text-slate-700 dark:text-slate-300">{t("transferIn.intro")}</p>
      <Steps current={step} />
      {actionData?.step === "review" ? (
        <ReviewStep
          check={actionData.check}
          domain={actionData.domain}
          authCode={actionData.authCode}
          failure={actionData.failure}
        />
      ) : actionData?.step === "auth" ? (
        actionData.check || loaderData.check ? (
          <AuthStep check={actionData.check ?? loaderData.check} domain={actionData.domain} />
        ) : (
          <DomainStep domain={actionData.domain} failure={actionData.failure} />
        )
      ) : loaderData.step === "auth" && loaderData.check ? (
        <AuthStep check={loaderData.check} domain={loaderData.check.domain} />
      ) : (
        <DomainStep domain={loaderData.domain} failure={loaderData.failure} />
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
