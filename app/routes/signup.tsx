import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { registerSchema } from "../../core/auth/schemas";
import { flowTarget, redirectQuery } from "../../core/auth/flow-redirect";
import { startSignupFlow } from "../../core/auth/signup-flow";
import { GeneralErrorBoundary, errorTitle } from "../components/error-boundary";
import { AuthCard, AuthSwitch, BUTTON_CLASS, ErrorList, Field, INPUT_CLASS } from "../components/ui/form";
import { withNamespaces } from "../i18n/client";
import type { I18nHandle } from "../i18n/namespaces";
import { apiErrorText, isCode } from "../i18n/api-errors";
import { apiClient, readApi } from "../server/api.server";
import { getTranslator } from "../server/i18n.server";
import { getCartId } from "../server/cookies.server";
import { cartDroppedText, createUserSession, getSessionState } from "../server/session.server";
import { commitSignupFlow } from "../server/signup-flow.server";
import { createToastHeaders } from "../server/toast.server";
import { NewPasswordFields, VerbatimField } from "../components/ui/fields";
import { useSchemaForm } from "../components/ui/form-hooks";

export const handle = { i18n: ["account", "signup"] } satisfies I18nHandle;

/** Secret fields never come back in a re-rendered form. */
const HIDDEN_FIELDS = ["password", "confirmPassword"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Where the flow ends (issue 19): `?redirect=` (same-site path, e.g. back to the checkout).
  const redirectTo = flowTarget(new URL(request.url).searchParams.get("redirect"));
  const { auth } = await getSessionState(request, context);
  if (auth) throw redirect(redirectTo);
  const { t } = await getTranslator(request, ["signup", "account"]);
  return { title: t("form.metaTitle"), redirectTo };
}

export const clientLoader = withNamespaces<typeof loader>(handle.i18n);

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: error ? errorTitle(error) : (data?.title ?? "Sign up") },
];

/**
 * Sign-up (SPEC §2, §4 "Flows"): register, then sign in at once with the new seed key (the user
 * is signed in but unverified), keep the key in the flow cookie and go to the key step. The
 * visitor's cart joins the new account (issue 19) and `redirect` travels on to the last step.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const redirectTo = flowTarget(formData.get("redirect"));
  const { auth } = await getSessionState(request, context);
  if (auth) throw redirect(redirectTo, 303);
  const submission = parseWithZod(formData, { schema: registerSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: HIDDEN_FIELDS }) }, { status: 400 });
  }
  const { t } = await getTranslator(request, ["signup", "account"]);
  const api = apiClient(context, request, { cartId: await getCartId(request, context) }).api.v1.auth;
  const { username, email, password } = submission.value;
  const response = await api.register.$post({ json: { username, email, password } });
  const answer = await readApi(response);
  if (!answer.ok) {
    const text = apiErrorText(t, answer, "signup");
    const reply = isCode(answer, "username_taken")
      ? submission.reply({ fieldErrors: { username: [text] }, hideFields: HIDDEN_FIELDS })
      : isCode(answer, "email_exists")
        ? submission.reply({ fieldErrors: { email: [text] }, hideFields: HIDDEN_FIELDS })
        : submission.reply({ formErrors: [text], hideFields: HIDDEN_FIELDS });
    return data({ result: reply }, { status: answer.status >= 400 ? answer.status : 500 });
  }

  const { user, seed_key: seedKey } = answer.data;
  const headers = new Headers();
  // Visitor lines the new account could not take are named (the sign-in right after finds the cart adopted).
  const dropped = cartDroppedText(t, answer.data.cart_dropped);
  if (dropped)
    for (const [name, value] of await createToastHeaders({ type: "warning", description: dropped }))
      headers.append(name, value);
  headers.append(
    "Set-Cookie",
    await commitSignupFlow(
      request,
      context,
      startSignupFlow({ username: user.username, email: user.email, seedKey }, Date.now()),
    ),
  );
  // Signed in right away (unverified). Should this sign-in fail (e.g. a per-address limit), the
  // key step still works from the flow cookie; verification then asks the user to sign in.
  const login = await readApi(
    await api.login.$post({ json: { username: user.username, password, seed_key: seedKey, remember_me: false } }),
  );
  if (login.ok && "token" in login.data) {
    for (const [name, value] of await createUserSession(request, context, login.data, false))
      headers.append(name, value);
  }
  return redirect(`/createkey${redirectQuery(redirectTo)}`, { status: 303, headers });
}

type Availability = "idle" | "checking" | "available" | "taken" | "failed";

/**
 * With JavaScript: asks the API whether a well-formed username is free, 400 ms after typing stops.
 * "Well-formed" is the form's own usernameSchema, loaded once something is typed (not with the
 * page: zod is not part of its first bytes).
 */
function useUsernameAvailability(username: string): Availability {
  const [state, setState] = useState<Availability>("idle");
  useEffect(() => {
    if (username.trim() === "") {
      setState("idle");
      return;
    }
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    import("../../core/auth/schemas").then(
      ({ usernameSchema }) => {
        if (controller.signal.aborted) return;
        if (!usernameSchema.safeParse(username).success) {
          setState("idle");
          return;
        }
        setState("checking");
        timer = setTimeout(() => {
          fetch(`/api/v1/auth/username-available?username=${encodeURIComponent(username.trim())}`, {
            signal: controller.signal,
            headers: { accept: "application/json" },
          })
            .then(async (response) => {
              const body = (await response.json()) as { success?: boolean; data?: { available?: boolean } };
              if (!response.ok || !body.success || typeof body.data?.available !== "boolean")
                throw new Error(`status ${response.status}`);
              setState(body.data.available ? "available" : "taken");
            })
            .catch(() => {
              if (!controller.signal.aborted) setState("failed");
            });
        }, 400);
      },
      () => {
        if (!controller.signal.aborted) setState("failed");
      },
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [username]);
  return state;
}

function AvailabilityStatus({ state, id }: { state: Availability; id: string }) {
  const { t } = useTranslation("signup");
  const styles: Record<Availability, string> = {
    idle: "",
    checking: "text-slate-600 dark:text-slate-400",
    available: "text-emerald-700 dark:text-emerald-300",
    taken: "text-rose-700 dark:text-rose-300",
    failed: "text-amber-800 dark:text-amber-300",
  };
  return (
    <p
      id={id}
      role="status"
      aria-live="polite"
      data-testid="username-availability"
      className={`mt-1 min-h-0 text-sm ${styles[state]}`}
    >
      {state === "idle" ? null : t(`availability.${state}`)}
    </p>
  );
}

export default function SignUp() {
  const { t } = useTranslation(["signup", "account"]);
  const { redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction === "/signup";
  const [form, fields] = useSchemaForm({
    id: "signup",
    schema: () => import("../../core/auth/schemas").then((m) => m.registerSchema),
    lastResult: actionData?.result,
  });
  const [username, setUsername] = useState(
    typeof fields.username.initialValue === "string" ? fields.username.initialValue : "",
  );
  const availability = useUsernameAvailability(username);
  const availabilityId = `${fields.username.id}-availability`;

  return (
    <AuthCard
      title={t("form.title")}
      intro={
        <>
          <p className="font-medium text-indigo-700 dark:text-indigo-300">{t("form.steps", { step: 1 })}</p>
          <p className="mt-1">{t("form.intro")}</p>
        </>
      }
    >
      <Form method="post" action="/signup" {...getFormProps(form)} className="space-y-5">
        <input type="hidden" name="redirect" value={redirectTo} />
        <Field
          id={fields.username.id}
          label={t("account:fields.username")}
          errors={fields.username.errors}
          hint={t("account:usernameRule")}
        >
          <input
            {...getInputProps(fields.username, {
              type: "text",
              ariaDescribedBy: `${fields.username.id}-hint ${availabilityId}`,
            })}
            onInput={(event) => setUsername(event.currentTarget.value)}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={60}
            className={INPUT_CLASS}
          />
          <AvailabilityStatus state={fields.username.errors ? "idle" : availability} id={availabilityId} />
        </Field>
        <VerbatimField field={fields.email} label={t("account:fields.email")} type="email" autoComplete="email" />
        <NewPasswordFields
          password={fields.password}
          confirm={fields.confirmPassword}
          label={t("account:fields.password")}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <button type="submit" className={`${BUTTON_CLASS} w-full`} aria-busy={submitting}>
          {submitting ? t("form.submitting") : t("form.submit")}
        </button>
      </Form>
      <AuthSwitch
        question={t("form.haveAccount")}
        to="/signin"
        label={t("form.signIn")}
        redirectTo={redirectTo}
        className="mt-6"
      />
    </AuthCard>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
