import { Form } from "@remix-run/react";
import type { ReactNode } from "react";

// A GET search form (role="search"): a visually hidden label, a search input named "q" and a
// submit button; hidden fields (e.g. a TLD filter) ride along. Works without JavaScript.

const SIZES = {
  /** The page's main search (domain search). */
  large: {
    form: "flex flex-col gap-3 sm:flex-row",
    input:
      "h-12 min-w-0 flex-1 rounded-xl border border-slate-300 bg-white px-4 text-lg dark:border-slate-700 dark:bg-slate-900",
    button:
      "h-12 rounded-xl bg-indigo-600 px-6 font-semibold text-white hover:bg-indigo-700 dark:bg-indigo-400 dark:text-slate-950 dark:hover:bg-indigo-300",
  },
  /** A filter beside other controls (the TLD price list). */
  compact: {
    form: "flex gap-2",
    input: "h-10 w-56 rounded-md border border-slate-300 bg-white px-3 dark:border-slate-700 dark:bg-slate-900",
    button:
      "h-10 rounded-md bg-indigo-600 px-4 font-semibold text-white hover:bg-indigo-700 dark:bg-indigo-400 dark:text-slate-950 dark:hover:bg-indigo-300",
  },
} as const;

export function SearchBox({
  action,
  id,
  label,
  buttonLabel,
  defaultValue,
  placeholder,
  maxLength,
  required = false,
  domainInput = false,
  busy,
  hidden,
  size = "large",
}: {
  action: string;
  /** The input's id (the label points at it). */
  id: string;
  label: string;
  buttonLabel: ReactNode;
  defaultValue?: string;
  placeholder?: string;
  maxLength?: number;
  required?: boolean;
  /** A domain name or host is typed: no autocomplete, capitals or spell-check; the input is re-created when the value changes. */
  domainInput?: boolean;
  /** aria-busy of the button while the search loads. */
  busy?: boolean;
  hidden?: Readonly<Record<string, string>>;
  size?: keyof typeof SIZES;
}) {
  const classes = SIZES[size];
  return (
    <Form method="get" action={action} role="search" className={classes.form}>
      {Object.entries(hidden ?? {}).map(([field, value]) => (
        <input key={field} type="hidden" name={field} value={value} />
      ))}
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        name="q"
        type="search"
        required={required || undefined}
        defaultValue={defaultValue}
        key={domainInput ? defaultValue : undefined}
        {...(domainInput ? { autoComplete: "off", autoCapitalize: "none", spellCheck: false } : {})}
        maxLength={maxLength}
        placeholder={placeholder}
        className={classes.input}
      />
      <button type="submit" aria-busy={busy} className={classes.button}>
        {buttonLabel}
      </button>
    </Form>
  );
}
