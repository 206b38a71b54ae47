import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { DANGER_BUTTON_CLASS, SECONDARY_BUTTON_CLASS } from "./form";

// The actions of one saved item (a payment card, an address): a one-button form ("Make default")
// and a delete that asks first. The question sits in a <details> disclosure, so the confirmation
// works without JavaScript. Every button names its item for screen readers (`itemName`).

/** The hidden fields of an item's form: its intent and its id field. */
export type HiddenFields = Readonly<Record<string, string>>;

function Hidden({ fields }: { fields: HiddenFields }) {
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** A form of one secondary button posting `fields` (e.g. "Make default"). */
export function PostButton({
  action,
  fields,
  label,
  itemName,
}: {
  action?: string;
  fields: HiddenFields;
  label: ReactNode;
  itemName: string;
}) {
  return (
    <Form method="post" action={action}>
      <Hidden fields={fields} />
      <button type="submit" className={SECONDARY_BUTTON_CLASS}>
        {label}
        <span className="sr-only"> {itemName}</span>
      </button>
    </Form>
  );
}

/** "Delete" that opens a card with the question and the danger button that posts `fields`. */
export function ConfirmCard({
  action,
  fields,
  label,
  question,
  confirmLabel,
  itemName,
}: {
  action?: string;
  fields: HiddenFields;
  /** The disclosure's button ("Delete", "Remove"). */
  label: ReactNode;
  question: ReactNode;
  /** The danger button ("Yes, delete"). */
  confirmLabel: ReactNode;
  itemName: string;
}) {
  return (
    <details className="group">
      <summary
        className={`${SECONDARY_BUTTON_CLASS} cursor-pointer list-none text-rose-700 dark:text-rose-300 [&::-webkit-details-marker]:hidden`}
      >
        {label}
        <span className="sr-only"> {itemName}</span>
      </summary>
      <div className="mt-2 max-w-xs rounded-lg border border-rose-300 bg-rose-50 p-3 dark:border-rose-800 dark:bg-rose-950">
        <p className="text-sm">{question}</p>
        <Form method="post" action={action} className="mt-2">
          <Hidden fields={fields} />
          <button type="submit" className={DANGER_BUTTON_CLASS}>
            {confirmLabel}
            <span className="sr-only"> {itemName}</span>
          </button>
        </Form>
      </div>
    </details>
  );
}

/** The "Default" pill beside an item's name. */
export function DefaultBadge({ children }: { children: ReactNode }) {
  return (
    <span className="rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-semibold text-indigo-900 dark:bg-indigo-900 dark:text-indigo-100">
      {children}
    </span>
  );
}
