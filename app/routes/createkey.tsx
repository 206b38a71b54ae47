import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { checkConfirmation, seedKeyWords } from "../../core/auth/seed-key";
import { wrongConfirmationWords } from "../../core/auth/signup-flow";
import { flowTarget, redirectQuery } from "../../core/auth/flow-redirect";
import { SAVED_REQUIRED } from "../components/createkey/confirm";
import { confirmSchema } from "../components/createkey/confirm-schema";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { AuthCard, BUTTON_CLASS, ErrorList, SECONDARY_BUTTON_CLASS } from "../components/ui/form";
import { VerbatimField } from "../components/ui/fields";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { getTranslator } from "../server/i18n.server";
import { getUnconfirmedKeyFlow } from "../server/seed-key-flow.server";
import { commitSignupFlow } from "../server/signup-flow.server";
import { useSchemaForm } from "../components/ui/form-hooks";

export const handle = { i18n: ["account", "signup"] } satisfies I18nHandle;

/** The page shows a secret: no cache may keep it. */
const NO_STORE = { "Cache-Control": "no-store" };

/** Where the flow ends (issue 19): `?redirect=` from the sign-up step, checked again here. */
function nextTarget(request: Request): string {
  return flowTarget(new URL(request.url).searchParams.get("redirect"));
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Reachable only with the "registered flag": a flow cookie still holding the unconfirmed key.
  const flow = await getUnconfirmedKeyFlow(request, context);
  if (!flow) throw redirect(`/signup${redirectQuery(nextTarget(request))}`);
  const { t } = await getTranslator(request, ["signup", "account"]);
  return data(
    {
      title: t("createkey.metaTitle"),
      username: flow.username,
      words: seedKeyWords(flow.seedKey),
      positions: flow.positions,
      redirectTo: nextTarget(request),
    },
    { headers: NO_STORE },
  );
}

/** The document (not only its data) must not be cached either. */
export const headers: HeadersFunction = () => NO_STORE;

export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "Save your seed key") },
  { name: "robots", content: "noindex" },
];

export async function action({ request, context }: ActionFunctionArgs) {
  const flow = await getUnconfirmedKeyFlow(request, context);
  if (!flow) throw redirect("/signup", 303);
  const submission = parseWithZod(await request.formData(), { schema: confirmSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400, headers: NO_STORE });

  const [firstPosition, secondPosition] = flow.positions;
  const { first, second } = submission.value;
  const wrong = wrongConfirmationWords(flow.seedKey, [
    [firstPosition, first],
    [secondPosition, second],
  ]);
  if (
    wrong.length > 0 ||
    !checkConfirmation(flow.seedKey, { [firstPosition]: first, [secondPosition]: second }, flow.positions)
  ) {
    const { t } = await getTranslator(request, ["signup", "account"]);
    const fieldErrors: Record<string, string[]> = {};
    if (wrong.includes(firstPosition)) fieldErrors.first = [t("createkey.wrongWord", { position: firstPosition })];
    if (wrong.includes(secondPosition)) fieldErrors.second = [t("createkey.wrongWord", { position: secondPosition })];
    return data({ result: submission.reply({ fieldErrors }) }, { status: 400, headers: NO_STORE });
  }

  // Confirmed: the key leaves the cookie for good; the flow goes on to email verification.
  const headers = new Headers({
    "Set-Cookie": await commitSignupFlow(request, context, { ...flow, seedKey: null, positions: null }),
  });
  return redirect(`/verify-email${redirectQuery(nextTarget(request))}`, { status: 303, headers });
}

function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation("signup");
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state !== "copied") return;
    const timer = setTimeout(() => setState("idle"), 4000);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <>
      <button
        type="button"
        className={SECONDARY_BUTTON_CLASS}
        onClick={() => {
          navigator.clipboard.writeText(text).then(
            () => setState("copied"),
            () => setState("failed"),
          );
        }}
      >
        {t("createkey.copy")}
      </button>
      <p
        role="status"
        className={`basis-full text-sm ${state === "failed" ? "text-rose-700 dark:text-rose-300" : "text-emerald-700 dark:text-emerald-300"}`}
      >
        {state === "copied" ? t("createkey.copied") : state === "failed" ? t("createkey.copyFailed") : null}
      </p>
    </>
  );
}

export default function CreateKey() {
  const { t } = useTranslation(["signup", "account"]);
  const { words, positions, redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [form, fields] = useSchemaForm({
    id: "createkey",
    schema: () => import("../components/createkey/confirm-schema").then((m) => m.confirmSchema),
    lastResult: actionData?.result,
  });
  const savedErrors = fields.saved.errors?.map((message) =>
    message === SAVED_REQUIRED ? t("createkey.savedRequired") : message,
  );

  return (
    <AuthCard
      title={t("createkey.title")}
      intro={
        <>
          <p className="font-medium text-indigo-700 dark:text-indigo-300">{t("form.steps", { step: 2 })}</p>
          <p className="mt-1">{t("createkey.intro")}</p>
        </>
      }
    >
      <p
        role="note"
        className="rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-500 dark:bg-amber-950 dark:text-amber-50"
      >
        {t("createkey.warning")}
      </p>

      <section aria-labelledby="seed-key-heading" className="mt-6">
        <h2 id="seed-key-heading" className="text-lg font-semibold">
          {t("createkey.wordsLabel")}
        </h2>
        <ol data-testid="seed-key-words" className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
          {words.map((word, index) => (
            <li
              key={`${index}-${word}`}
              className="flex items-baseline gap-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 dark:border-slate-700 dark:bg-slate-950"
            >
              <span className="w-6 text-right text-xs tabular-nums text-slate-600 dark:text-slate-400">
                {index + 1}.
              </span>
              <span data-testid="seed-key-word" className="font-mono font-semibold">
                {word}
              </span>
            </li>
          ))}
        </ol>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          {hydrated ? <CopyButton text={words.join(" ")} /> : null}
          <a href="/createkey/download" download className={SECONDARY_BUTTON_CLASS}>
            {t("createkey.download")}
          </a>
        </div>
      </section>

      <Form
        method="post"
        action={`/createkey${redirectQuery(redirectTo)}`}
        {...getFormProps(form)}
        className="mt-8 space-y-5 border-t border-slate-200 pt-6 dark:border-slate-800"
      >
        <div>
          <h2 className="text-lg font-semibold">{t("createkey.confirmHeading")}</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("createkey.confirmIntro")}</p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <VerbatimField
            field={fields.first}
            label={t("createkey.wordLabel", { position: positions[0] })}
            autoComplete="off"
          />
          <VerbatimField
            field={fields.second}
            label={t("createkey.wordLabel", { position: positions[1] })}
            autoComplete="off"
          />
        </div>
        <div>
          <div className="flex items-start gap-3">
            <input
              {...getInputProps(fields.saved, { type: "checkbox" })}
              className="mt-1 h-4 w-4 rounded border-slate-400 text-indigo-600 focus:ring-indigo-500"
            />
            <label htmlFor={fields.saved.id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
              {t("createkey.savedLabel")}
            </label>
          </div>
          <ErrorList id={fields.saved.errorId} errors={savedErrors} />
        </div>
        <ErrorList id={form.errorId} errors={form.errors} />
        <button type="submit" className={`${BUTTON_CLASS} w-full`}>
          {t("createkey.submit")}
        </button>
      </Form>
    </AuthCard>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
