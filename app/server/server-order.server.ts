import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { serverOrderSchema } from "../../core/servers";
import type { ServerOrderActionData } from "../components/servers/forms";
import { apiErrorText, isCode } from "../i18n/api-errors";
import { apiClient, readApi } from "./api.server";
import { cartApi } from "./cart.server";
import { cartCookie } from "./cookies.server";
import { getTranslator } from "./i18n.server";
import { createToastHeaders } from "./toast.server";

// /vps: the server catalogue (from the API) and the order form's action (one schema, core's
// serverOrderSchema): the server goes into the cart and the visitor to /cart with a toast.

const ORDER_FIELDS = ["plan", "cycle", "os", "datacenter", "hostname", "ssh_key"];

export async function loadServerCatalogue(request: Request, context: AppLoadContext) {
  const [{ t }, answer] = await Promise.all([
    getTranslator(request, ["servers"]),
    apiClient(context, request)
      .api.v1.vps.plans.$get()
      .then((response) => readApi(response)),
  ]);
  if (!answer.ok) throw new Response(answer.message, { status: 503 });
  return { title: t("servers:metaTitle"), catalogue: answer.data };
}

export async function orderServer(request: Request, context: AppLoadContext) {
  const formData = await request.formData();
  const plan = String(formData.get("plan") ?? "").slice(0, 32);
  const [{ t }, { cartId: existingCartId, client: cart }] = await Promise.all([
    getTranslator(request, ["servers"]),
    cartApi(request, context),
  ]);
  const submission = parseWithZod(formData, { schema: serverOrderSchema });
  const reply = (result: SubmissionResult<string[]>, status = 400) =>
    data<ServerOrderActionData>({ plan, result }, { status });
  if (submission.status !== "success") return reply(submission.reply());
  const answer = await readApi(await cart.servers.$post({ json: submission.value }));
  if (!answer.ok) {
    const [detail] = answer.details;
    if (answer.status === 400 && detail?.path && ORDER_FIELDS.includes(detail.path)) {
      return reply(submission.reply({ fieldErrors: { [detail.path]: [detail.message] } }));
    }
    const message = apiErrorText(t, answer, "vps.order");
    if (isCode(answer, "already_in_cart")) return reply(submission.reply({ fieldErrors: { hostname: [message] } }));
    return reply(submission.reply({ formErrors: [message] }), answer.status >= 500 ? 503 : 409);
  }
  const headers = new Headers();
  if (answer.data.id !== existingCartId)
    headers.append("Set-Cookie", await cartCookie(context).serialize(answer.data.id));
  const line = answer.data.items.at(-1);
  for (const [name, value] of await createToastHeaders({
    type: "success",
    description: t("servers:order.added", {
      plan: line?.type === "vps" ? line.planName : plan,
      hostname: submission.value.hostname,
    }),
  })) {
    headers.append(name, value);
  }
  return redirect("/cart", { status: 303, headers });
}
