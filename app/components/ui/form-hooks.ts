import type { DefaultValue, FormMetadata, SubmissionResult } from "@conform-to/react";
import type { parseWithZod } from "@conform-to/zod/v4";
import { useActionData, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { z } from "zod";
import {
  registerBridge,
  type BridgeOptions,
  type BridgeRegistration,
  type BridgeValidate,
  type ValidateOn,
} from "./form-bridges";
import { standInForm, type Fieldset } from "./form-stand-in";

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

type HeldSubmit = { form: HTMLFormElement; submitter: HTMLElement | null };

/**
 * A Conform form checked in the browser by the same zod schema as the action (loaded by `schema`,
 * see SchemaLoader): first when `validateOn` says (as the user types by default), then again when
 * `revalidateOn` says (on every input by default); it shows `lastResult`, the action's reply.
 *
 * Conform and the schema load when a control of the form first gets focus or the pointer, or the
 * form is submitted (form-bridges.tsx); until Conform runs the form renders with the same metadata
 * from form-stand-in.ts. What is typed meanwhile reaches Conform when it runs (values, and
 * validation as `validateOn` says; with the schema still loading, as soon as it is there). A
 * submit made before they are is held, then made again, so the browser still checks the form
 * before anything is sent. Should either fail to load, submits go to the action, which validates
 * everything (the next focus tries again).
 */
export function useSchemaForm<Schema extends FormSchema, Input extends Record<string, unknown> = z.input<Schema>>({
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
  defaultValue?: DefaultValue<NoInfer<Input>>;
  validateOn?: ValidateOn;
  revalidateOn?: ValidateOn;
}): [FormMetadata<Input, string[]>, Fieldset<Input>] {
  type Output = z.output<Schema>;
  // The loader of the first render: call sites write it inline, but it names one schema for good.
  const [loader] = useState(() => schema);
  const [loaded, setLoaded] = useState<LoadedSchema<Schema> | null>(null);
  const [conform, setConform] = useState<[FormMetadata<Input, string[]>, Fieldset<Input>] | null>(null);
  /** Conform has been asked for (the bridge is registered). */
  const [wanted, setWanted] = useState(false);
  const loading = useRef(false);
  /** The schema or Conform could not load: submits go to the action meanwhile. */
  const failed = useRef(false);
  /** Fields to validate once the schema and Conform are there ("" = the whole form). */
  const pending = useRef(new Set<string>());
  /** A submit held while they load: the form and the button that sent it. */
  const heldSubmit = useRef<HeldSubmit | null>(null);

  const fail = useCallback(() => {
    loading.current = false;
    failed.current = true;
    setWanted(false);
    resubmit(heldSubmit);
  }, []);
  const start = useCallback(() => {
    setWanted(true);
    if (loading.current || failed.current) {
      if (!failed.current) return;
      failed.current = false;
    }
    loading.current = true;
    // zod's jitless mode (our CSP forbids eval) is on before the first parse, whichever zod import
    // the schema's own modules use.
    Promise.all([import("@conform-to/zod/v4"), loader(), import("../../../core/zod-jitless")]).then(
      ([module, loadedSchema]) => setLoaded({ schema: loadedSchema, parseWithZod: module.parseWithZod }),
      // A failed load (offline, a new deploy): the held submit goes to the action.
      fail,
    );
  }, [loader, fail]);

  const onValidate: BridgeValidate<Output> = ({ form, formData, submitter }, conformParse) => {
    if (loaded) {
      const { schema: loadedSchema } = loaded;
      return loaded.parseWithZod(formData, {
        schema: typeof loadedSchema === "function" ? loadedSchema(formData) : loadedSchema,
      });
    }
    start();
    return conformParse<Output, string[]>(formData, {
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
  const options: BridgeOptions<Input, Output> = { lastResult, defaultValue, validateOn, revalidateOn, onValidate };
  const latest = useRef(options);
  latest.current = options;

  // The bridge: registered once the form is reached; it renders again on a new reply.
  const version = useRef(0);
  const bridgeListeners = useRef(new Set<() => void>());
  useEffect(() => {
    if (!wanted) return;
    const registration: BridgeRegistration<Input, Output> = {
      id,
      options: () => latest.current,
      publish: setConform,
      version: () => version.current,
      subscribe: (listener) => {
        bridgeListeners.current.add(listener);
        return () => bridgeListeners.current.delete(listener);
      },
    };
    const unregister = registerBridge(registration, fail);
    return () => {
      unregister();
      setConform(null);
    };
  }, [wanted, id, fail]);
  useEffect(() => {
    version.current += 1;
    for (const listener of bridgeListeners.current) listener();
  }, [lastResult]);

  // Reaching the form starts the loads. What the user did in the form before Conform ran (Conform
  // listens for `input` and `focusout` on the document) is told to Conform once it runs, by the
  // same events again: it learns the values (a form may render by a field's value) and validates
  // as it would have.
  const running = useRef(false);
  const edited = useRef(new Map<Element, Set<string>>());
  useEffect(() => {
    running.current = conform !== null;
    if (!conform) return;
    for (const [element, types] of edited.current) {
      if (!element.isConnected) continue;
      for (const type of types)
        element.dispatchEvent(
          type === "input" ? new Event(type, { bubbles: true }) : new FocusEvent(type, { bubbles: true }),
        );
    }
    edited.current.clear();
  }, [conform]);
  useEffect(() => {
    const formOf = (target: EventTarget | null) => {
      if (!(target instanceof Element)) return null;
      const owner = "form" in target && target.form instanceof HTMLFormElement ? target.form : target.closest("form");
      return owner?.id === id ? owner : null;
    };
    const onReach = (event: Event) => {
      if (formOf(event.target)) start();
    };
    const onEdit = (event: Event) => {
      const target = event.target;
      if (running.current || !(target instanceof Element) || !formOf(target)) return;
      const types = edited.current.get(target) ?? new Set<string>();
      edited.current.set(target, types.add(event.type));
      start();
    };
    document.addEventListener("focusin", onReach);
    document.addEventListener("pointerdown", onReach);
    document.addEventListener("input", onEdit);
    document.addEventListener("focusout", onEdit);
    return () => {
      document.removeEventListener("focusin", onReach);
      document.removeEventListener("pointerdown", onReach);
      document.removeEventListener("input", onEdit);
      document.removeEventListener("focusout", onEdit);
    };
  }, [id, start]);

  const ready = loaded !== null && conform !== null;
  const validate = conform?.[0].validate;
  useEffect(() => {
    if (!ready || !validate) return;
    for (const name of pending.current) validate(name === "" ? undefined : { name });
    pending.current.clear();
    resubmit(heldSubmit);
  }, [ready, validate]);

  if (conform) return conform;
  return standInForm<Input>(
    id,
    { lastResult, defaultValue },
    {
      onSubmit: (event) => {
        if (failed.current) return;
        // Held until Conform and the schema are there (or have failed to load).
        event.preventDefault();
        const nativeEvent = event.nativeEvent;
        heldSubmit.current = {
          form: event.currentTarget,
          submitter: nativeEvent instanceof SubmitEvent ? nativeEvent.submitter : null,
        };
        start();
      },
      validate: (payload) => {
        pending.current.add(payload?.name ?? "");
        start();
      },
    },
  );
}

/** Makes the held submit again (with the same button, so its name and value are sent). */
function resubmit(held: { current: HeldSubmit | null }): void {
  const submit = held.current;
  held.current = null;
  if (!submit?.form.isConnected) return;
  const { form, submitter } = submit;
  form.requestSubmit(
    submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : undefined,
  );
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
