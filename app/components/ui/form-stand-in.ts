import type { DefaultValue, FormMetadata, SubmissionResult } from "@conform-to/react";
import type { FormEvent } from "react";

// Conform's form and field metadata as its `useForm` gives them on the first render, before the
// user has touched the form (issue 25; docs/decisions/2026-11-29-route-bytes.md). A page renders
// its forms with these and loads Conform itself only when a form is first reached: the same ids,
// names, aria attributes, default values and errors (from the action's `lastResult`), so the
// server's HTML, the hydrated page and the page once Conform runs are alike. What only a running
// form has (values as typed, validation, intents) comes with Conform: `validate` and `reset` here
// act on the DOM form alone. The test (form-stand-in.test.tsx) renders forms both ways and
// compares the HTML.

/** What the stand-in does when the form is submitted or asked to validate before Conform runs. */
export type StandInActions = {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  validate: (payload?: { name?: string }) => void;
};

export type Fieldset<Input extends Record<string, unknown>> = ReturnType<FormMetadata<Input, string[]>["getFieldset"]>;

type Path = (string | number)[];

type State = {
  formId: string;
  defaultValue: unknown;
  initialValue: unknown;
  error: Record<string, string[] | null | undefined>;
  status: "success" | "error" | undefined;
};

/** The form's metadata and fieldset as Conform's `useForm` gives them before any input. */
export function standInForm<Input extends Record<string, unknown>>(
  formId: string,
  { lastResult, defaultValue }: { lastResult?: SubmissionResult<string[]> | null; defaultValue?: DefaultValue<Input> },
  actions: StandInActions,
): [FormMetadata<Input, string[]>, Fieldset<Input>] {
  const defaults = serialize(defaultValue ?? {});
  const state: State = {
    formId,
    defaultValue: normalize(defaults),
    // As Conform: the submitted values of the last reply, else the default values, serialized
    // (numbers as strings, true as "on", dates as ISO strings) and without empty values.
    initialValue: normalize(lastResult?.initialValue ?? defaults),
    error: lastResult?.error ?? {},
    status: lastResult?.status,
  };
  const base = metadata(state, "");
  const form = new Proxy<Record<string, unknown>>(
    {},
    {
      get(_, key) {
        switch (key) {
          case "status":
            return state.status;
          case "onSubmit":
            return actions.onSubmit;
          case "noValidate":
            return true;
          case "validate":
            return actions.validate;
          case "reset":
            return () => document.forms.namedItem(formId)?.reset();
          case "update":
          case "insert":
          case "remove":
          case "reorder":
            return () => undefined;
        }
        return typeof key === "string" ? base[key] : undefined;
      },
    },
    // Conform's metadata types also carry its form context (a symbol-keyed wrapper only Conform
    // makes); nothing of ours or of Conform's helpers reads it from a stand-in.
  ) as FormMetadata<Input, string[]>;
  return [form, form.getFieldset()];
}

/** One field's (or, with name "", the form's) metadata, as Conform's getMetadata reads a state. */
function metadata(state: State, name: string): Record<string, unknown> {
  const id = name ? `${state.formId}-${name}` : state.formId;
  const path = parsePath(name);
  const initialValue = valueAt(state.initialValue, path);
  const errorsUnder =
    name === ""
      ? []
      : Object.entries(state.error).filter(([key, error]) => isPathPrefix(key, name) && error !== undefined);
  return {
    key: undefined,
    id,
    name,
    errorId: `${id}-error`,
    descriptionId: `${id}-description`,
    formId: state.formId,
    defaultValue:
      typeof initialValue === "string" ? initialValue : Array.isArray(initialValue) ? initialValue[0] : undefined,
    defaultOptions:
      typeof initialValue === "string"
        ? [initialValue]
        : Array.isArray(initialValue) && initialValue.every((item) => typeof item === "string")
          ? initialValue
          : undefined,
    defaultChecked: initialValue === "on" ? true : undefined,
    initialValue,
    value: initialValue,
    errors: state.error[name],
    allErrors: name === "" ? state.error : Object.fromEntries(errorsUnder),
    valid: name === "" ? Object.keys(state.error).length === 0 : errorsUnder.length === 0,
    // Whether the reply's values differ from the default ones (nothing is typed yet).
    dirty: JSON.stringify(valueAt(state.defaultValue, path)) !== JSON.stringify(initialValue),
    getFieldset: () =>
      new Proxy<Record<string, unknown>>(
        {},
        { get: (_, key) => (typeof key === "string" ? metadata(state, appendPath(name, key)) : undefined) },
      ),
    getFieldList: () => {
      const list = initialValue ?? [];
      if (!Array.isArray(list)) throw new Error("The initial value at the given name is not a list");
      return list.map((_, index) => metadata(state, appendPath(name, index)));
    },
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return !!value && value.constructor === Object && Object.getPrototypeOf(value) === Object.prototype;
}

/** Conform's serialize: a default value as the strings a form holds. */
function serialize(value: unknown): unknown {
  if (isPlainObject(value))
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, serialize(item)]));
  if (Array.isArray(value)) return value.map(serialize);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "boolean") return value ? "on" : undefined;
  if (typeof value === "number" || typeof value === "bigint") return value.toString();
  return value ?? undefined;
}

/** Conform's normalize: empty strings, nulls, empty lists and objects (and empty files) dropped. */
function normalize(value: unknown): unknown {
  if (isPlainObject(value)) {
    const result: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const item = normalize(value[key]);
      if (item !== undefined) result[key] = item;
    }
    return Object.keys(result).length === 0 ? undefined : result;
  }
  if (Array.isArray(value)) return value.length === 0 ? undefined : value.map(normalize);
  if (value === "" || value === null) return undefined;
  if (typeof File !== "undefined" && value instanceof File && value.size === 0) return undefined;
  return value;
}

/** A field name's segments: `card.number` → ["card", "number"], `list[2]` → ["list", 2]. */
function parsePath(name: string): Path {
  const segments: Path = [];
  for (const match of name.matchAll(/([^.[\]]+)|\[(\d*)\]/gu)) {
    if (match[1] !== undefined) segments.push(match[1]);
    else if (match[2] !== undefined) segments.push(match[2] === "" ? "" : Number(match[2]));
  }
  return segments;
}

function appendPath(name: string, segment: string | number): string {
  if (typeof segment === "number") return `${name}[${segment}]`;
  return name ? `${name}.${segment}` : segment;
}

function valueAt(target: unknown, path: Path): unknown {
  let pointer = target;
  for (const segment of path) {
    if (segment === "" || pointer === null || typeof pointer !== "object" || !Object.hasOwn(pointer, segment))
      return undefined;
    pointer = Reflect.get(pointer, segment);
  }
  return pointer;
}

/** Whether `name` is `prefix` or lies under it (Conform's isPrefix). */
function isPathPrefix(name: string, prefix: string): boolean {
  const whole = parsePath(name);
  const start = parsePath(prefix);
  return start.length <= whole.length && start.every((segment, index) => whole[index] === segment);
}
