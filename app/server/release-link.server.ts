import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { linkTokenSchema } from "../../core/content-forms";
import { apiClient, readApi } from "./api.server";
import { getTranslator } from "./i18n.server";

export type ReleaseLinkKind = "confirm" | "unsubscribe";

/** The link's subscription (looked up by its token); a bad or unknown token → 404 with no subscription. */
export async function releaseLinkLoader({ request, context }: LoaderFunctionArgs, kind: ReleaseLinkKind) {
  const { t } = await getTranslator(request, ["content"]);
  const title = t(kind === "confirm" ? "download.confirmTitle" : "download.unsubscribeTitle");
  const token = linkTokenSchema.safeParse(new URL(request.url).searchParams.get("token"));
  if (!token.success) return data({ kind, title, token: null, subscription: null }, { status: 404 });
  const answer = await readApi(
    await apiClient(context, request).api.v1.updates.subscription.$get({ query: { token: token.data } }),
  );
  if (!answer.ok)
    return data({ kind, title, token: null, subscription: null }, { status: answer.status === 404 ? 404 : 503 });
  return data({ kind, title, token: token.data, subscription: answer.data });
}

/** The button's post: confirm or unsubscribe through the API. */
export async function releaseLinkAction({ request, context }: ActionFunctionArgs, kind: ReleaseLinkKind) {
  const token = linkTokenSchema.safeParse((await request.formData()).get("token"));
  if (!token.success) return data({ done: null }, { status: 400 });
  const updates = apiClient(context, request).api.v1.updates;
  const response =
    kind === "confirm"
      ? await updates.confirm.$post({ json: { token: token.data } })
      : await updates.unsubscribe.$post({ json: { token: token.data } });
  const answer = await readApi(response);
  if (!answer.ok) return data({ done: null }, { status: answer.status === 404 ? 404 : 503 });
  return data({ done: answer.data });
}

export type ReleaseLinkLoader = typeof releaseLinkLoader;
export type ReleaseLinkAction = typeof releaseLinkAction;
