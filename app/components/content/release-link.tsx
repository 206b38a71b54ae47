import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ReleaseLinkAction, ReleaseLinkLoader } from "../../server/release-link.server";
import { errorTitle } from "../error-boundary";
import { BUTTON_CLASS } from "../ui/form";

export const releaseLinkMeta: MetaFunction = ({ data, error }) => [
  { title: error ? errorTitle(error) : `${(data as { title?: string } | undefined)?.title ?? "Trinity"} · Trinity` },
  { name: "robots", content: "noindex" },
];

/**
 * The page behind a release email's link: it shows the address and one button. Only the button's
 * form post changes anything, so a mail scanner that opens links confirms nothing.
 */
export function ReleaseLinkPage() {
  const { kind, title, token, subscription } = useLoaderData<ReleaseLinkLoader>();
  const actionData = useActionData<ReleaseLinkAction>();
  const { t } = useTranslation("content");
  const finalStatus = kind === "confirm" ? "confirmed" : "unsubscribed";
  const done = actionData?.done ?? (subscription?.status === finalStatus ? subscription : null);
  const usable =
    token &&
    subscription &&
    actionData === undefined &&
    !(kind === "confirm" && subscription.status === "unsubscribed");
  return (
    <section className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      {done ? (
        <p
          role="status"
          className="mt-6 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-50"
        >
          {t(kind === "confirm" ? "download.confirmed" : "download.unsubscribed", { email: done.email })}
        </p>
      ) : usable ? (
        <Form method="post" className="mt-6 space-y-4">
          <p>
            {t(kind === "confirm" ? "download.confirmIntro" : "download.unsubscribeIntro", {
              email: subscription.email,
            })}
          </p>
          <input type="hidden" name="token" value={token} />
          <button type="submit" className={BUTTON_CLASS}>
            {t(kind === "confirm" ? "download.confirm" : "download.unsubscribe")}
          </button>
        </Form>
      ) : (
        <p
          role="alert"
          className="mt-6 rounded-lg border border-rose-300 bg-rose-50 p-4 text-rose-950 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-50"
        >
          {t("download.invalidLink")}
        </p>
      )}
      <p className="mt-8">
        <Link to="/download" className="font-medium text-indigo-700 underline dark:text-indigo-300">
          {t("download.backToDownload")}
        </Link>
      </p>
    </section>
  );
}
