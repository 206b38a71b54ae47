import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ReleaseLinkPage, releaseLinkMeta } from "../components/content/release-link";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { releaseLinkAction, releaseLinkLoader } from "../server/release-link.server";

// /download/confirm?token=…: the confirm link of a release email (see ReleaseLinkPage).
export const handle = { i18n: ["content"] } satisfies I18nHandle;

export const loader = (args: LoaderFunctionArgs) => releaseLinkLoader(args, "confirm");
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);
export const action = (args: ActionFunctionArgs) => releaseLinkAction(args, "confirm");

export const meta = releaseLinkMeta;

export default ReleaseLinkPage;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
