import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { redirectQuery } from "../../../core/auth/flow-redirect";
import { AUTH_MESSAGES } from "../../../core/auth/messages";

// Form primitives of the account pages: a labelled field with its translated errors, the form's
// own errors, and the shared classes. Field errors come from the zod schemas of core/auth as the
// stable English texts of AUTH_MESSAGES; `errorText` turns them into the page's language
// (namespace "account", key errors.<name>). Any other text is shown as it is (already translated
// by the action).

export const INPUT_CLASS =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500 aria-[invalid=true]:border-rose-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:aria-[invalid=true]:border-rose-400";
export const BUTTON_CLASS =
  "inline-flex items-center justify-center rounded-md bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700 focus:outline-none focus:ring-2 focus:ring-indigo-500 focus:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60 dark:bg-indigo-400 dark:text-slate-950 dark:hover:bg-indigo-300 dark:focus:ring-offset-slate-950";
export const SECONDARY_BUTTON_CLASS =
  "inline-flex items-center justify-center rounded-md border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-100 focus:outline-none focus:ring-2 focus:ring-indigo-500 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800";
export const DANGER_BUTTON_CLASS =
  "inline-flex items-center justify-center rounded-md bg-rose-700 px-4 py-2 font-semibold text-white hover:bg-rose-800 focus:outline-none focus:ring-2 focus:ring-rose-500 disabled:opacity-60 dark:bg-rose-400 dark:text-slate-950 dark:hover:bg-rose-300";

const MESSAGE_KEYS = new Map<string, string>(Object.entries(AUTH_MESSAGES).map(([key, text]) => [text, key]));

/** The translated text of a schema message (AUTH_MESSAGES) or the message itself. */
export function useErrorText(): (message: string) => string {
  const { t } = useTranslation("account");
  return (message: string) => {
    const key = MESSAGE_KEYS.get(message);
    return key ? t(`errors.${key}`) : message;
  };
}

const LABEL_CLASS = "block text-sm font-medium text-slate-800 dark:text-slate-200";

/**
 * A labelled field: `children` is the control, which must use `id` and `aria-describedby={errorId}`;
 * `below` comes after its errors (e.g. a link that helps with the error).
 */
export function Field({
  id,
  label,
  errors,
  hint,
  children,
  below,
  className,
}: {
  id: string;
  label: ReactNode;
  errors?: string[] | undefined;
  hint?: ReactNode;
  children: ReactNode;
  below?: ReactNode;
  className?: string;
}) {
  const errorText = useErrorText();
  return (
    <Labelled id={id} label={label} className={className}>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <ErrorList id={`${id}-error`} errors={errors?.map(errorText)} />
      {below}
    </Labelled>
  );
}

/** A label above a control that has no error region of its own (a list's filter, a GET search). */
export function Labelled({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={LABEL_CLASS}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** Errors under a field or a form (in a `role="alert"` region so screen readers hear them after a post). */
export function ErrorList({ id, errors }: { id?: string; errors?: string[] | undefined }) {
  const list = [...new Set(errors ?? [])];
  return (
    <div id={id}>
      {list.length > 0 ? (
        <div role="alert">
          <ul className="mt-1 space-y-0.5 text-sm text-rose-700 dark:text-rose-300">
            {list.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** A page's card layout for the sign-up/sign-in family. */
export function AuthCard({ title, intro, children }: { title: ReactNode; intro?: ReactNode; children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-12">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {intro ? <div className="mt-2 text-sm text-slate-600 dark:text-slate-400">{intro}</div> : null}
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}

/**
 * Below a sign-in or sign-up form: "No account yet? Sign up" — the question and the link to the
 * other page, which carries the flow's `redirect` on.
 */
export function AuthSwitch({
  question,
  to,
  label,
  redirectTo,
  className = "",
}: {
  question: ReactNode;
  to: "/signin" | "/signup";
  label: ReactNode;
  redirectTo: string;
  className?: string;
}) {
  return (
    <p className={`${className} text-center text-sm text-slate-600 dark:text-slate-400`.trim()}>
      {question}{" "}
      <Link
        to={`${to}${redirectQuery(redirectTo)}`}
        className="font-semibold text-indigo-700 underline underline-offset-2 dark:text-indigo-300"
      >
        {label}
      </Link>
    </p>
  );
}

/** The hidden field that names which of a page's forms was posted. */
export function IntentField({ intent }: { intent: string }) {
  return <input type="hidden" name="intent" value={intent} />;
}
