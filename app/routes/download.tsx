import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { releaseSignupSchema } from "../../core/content-forms";
import { InfoPage, infoPageMeta } from "../components/content/info-page";
import { GeneralErrorBoundary } from "../components/error-boundary";
import { BUTTON_CLASS, ErrorList, Field, INPUT_CLASS } from "../components/ui/form";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { CONTENT_PAGE_SECONDS, type PageCacheHandle } from "../config/page-cache";
import { apiClient, readApi } from "../server/api.server";
import { getTranslator } from "../server/i18n.server";
import { loadInfoPage } from "../server/info-page.server";
import { redirectWithToast } from "../server/toast.server";
import { useSchemaForm } from "../components/ui/form-hooks";

// /download (SPEC §2 "Download: an email field to get updates"): the page's text is
// data/pages/download.*.md; the form signs the address up for release emails (stored, confirmed
// by a mailed link, every mail with an unsubscribe link).
export const handle = {
  i18n: ["account", "content/page", "content/download"],
  pageCache: CONTENT_PAGE_SECONDS,
} satisfies I18nHandle & PageCacheHandle;

export const loader = ({ request }: LoaderFunctionArgs) => loadInfoPage(request, "download");
export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export const meta = infoPageMeta;

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const { t, locale } = await getTranslator(request, ["content"]);
  const submission = parseWithZod(formData, { schema: releaseSignupSchema });
  if (submission.status !== "success")
    return data<{ result: SubmissionResult<string[]> }>({ result: submission.reply() }, { status: 400 });
  const answer = await readApi(
    await apiClient(context, request).api.v1.updates.subscribe.$post({
      json: { email: submission.value.email, locale },
    }),
  );
  if (!answer.ok) {
    const message =
      answer.status === 429
        ? t("account:tooManyAttempts", { count: Math.max(1, Math.ceil((answer.retryAfter ?? 60) / 60)) })
        : t("download.failed");
    return data(
      { result: submission.reply({ formErrors: [message] }) },
      { status: answer.status === 429 ? 429 : answer.status === 400 ? 400 : 503 },
    );
  }
  return redirectWithToast(
    "/download",
    { type: "success", description: t("download.sent", { email: answer.data.email }) },
    { status: 303 },
  );
}

function ReleaseSignup() {
  const { t } = useTranslation("content");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/download";
  const [form, fields] = useSchemaForm({
    id: "release-signup",
    schema: () => import("../../core/content-forms").then((m) => m.releaseSignupSchema),
    lastResult: actionData?.result,
    validateOn: "onBlur",
  });
  return (
    <section
      aria-labelledby="release-title"
      className="mt-10 rounded-2xl border border-slate-200 p-6 dark:border-slate-800"
    >
      <h2 id="release-title" className="text-xl font-semibold">
        {t("download.formTitle")}
      </h2>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t("download.formIntro")}</p>
      <Form
        method="post"
        action="/download"
        {...getFormProps(form)}
        className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        <Field id={fields.email.id} label={t("download.email")} errors={fields.email.errors} className="flex-1">
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className={INPUT_CLASS} />
        </Field>
        <button type="submit" className={`${BUTTON_CLASS} sm:mt-6`} aria-busy={busy} disabled={busy}>
          {t("download.submit")}
        </button>
      </Form>
      <ErrorList id={form.errorId} errors={form.errors} />
    </section>
  );
}

export default function DownloadPage() {
  return (
    <InfoPage data={useLoaderData<typeof loader>()}>
      <ReleaseSignup />
    </InfoPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
