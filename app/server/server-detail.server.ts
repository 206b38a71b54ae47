import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { formatDay } from "../../core/format";
import { notFoundResponse } from "../components/error-boundary";
import {
  autoRenewFormSchema,
  powerActionSchema,
  renewFormSchema,
  revealFormSchema,
  SERVER_INTENTS,
  type ServerActionData,
} from "../components/servers/forms";
import { apiErrorText, isCode } from "../i18n/api-errors";
import { readApi } from "./api.server";
import { cartCookie, getCartId } from "./cookies.server";
import { getTranslator } from "./i18n.server";
import { readUserApi, requireAuth, sessionHeaders, userApi } from "./session.server";
import { createToastHeaders } from "./toast.server";

// One server's dashboard page (/dashboard/vps/:id): its loader and its one action (house style:
// a zod schema per form, named intents, a `switch`, 400 for an unknown intent).

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/u;

/** The server's id from the URL: anything but a UUID is the dashboard's 404. */
function serverId(params: { id?: string | undefined }): string {
  const id = params.id ?? "";
  if (!ID.test(id)) notFoundResponse();
  return id;
}

export async function loadServerPage(request: Request, context: AppLoadContext, params: { id?: string | undefined }) {
  const auth = await requireAuth(request, context);
  const id = serverId(params);
  const [{ t, locale }, answer] = await Promise.all([
    getTranslator(request, ["servers"]),
    userApi(context, request, auth)
      .api.v1.vps[":id"].$get({ param: { id } })
      .then((response) => readUserApi(request, context, response)),
  ]);
  if (!answer.ok) {
    if (answer.status === 404) notFoundResponse();
    throw new Response(answer.message, { status: answer.status >= 500 ? answer.status : 500 });
  }
  const server = answer.data;
  return data(
    {
      title: `${server.hostname} · ${t("servers:dashboard.metaTitle")}`,
      server,
      expiresText: formatDay(locale, server.expires_at),
      graceText: formatDay(locale, server.grace_ends_at),
    },
    { headers: await sessionHeaders(request, context) },
  );
}

async function withToast(headers: Headers, description: string): Promise<Headers> {
  for (const [key, value] of await createToastHeaders({ type: "success", description })) headers.append(key, value);
  return headers;
}

/**
 * The server page's one action, four intents: a power action, the root password (behind the
 * account password, never echoed), auto-renewal on or off, a renewal into the cart. Success → 303
 * with a toast (the revealed password: the page itself, not cached); a refusal → the form's reply.
 */
export async function serverPageAction(request: Request, context: AppLoadContext, params: { id?: string | undefined }) {
  const auth = await requireAuth(request, context);
  const id = serverId(params);
  const formData = await request.formData();
  const { t } = await getTranslator(request, ["servers"]);
  const cartId = await getCartId(request, context);
  const vps = userApi(context, request, auth, { cartId }).api.v1.vps[":id"];
  const headers = await sessionHeaders(request, context);
  const reply = (value: ServerActionData, status: number) => data(value, { status, headers });
  const intent = formData.get("intent");
  switch (intent) {
    case SERVER_INTENTS.action: {
      const submission = parseWithZod(formData, { schema: powerActionSchema });
      if (submission.status !== "success") return reply({ intent, result: submission.reply() }, 400);
      const { action } = submission.value;
      const answer = await readUserApi(request, context, await vps.actions[":action"].$post({ param: { id, action } }));
      if (!answer.ok) {
        if (answer.status === 404) notFoundResponse();
        const formErrors = [apiErrorText(t, answer, "vps.action")];
        return reply({ intent, result: submission.reply({ formErrors }) }, answer.status === 409 ? 409 : 503);
      }
      const description = t(`servers:dashboard.actionDone.${action}`, { hostname: answer.data.hostname });
      return redirect(`/dashboard/vps/${id}`, { status: 303, headers: await withToast(headers, description) });
    }
    case SERVER_INTENTS.reveal: {
      const hideFields = ["password"];
      const submission = parseWithZod(formData, { schema: revealFormSchema });
      if (submission.status !== "success") return reply({ intent, result: submission.reply({ hideFields }) }, 400);
      const answer = await readUserApi(
        request,
        context,
        await vps["root-password"].$post({ param: { id }, json: { password: submission.value.password } }),
      );
      if (answer.ok) {
        headers.set("cache-control", "no-store");
        const result = submission.reply({ hideFields, resetForm: true });
        return reply({ intent, result, password: answer.data.root_password }, 200);
      }
      if (answer.status === 404 && isCode(answer, "server_not_found")) notFoundResponse();
      const formErrors = [apiErrorText(t, answer, "vps.reveal")];
      if (answer.status === 429 && answer.retryAfter) headers.set("Retry-After", String(answer.retryAfter));
      return reply(
        { intent, result: submission.reply({ hideFields, formErrors }) },
        answer.status === 403 || answer.status === 429 ? answer.status : 400,
      );
    }
    case SERVER_INTENTS.autoRenew: {
      const submission = parseWithZod(formData, { schema: autoRenewFormSchema });
      if (submission.status !== "success") return reply({ intent, result: submission.reply() }, 400);
      const on = submission.value.enabled;
      const answer = await readUserApi(
        request,
        context,
        await vps["auto-renew"].$put({ param: { id }, json: { auto_renew: on } }),
      );
      if (!answer.ok) {
        if (answer.status === 404) notFoundResponse();
        return reply(
          {
            intent,
            result: submission.reply({ formErrors: [apiErrorText(t, answer, "vps.autoRenew")] }),
            needsCard: isCode(answer, "payment_method_required"),
          },
          answer.status === 409 ? 409 : 400,
        );
      }
      const description = t(on ? "servers:dashboard.autoRenewEnabled" : "servers:dashboard.autoRenewDisabled");
      return redirect(`/dashboard/vps/${id}`, { status: 303, headers: await withToast(headers, description) });
    }
    case SERVER_INTENTS.renew: {
      const submission = parseWithZod(formData, { schema: renewFormSchema });
      if (submission.status !== "success") return reply({ intent, result: submission.reply() }, 400);
      const { cycle, hostname } = submission.value;
      const answer = await readApi(await vps.renew.$post({ param: { id }, json: { cycle } }));
      if (!answer.ok) {
        if (answer.status === 404) notFoundResponse();
        const formErrors = [t("servers:dashboard.renewFailed", { message: answer.message })];
        return reply({ intent, result: submission.reply({ formErrors }) }, answer.status === 409 ? 409 : 400);
      }
      if (answer.data && answer.data.id !== cartId)
        headers.append("Set-Cookie", await cartCookie(context).serialize(answer.data.id));
      const description = t("servers:dashboard.renewAdded", { hostname });
      return redirect("/cart", { status: 303, headers: await withToast(headers, description) });
    }
    default:
      return reply({ intent: null, result: null }, 400);
  }
}
