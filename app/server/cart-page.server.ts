import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { addDomainToCartFormSchema } from "../../core/cart";
import { cartDiscountSchema } from "../../core/checkout";
import { formatPercent } from "../../core/format";
import { safeRedirectPath } from "../../core/safe-redirect";
import { DISCOUNT_INTENTS, type DiscountActionData } from "../components/cart/discount";
import { CART_INTENTS, type CartActionData } from "../components/domain/add-to-cart";
import { apiErrorText } from "../i18n/api-errors";
import { readApi } from "./api.server";
import { cartApi } from "./cart.server";
import { cartCookie } from "./cookies.server";
import { getTranslator } from "./i18n.server";
import { createToastHeaders } from "./toast.server";

// /cart: the page's loader (the visitor's cart with its summary) and its one action.

export async function loadCartPage(request: Request, context: AppLoadContext) {
  const [{ t }, { cartId, signedIn, client }] = await Promise.all([getTranslator(request), cartApi(request, context)]);
  const result = cartId || signedIn ? await readApi(await client.$get()) : null;
  const cart = result?.ok ? result.data : null;
  return { title: t("cart.metaTitle"), cart, signedIn };
}

/**
 * The one cart action (house style 5): named intents, 400 for an unknown one. With JS (`_js=1`,
 * a fetcher) it answers data; without JS it redirects back to `redirectTo` with a flash toast.
 */
export async function cartAction(request: Request, context: AppLoadContext) {
  const form = await request.formData();
  const [{ t, locale }, { cartId: existingCartId, client: cart }] = await Promise.all([
    getTranslator(request),
    cartApi(request, context),
  ]);
  const viaFetcher = form.get("_js") === "1";
  const redirectTo = safeRedirectPath(form.get("redirectTo"), "/cart");
  const intent = form.get("intent");

  let result: { ok: boolean; message: string; status: number; cartId?: string };
  switch (intent) {
    case CART_INTENTS.add: {
      const parsed = addDomainToCartFormSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) {
        result = { ok: false, status: 400, message: t("domainErrors.invalid_format") };
        break;
      }
      const response = await cart.items.$post({ json: parsed.data });
      const answer = await readApi(response);
      result = answer.ok
        ? {
            ok: true,
            status: 200,
            cartId: answer.data.id,
            message: t("cart.added", { domain: answer.data.items.at(-1)?.unicode ?? parsed.data.domain }),
          }
        : { ok: false, status: answer.status, message: apiErrorText(t, answer, "cart") };
      break;
    }
    case CART_INTENTS.remove:
    case CART_INTENTS.setYears: {
      const itemId = String(form.get("itemId") ?? "");
      const years = Number(form.get("years"));
      if (!itemId || (intent === CART_INTENTS.setYears && !Number.isInteger(years))) {
        result = { ok: false, status: 400, message: t("cart.errors.generic", { message: "no such item" }) };
        break;
      }
      const item = cart.items[":id"];
      const response =
        intent === CART_INTENTS.remove
          ? await item.$delete({ param: { id: itemId } })
          : await item.$patch({ param: { id: itemId }, json: { years } });
      const answer = await readApi(response);
      result = answer.ok
        ? { ok: true, status: 200, message: intent === CART_INTENTS.remove ? t("cart.removed") : t("cart.updated") }
        : { ok: false, status: answer.status, message: apiErrorText(t, answer, "cart") };
      break;
    }
    case DISCOUNT_INTENTS.apply: {
      const code = String(form.get("code") ?? "").slice(0, 200);
      const parsed = cartDiscountSchema.safeParse({ code });
      let refusal: string;
      if (!parsed.success) {
        refusal = t(`cart.discount.reasons.${code.trim() ? "too_long" : "discount_required"}`);
      } else {
        const answer = await readApi(await cart.discount.$put({ json: parsed.data }));
        if (answer.ok) {
          const applied = answer.data.discount;
          result = {
            ok: true,
            status: 200,
            message: t("cart.discount.applied", {
              code: applied?.code ?? parsed.data.code,
              percentage: formatPercent(locale, applied?.percentage ?? 0),
            }),
          };
          break;
        }
        refusal = apiErrorText(t, answer, "cart.discount");
      }
      // A refused code stays in its field with the reason beside it (JS on or off): no redirect.
      return data({ ok: false, intent: DISCOUNT_INTENTS.apply, code, message: refusal } satisfies DiscountActionData, {
        status: 400,
      });
    }
    case DISCOUNT_INTENTS.remove: {
      const answer = await readApi(await cart.discount.$delete());
      result = answer.ok
        ? { ok: true, status: 200, message: t("cart.discount.removed") }
        : { ok: false, status: answer.status, message: apiErrorText(t, answer, "cart") };
      break;
    }
    default:
      return data({ ok: false, message: `Unknown intent "${String(intent)}".` } satisfies CartActionData, {
        status: 400,
      });
  }

  const headers = new Headers();
  if (result.cartId && result.cartId !== existingCartId) {
    headers.append("Set-Cookie", await cartCookie(context).serialize(result.cartId));
  }
  if (viaFetcher) {
    return data({ ok: result.ok, message: result.message } satisfies CartActionData, {
      status: result.status,
      headers,
    });
  }
  for (const [name, value] of await createToastHeaders({
    type: result.ok ? "success" : "error",
    description: result.message,
  })) {
    headers.append(name, value);
  }
  return redirect(redirectTo, { status: 303, headers });
}
