import { parse, useForm, type DefaultValue, type Submission, type SubmissionResult } from "@conform-to/react";
import type { parseWithZod } from "@conform-to/zod/v4";
import { useActionData, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
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
 * Loads a form's zod schema: `() => import("…/core/…").then((m) => m.someSchema)`. A dynamic import,
 * so zod, the schema (and what it pulls in, such as the IDN tables) and @conform-to/zod are not
 * part of the page's first bytes: they load when the user first reaches the form (issue 25).
 */
export type SchemaLoader<Schema extends FormSchema> = () => Promise<Schema | ((formData: FormData) => Schema)>;

type LoadedSchema<Schema extends FormSchema> = {
  schema: Schema | ((formData: FormData) => Schema);
  parseWithZod: typeof parseWithZod;
};
type ValidateOn = "onInput" | "onBlur" | "onSubmit";

/**
 * Conform's `onValidate` over a lazily loaded schema, for the form `formId`. The load starts when
 * a control of the form gets focus or the pointer (or, failing that, at the first validation).
 * Until it has loaded, a validation the user triggers by typing reports nothing, and the fields so
 * touched are validated again as soon as the schema is there; a submit waits for it and is made
 * again then, so the browser still checks the form before anything is sent. Should the load fail,
 * submits go to the action, which validates everything (a submission whose error is null is not
 * stopped).
 */
export function useLazyValidation<Schema extends FormSchema>(formId: string, load: SchemaLoader<Schema>) {
  // The loader of the first render: call sites write it inline, but it names one schema for good.
  const [loader] = useState(() => load);
  const [loaded, setLoaded] = useState<LoadedSchema<Schema> | null>(null);
  const loading = useRef(false);
  /** The last load failed: submits go to the action meanwhile (the next focus tries again). */
  const failed = useRef(false);
  /** Fields validated while the schema was loading ("" = the whole form). */
  const pending = useRef(new Set<string>());
  /** A submit held while the schema loads: the form and the button that sent it. */
  const heldSubmit = useRef<{ form: HTMLFormElement; submitter: HTMLElement | null } | null>(null);
  const start = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    // zod's jitless mode (our CSP forbids eval) is on before the first parse, whichever zod import
    // the schema's own modules use.
    Promise.all([import("@conform-to/zod/v4"), loader(), import("../../../core/zod-jitless")]).then(
      ([module, schema]) => {
        failed.current = false;
        setLoaded({ schema, parseWithZod: module.parseWithZod });
      },
      // A failed load (offline, a new deploy): the held submit goes to the action.
      () => {
        loading.current = false;
        failed.current = true;
        resubmit(heldSubmit);
      },
    );
  }, [loader]);
  useEffect(() => {
    if (loaded) resubmit(heldSubmit);
  }, [loaded]);
  useEffect(() => {
    if (loaded) return;
    const onReach = (event: Event) => {
      const target = event.target;
      if (!(target instanceof Element)) return;
      const owner = "form" in target && target.form instanceof HTMLFormElement ? target.form : target.closest("form");
      if (owner?.id === formId) start();
    };
    document.addEventListener("focusin", onReach);
    document.addEventListener("pointerdown", onReach);
    return () => {
      document.removeEventListener("focusin", onReach);
      document.removeEventListener("pointerdown", onReach);
    };
  }, [formId, loaded, start]);
  const onValidate = ({
    form,
    formData,
    submitter,
  }: {
    form: HTMLFormElement;
    formData: FormData;
    submitter: HTMLElement | null;
  }): Submission<z.output<Schema>, string[]> => {
    if (loaded) {
      const { schema } = loaded;
      return loaded.parseWithZod(formData, { schema: typeof schema === "function" ? schema(formData) : schema });
    }
    start();
    return parse<z.output<Schema>, string[]>(formData, {
      resolve: (_payload, intent) => {
        if (!intent) {
          // A submit: the action validates it if the schema cannot load; otherwise it is held
          // (an error that is not null stops it) and made again once the schema is there.
          if (failed.current) return { error: null };
          heldSubmit.current = { form, submitter };
          return { error: {} };
        }
        // An intent (validate, update, reset…) must not reach the server: answered here.
        if (intent.type === "validate") pending.current.add(intent.payload.name ?? "");
        return { error: {} };
      },
    });
  };
  return { onValidate, loaded: loaded !== null, pending };
}

/** Makes the held submit again (with the same button, so its name and value are sent). */
function resubmit(held: { current: { form: HTMLFormElement; submitter: HTMLElement | null } | null }): void {
  const submit = held.current;
  held.current = null;
  if (!submit?.form.isConnected) return;
  const { form, submitter } = submit;
  form.requestSubmit(
    submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : undefined,
  );
}

/**
 * Once the schema of `useLazyValidation` has loaded, validates again the fields the user touched
 * meanwhile (`validate` is the Conform form's).
 */
export function useRevalidateWhenLoaded(
  { loaded, pending }: Pick<ReturnType<typeof useLazyValidation>, "loaded" | "pending">,
  validate: (payload?: { name?: string }) => void,
): void {
  useEffect(() => {
    if (!loaded) return;
    for (const name of pending.current) validate(name === "" ? undefined : { name });
    pending.current.clear();
  }, [loaded, pending, validate]);
}

/**
 * A Conform form checked in the browser by the same zod schema as the action (loaded by `schema`,
 * see SchemaLoader): first when `validateOn` says (as the user types by default), then again when
 * `revalidateOn` says (on every input by default); it shows `lastResult`, the action's reply.
 */
export function useSchemaForm<Schema extends FormSchema>({
  id,
  schema,
  lastResult,
  defaultValue,
  validateOn = "onInput",
  revalidateOn = "onInput",
}: {
  id: string;
  schema: SchemaLoader<Schema>;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: DefaultValue<z.input<Schema>>;
  validateOn?: ValidateOn;
  revalidateOn?: ValidateOn;
}) {
  const validation = useLazyValidation(id, schema);
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    defaultValue,
    onValidate: validation.onValidate,
    shouldValidate: validateOn,
    shouldRevalidate: revalidateOn,
  });
  useRevalidateWhenLoaded(validation, form.validate);
  return [form, fields] as const;
}

/**
 * The Conform form posting `intent`: validated by `schema` as the user types, showing the last
 * reply to this intent, and whether it is being posted (`busy`).
 */
export function useIntentForm<Intent extends string, Schema extends FormSchema>(
  intent: Intent,
  {
    id,
    schema,
    defaultValue,
  }: { id: string; schema: SchemaLoader<Schema>; defaultValue?: DefaultValue<z.input<Schema>> },
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
