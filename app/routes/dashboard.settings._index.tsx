import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { EmailForm, UsernameForm, VerifyEmailForm } from "../components/dashboard/profile-forms";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { loadProfileSettings, profileAction } from "../server/profile-settings.server";

// Profile settings (SPEC §2): change the username, change the email address and verify it. One
// action, four intents (components/dashboard/profile.ts); the loader and the action are in
// server/profile-settings.server.ts.

export async function loader(args: LoaderFunctionArgs) {
  return loadProfileSettings(args);
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "Settings") },
];

export async function action(args: ActionFunctionArgs) {
  return profileAction(args);
}

export const handle = { i18n: ["account", "dashboard/profile"] } satisfies I18nHandle;
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export default function ProfileSettings() {
  const { profile } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-6">
      {actionData?.message ? (
        <p
          role="alert"
          className="rounded-xl border border-rose-300 bg-rose-50 p-4 text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100"
        >
          {actionData.message}
        </p>
      ) : null}
      {/* Keyed by the saved value: after a change the form starts empty again. */}
      {profile.emailVerified ? null : <VerifyEmailForm key={`verify-${profile.email}`} email={profile.email} />}
      <UsernameForm key={`username-${profile.username}`} username={profile.username} />
      <EmailForm key={`email-${profile.email}`} email={profile.email} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
