import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData } from "@remix-run/react";
import { DashboardNav, UnverifiedEmailBanner } from "../components/dashboard/nav";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { readUserApi, requireAuth, sessionHeaders, updateSessionUser, userApi } from "../server/session.server";

/**
 * The dashboard guard and layout. Every /dashboard/* page lies under this route, so a visitor
 * without a session is sent to `/signin?redirect=<path and query>` (requireAuth) before any child
 * renders; the children call requireAuth too, as their loaders run in parallel with this one.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  let auth = await requireAuth(request, context);
  let headers = await sessionHeaders(request, context);
  // The banner follows the session; when the session still says "not verified", ask the API
  // whether that changed elsewhere (another tab, the API) and bring the session up to date.
  if (!auth.user.emailVerified) {
    const profile = await readUserApi(request, context, await userApi(context, request, auth).api.v1.profile.$get());
    if (
      profile.ok &&
      (profile.data.email_verified ||
        profile.data.email !== auth.user.email ||
        profile.data.username !== auth.user.username)
    ) {
      headers = await updateSessionUser(request, context, auth, profile.data);
      auth = {
        ...auth,
        user: {
          ...auth.user,
          email: profile.data.email,
          username: profile.data.username,
          emailVerified: profile.data.email_verified,
        },
      };
    }
  }
  return data({ email: auth.user.email, emailVerified: auth.user.emailVerified }, { headers });
}

export const handle = { i18n: ["account", "dashboard/nav", "dashboard/banner"] } satisfies I18nHandle;
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export default function DashboardLayout() {
  const { email, emailVerified } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-10">
      <DashboardNav />
      <div className="min-w-0">
        {emailVerified ? null : <UnverifiedEmailBanner email={email} />}
        <Outlet />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
