import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { GeneralErrorBoundary, errorTitle, notFoundResponse } from "../components/error-boundary";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { requireAuth } from "../server/session.server";

/**
 * Any /dashboard/* path without a page of its own (sections still to come, such as VPS;
 * or a typo): signed in → Page Not Found inside the dashboard;
 * signed out → sign-in first, like every dashboard path.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAuth(request, context);
  notFoundResponse();
}

export const handle = { i18n: ["account", "dashboard/notFound"] } satisfies I18nHandle;
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export const meta: MetaFunction = ({ error }) => [{ title: errorTitle(error) }];

export default function DashboardNotFound() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
