import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useFormat } from "../i18n/use-format";
import { safeRedirectPath } from "../../core/safe-redirect";
import { GeneralErrorBoundary, errorTitle, notFoundResponse } from "../components/error-boundary";
import { BUTTON_CLASS, SECONDARY_BUTTON_CLASS } from "../components/ui/form";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { getTranslator } from "../server/i18n.server";
import { readUserApi, requireAuth, sessionHeaders, userApi } from "../server/session.server";
import type { ThreeDsView } from "../../workers/api/contract/payments";

/**
 * The embedded test provider's 3-D Secure page (what a bank's check is with Stripe): the payer
 * completes or fails the check, and is sent back to the order's status page with Stripe's query
 * parameters. 404 for another user's payment, a garbage id, or when the test provider is not in use.
 */
export const handle: I18nHandle = { i18n: ["checkout", "payment"] };

const PAYMENT_REF = /^pi_[A-Za-z0-9_]{1,250}$/u;
const RESULTS = ["complete", "fail"] as const;

function refOf(params: LoaderFunctionArgs["params"]): string {
  const ref = params.ref ?? "";
  if (!PAYMENT_REF.test(ref)) notFoundResponse();
  return ref;
}

/** The same-site path of the provider's return URL (the order's page), or the billing page. */
function returnPath(view: ThreeDsView): string {
  if (!view.return_url) return "/dashboard/billing";
  try {
    const url = new URL(view.return_url, "http://local.invalid");
    return safeRedirectPath(`${url.pathname}${url.search}`, "/dashboard/billing");
  } catch {
    return "/dashboard/billing";
  }
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const ref = refOf(params);
  const [{ t }, answer] = await Promise.all([
    getTranslator(request, ["checkout"]),
    userApi(context, request, auth)
      .api.v1.payment.test["3ds"][":ref"].$get({ param: { ref } })
      .then((response) => readUserApi(request, context, response)),
  ]);
  if (!answer.ok) {
    if (answer.status === 404 || answer.status === 400) notFoundResponse();
    throw new Response(answer.message, { status: 502 });
  }
  return { title: t("threeDs.metaTitle"), payment: answer.data, back: returnPath(answer.data) };
}

export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "3-D Secure") },
];

export async function action({ request, context, params }: ActionFunctionArgs) {
  const auth = await requireAuth(request, context);
  const ref = refOf(params);
  const result = (await request.formData()).get("result");
  const headers = await sessionHeaders(request, context);
  if (!RESULTS.some((known) => known === result)) return data({ ok: false }, { status: 400, headers });
  const answer = await userApi(context, request, auth)
    .api.v1.payment.test["3ds"][":ref"].$post({
      param: { ref },
      json: { result: result === "complete" ? "complete" : "fail" },
    })
    .then((response) => readUserApi(request, context, response));
  if (!answer.ok) {
    if (answer.status === 404) notFoundResponse();
    // Already answered (a second click, the back button): go on to the order as it stands.
    const current = await userApi(context, request, auth)
      .api.v1.payment.test["3ds"][":ref"].$get({ param: { ref } })
      .then((response) => readUserApi(request, context, response));
    return redirect(current.ok ? returnPath(current.data) : "/dashboard/billing", { status: 303, headers });
  }
  return redirect(returnPath(answer.data), { status: 303, headers });
}

export default function ThreeDSecure() {
  const { t } = useTranslation("checkout");
  const { money } = useFormat();
  const { payment, back } = useLoaderData<typeof loader>();
  const open = payment.status === "requires_action";
  const card = payment.card
    ? `${t(`payment:brands.${payment.card.brand}`, { defaultValue: payment.card.brand })} •••• ${payment.card.last4}`
    : "";
  return (
    <section className="mx-auto max-w-lg px-4 py-16">
      <h1 className="text-3xl font-bold tracking-tight">{t("threeDs.title")}</h1>
      {open ? (
        <>
          <p className="mt-4">{t("threeDs.intro", { amount: money(payment.amount_cents / 100), card })}</p>
          <Form method="post" className="mt-8 flex flex-wrap gap-3">
            <button type="submit" name="result" value="complete" className={BUTTON_CLASS}>
              {t("threeDs.complete")}
            </button>
            <button type="submit" name="result" value="fail" className={SECONDARY_BUTTON_CLASS}>
              {t("threeDs.fail")}
            </button>
          </Form>
        </>
      ) : (
        <>
          <p className="mt-4">{t("threeDs.done")}</p>
          <a href={back} className={`${BUTTON_CLASS} mt-6`}>
            {t("threeDs.back")}
          </a>
        </>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
