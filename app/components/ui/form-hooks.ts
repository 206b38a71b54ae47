import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { z } from "zod";

// The form hooks of the pages whose action answers `{ intent, result }` on failure (the house
// style: one route, several forms, each posting a named intent). `Intent` is the page's union of
// intent strings, so a typo in an intent name is a type error.

/** What such an action answers on failure: the form it came from (and the item's id), Conform's reply. */
export type IntentReply<Intent extends string = string> = {
  intent?: Intent | null;
  id?: string | null;
  result?: SubmissionResult<string[]> | null;
};

/**
 * The Conform reply of the last post, when it came from the form with this intent (and, with `id`,
 * from this item's form): each form gets only its own errors.
 */
export function useLastResult<Intent extends string>(
  intent: Intent,
  id?: string,
): SubmissionResult<string[]> | undefined {
  const actionData = useActionData<IntentReply>();
  if (actionData?.intent !== intent) return undefined;
  if (id !== undefined && actionData.id !== id) return undefined;
  return actionData.result ?? undefined;
}

/** True while the form with this intent (and, with `id`, this item's form: field "id") is being posted. */
export function useBusy<Intent extends string>(intent: Intent, id?: string): boolean {
  const navigation = useNavigation();
  return (
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    (id === undefined || navigation.formData.get("id") === id)
  );
}

type FormSchema = z.ZodType<unknown, Record<string, unknown>>;

/**
 * A Conform form checked in the browser by the same zod `schema` as the action: first when
 * `validateOn` says (as the user types by default), then again on every input; it shows
 * `lastResult`, the action's reply.
 */
export function useSchemaForm<Schema extends FormSchema>({
  id,
  schema,
  lastResult,
  defaultValue,
  validateOn = "onInput",
}: {
  id: string;
  schema: Schema;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: DefaultValue<z.input<Schema>>;
  validateOn?: "onInput" | "onBlur" | "onSubmit";
}) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: validateOn,
    shouldRevalidate: "onInput",
  });
}

/**
 * The Conform form posting `intent`: validated by `schema` as the user types, showing the last
 * reply to this intent, and whether it is being posted (`busy`).
 */
export function useIntentForm<Intent extends string, Schema extends FormSchema>(
  intent: Intent,
  { id, schema, defaultValue }: { id: string; schema: Schema; defaultValue?: DefaultValue<z.input<Schema>> },
) {
  const busy = useBusy(intent);
  const [form, fields] = useSchemaForm({ id, schema, lastResult: useLastResult(intent), defaultValue });
  return { form, fields, busy };
}

/**
 * With JavaScript a successful post redirects back to the same page, where the form stays
 * mounted: empty it then (an error answer, which names this intent, keeps what was typed).
 */
export function useResetAfterSuccess<Intent extends string>(intent: Intent, reset: () => void): void {
  const navigation = useNavigation();
  const actionData = useActionData<IntentReply>();
  const submitted = useRef(false);
  useEffect(() => {
    if (navigation.state === "submitting" && navigation.formData?.get("intent") === intent) submitted.current = true;
    else if (navigation.state === "idle" && submitted.current) {
      submitted.current = false;
      if (actionData?.intent !== intent) reset();
    }
  }, [navigation.state, navigation.formData, actionData, intent, reset]);
}
