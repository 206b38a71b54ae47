import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { formatDay } from "../../core/format";
import type { Locale } from "../../core/locale";
import { transferAuthFormSchema, transferCodeOf } from "../../core/transfer";
import { TRANSFER_INTENTS } from "../components/domains/intents";
import type {
  TransferActionData,
  TransferChecked,
  TransferFailure,
  TransferStep,
} from "../components/domains/transfer-in-model";
import { isCode } from "../i18n/api-errors";
import { apiClient, readApi, type ApiResult } from "./api.server";
import { cartApi } from "./cart.server";
import { cartCookie } from "./cookies.server";
import { getTranslator } from "./i18n.server";
import { createToastHeaders } from "./toast.server";

/**
 * The transfer-in wizard's server side (SPEC §2, issue 14): the API decides
 * (GET /domains/{domain}/transfer-check, POST /cart/items), every answer is `no-store`, and the
 * auth code only ever travels in POST bodies — never in a URL, a redirect or a cookie.
 */
const NO_STORE = { "Cache-Control": "no-store" };

function failureOf(answer: Extract<ApiResult<unknown>, { ok: false }>): TransferFailure {
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
): Promise<{ ok: true; check: TransferChecked } | { ok: false; failure: TransferFailure }> {
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

export async function loadTransferIn({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { t, locale } = await getTranslator(request, ["domains"]);
  const domain = (url.searchParams.get("domain") ?? "").trim().slice(0, 253);
  const base = { title: t("transferIn.metaTitle"), description: t("transferIn.metaDescription"), domain };
  if (!url.searchParams.has("domain"))
    return data({ ...base, step: "domain" as TransferStep, check: null, failure: null }, { headers: NO_STORE });
  /** The first step again, with why the name cannot go on. */
  const refused = (failure: TransferFailure, status: number) =>
    data({ ...base, step: "domain" as TransferStep, check: null, failure }, { status, headers: NO_STORE });
  if (!domain) return refused({ code: "invalid_domain", reason: null }, 400);
  const checked = await checkTransfer(request, context, domain, locale);
  if (!checked.ok) return refused(checked.failure, isCode(checked.failure, "server_error") ? 503 : 400);
  if (await inCart(request, context, checked.check.domain))
    return refused({ code: "already_in_cart", reason: null }, 409);
  return data({ ...base, step: "auth" as TransferStep, check: checked.check, failure: null }, { headers: NO_STORE });
}

export async function transferInAction({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  const { t, locale } = await getTranslator(request, ["domains"]);
  const domainField = String(formData.get("domain") ?? "").slice(0, 253);
  const reply = (value: TransferActionData, status: number) => data(value, { status, headers: NO_STORE });

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
        const failure: TransferFailure = answer ? failureOf(answer) : { code: "server_error", reason: null };
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
        } satisfies TransferActionData,
        { status: 400, headers: NO_STORE },
      );
  }
}
