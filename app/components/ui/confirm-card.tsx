import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { DANGER_BUTTON_CLASS, SECONDARY_BUTTON_CLASS } from "./form";

// The actions of one saved item (a payment card, an address): a one-button form ("Make default")
// and a delete that asks first. The question sits in a <details> disclosure, so the confirmation
// works without JavaScript. Every button names its item for screen readers (`itemName`). And the
// card of what is shown once until the user confirms it is saved (NoticeCard).

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

/** A form of one button posting `fields` (e.g. "Make default"; a secondary button unless `className` says otherwise). */
export function PostButton({
  action,
  fields,
  label,
  itemName,
  className = SECONDARY_BUTTON_CLASS,
  formClassName,
}: {
  action?: string;
  fields: HiddenFields;
  label: ReactNode;
  /** The item the button acts on, for screen readers (when the label alone does not say). */
  itemName?: string;
  className?: string;
  formClassName?: string;
}) {
  return (
    <Form method="post" action={action} className={formClassName}>
      <Hidden fields={fields} />
      <button type="submit" className={className}>
        {label}
        {itemName ? <span className="sr-only"> {itemName}</span> : null}
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

/**
 * A saved item's actions (a payment card, an address): "Make default" unless it is the default,
 * then "Delete" that asks first; both post `id` (e.g. `{ addressId }`) with their intent to `action`.
 * `children` come first (e.g. an "Edit" link).
 */
export function ItemActions({
  action,
  id,
  isDefault,
  intents,
  labels,
  itemName,
  children,
}: {
  action: string;
  /** The item's id field, as posted. */
  id: HiddenFields;
  isDefault: boolean;
  intents: { makeDefault: string; remove: string };
  labels: { makeDefault: ReactNode; remove: ReactNode; question: ReactNode; confirm: ReactNode };
  itemName: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex shrink-0 flex-wrap items-start gap-2">
      {children}
      {isDefault ? null : (
        <PostButton
          action={action}
          fields={{ intent: intents.makeDefault, ...id }}
          label={labels.makeDefault}
          itemName={itemName}
        />
      )}
      <ConfirmCard
        action={action}
        fields={{ intent: intents.remove, ...id }}
        label={labels.remove}
        question={labels.question}
        confirmLabel={labels.confirm}
        itemName={itemName}
      />
    </div>
  );
}

/**
 * What is shown once and then dismissed ("I copied it", "I have saved them"): a new API token, the
 * recovery codes. `live` announces it (role="status").
 */
export function NoticeCard({
  title,
  intro,
  testId,
  live = false,
  children,
}: {
  title: ReactNode;
  intro?: ReactNode;
  testId?: string;
  live?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className="space-y-4 rounded-xl border border-amber-400 bg-amber-50 p-4 text-amber-950 dark:border-amber-600 dark:bg-amber-950 dark:text-amber-50"
      data-testid={testId}
      role={live ? "status" : undefined}
    >
      <h4 className="font-semibold">{title}</h4>
      {intro ? <p className="text-sm">{intro}</p> : null}
      {children}
    </div>
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
