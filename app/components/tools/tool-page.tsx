import { getFormProps, getInputProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { Form, NavLink } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { BUTTON_CLASS, INPUT_CLASS } from "../ui/form";

// Layout pieces shared by the free tools (WHOIS, SSL, DNS, speed test): the page frame with the
// tools' own navigation, the failure box and the definition-list rows of a result.

const TOOLS = [
  { key: "whois", to: "/tools/whois" },
  { key: "ssl", to: "/tools/ssl" },
  { key: "dns", to: "/tools/dns" },
  { key: "speedtest", to: "/tools/speedtest" },
] as const;

export function ToolPage({ title, intro, children }: { title: ReactNode; intro: ReactNode; children: ReactNode }) {
  const { t } = useTranslation("tools");
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-10">
      <nav aria-label={t("nav.label")} className="mb-6">
        <ul className="flex flex-wrap gap-2 text-sm">
          {TOOLS.map((tool) => (
            <li key={tool.key}>
              <NavLink
                to={tool.to}
                className={({ isActive }) =>
                  `inline-block rounded-full border px-3 py-1 ${
                    isActive
                      ? "border-indigo-600 bg-indigo-600 text-white dark:border-indigo-400 dark:bg-indigo-400 dark:text-slate-950"
                      : "border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
                  }`
                }
              >
                {t(`nav.${tool.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 max-w-2xl text-slate-600 dark:text-slate-300">{intro}</p>
      <div className="mt-8">{children}</div>
    </section>
  );
}

/** A failed lookup: a clear, translated message in an alert region. */
export function ToolError({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="mt-6 rounded-lg border border-rose-300 bg-rose-50 p-4 text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100"
    >
      {children}
    </div>
  );
}

/** Progress of a running check, announced politely. */
export function ToolProgress({ children }: { children: ReactNode }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="mt-6 flex items-center gap-3 rounded-lg border border-indigo-200 bg-indigo-50 p-4 text-indigo-900 dark:border-indigo-800 dark:bg-indigo-950 dark:text-indigo-100"
    >
      <span
        aria-hidden="true"
        className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent"
      />
      <span>{children}</span>
    </div>
  );
}

export function ResultRow({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-slate-200 py-3 last:border-b-0 sm:grid-cols-3 dark:border-slate-800">
      <dt className="font-medium text-slate-700 dark:text-slate-300">{label}</dt>
      <dd className="break-words text-slate-900 sm:col-span-2 dark:text-slate-100">{children}</dd>
    </div>
  );
}

/**
 * The one-field GET form of a tool (WHOIS domain, SSL host): a shareable URL, the SPEC §5 input
 * error under the field (translated from its code), and a busy submit button while it runs.
 */
export function ToolQueryForm<Schema extends Record<string, unknown>>({
  form,
  field,
  action,
  input,
  label,
  placeholder,
  submit,
  busy,
}: {
  form: FormMetadata<Schema, string[]>;
  field: FieldMetadata<string>;
  action: string;
  input: string;
  label: string;
  placeholder: string;
  submit: string;
  busy: boolean;
}) {
  const { t } = useTranslation("tools");
  const fieldError = field.errors?.[0];
  return (
    <Form
      method="get"
      action={action}
      {...getFormProps(form)}
      role="search"
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
    >
      <div className="flex-1">
        <label htmlFor={field.id} className="block text-sm font-medium">
          {label}
        </label>
        <input
          {...getInputProps(field, { type: "text" })}
          key={input}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={1024}
          placeholder={placeholder}
          className={INPUT_CLASS}
        />
        <div id={field.errorId}>
          {fieldError ? (
            <p role="alert" className="mt-1 text-sm text-rose-700 dark:text-rose-300">
              {t(`inputErrors.${fieldError}`, { defaultValue: t("inputErrors.invalid_format") })}
            </p>
          ) : null}
        </div>
      </div>
      <button type="submit" className={`${BUTTON_CLASS} sm:mt-6`} aria-busy={busy}>
        {submit}
      </button>
    </Form>
  );
}
