import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type DefaultValue,
  type FormMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import fc from "fast-check";
import { createElement, Fragment, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { standInForm, type Fieldset } from "./form-stand-in";

// The stand-in metadata a form renders with before Conform loads must render what Conform's
// useForm renders on a first render: the same HTML for the form, its controls and its errors,
// and the same values for what our forms read (errors, validity, initial values, status), for
// any default values and any reply of the action.

type Input = {
  name: string;
  amount: number;
  note: string;
  choice: string;
  flag: boolean;
  tags: string[];
  card: { number: string; cvc: string };
};

const NO_ACTIONS = { onSubmit: () => undefined, validate: () => undefined };

function Probe({ meta }: { meta: [FormMetadata<Input, string[]>, Fieldset<Input>] }): ReactElement {
  const [form, fields] = meta;
  const card = fields.card.getFieldset();
  const read = (field: {
    errors?: unknown;
    valid: unknown;
    initialValue: unknown;
    value: unknown;
    dirty: unknown;
  }) => ({
    errors: field.errors,
    valid: field.valid,
    initialValue: field.initialValue,
    value: field.value,
    dirty: field.dirty,
  });
  const tags = Array.isArray(fields.tags.initialValue) ? fields.tags.getFieldList() : [];
  return createElement(
    "form",
    getFormProps(form),
    createElement("input", getInputProps(fields.name, { type: "text" })),
    createElement("input", getInputProps(fields.amount, { type: "number" })),
    createElement("textarea", getTextareaProps(fields.note)),
    createElement("select", getSelectProps(fields.choice)),
    createElement("input", getInputProps(fields.flag, { type: "checkbox" })),
    ...getCollectionProps(fields.choice, { type: "radio", options: ["a", "b"] }).map((props) =>
      createElement("input", { ...props, key: props.id }),
    ),
    createElement("input", getInputProps(card.number, { type: "text" })),
    createElement("input", getInputProps(card.cvc, { type: "text" })),
    ...tags.map((tag) => createElement("input", { ...getInputProps(tag, { type: "text" }), key: tag.id })),
    createElement(
      "pre",
      null,
      JSON.stringify({
        form: {
          id: form.id,
          errorId: form.errorId,
          descriptionId: form.descriptionId,
          status: form.status,
          allErrors: form.allErrors,
          ...read(form),
        },
        name: read(fields.name),
        amount: { ...read(fields.amount), defaultValue: fields.amount.defaultValue },
        flag: { ...read(fields.flag), defaultChecked: fields.flag.defaultChecked },
        choice: { ...read(fields.choice), defaultOptions: fields.choice.defaultOptions },
        card: { ...read(fields.card), allErrors: fields.card.allErrors },
        cardNumber: { ...read(card.number), formId: card.number.formId, name: card.number.name },
        tags: read(fields.tags),
      }),
    ),
  );
}

function WithConform({ id, lastResult, defaultValue }: Options): ReactElement {
  return createElement(Probe, { meta: useForm<Input>({ id, lastResult, defaultValue }) });
}

type Options = { id: string; lastResult?: SubmissionResult<string[]>; defaultValue?: DefaultValue<Input> };

const render = (element: ReactElement) => renderToStaticMarkup(createElement(Fragment, null, element));

const text = fc.oneof(fc.constant(""), fc.string({ maxLength: 6 }), fc.constantFrom("a", "b", "on"));
const errors = fc.option(fc.array(fc.string({ minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 2 }), {
  nil: null,
});
const FIELD_NAMES = [
  "",
  "name",
  "amount",
  "note",
  "choice",
  "flag",
  "card",
  "card.number",
  "card.cvc",
  "tags",
  "tags[0]",
];

const defaultValue = fc.record(
  {
    name: text,
    amount: fc.integer({ min: -5, max: 500 }),
    note: text,
    choice: fc.constantFrom("a", "b", ""),
    flag: fc.boolean(),
    tags: fc.array(text, { maxLength: 3 }),
    card: fc.record({ number: text, cvc: text }, { requiredKeys: [] }),
  },
  { requiredKeys: [] },
);

const lastResult: fc.Arbitrary<SubmissionResult<string[]>> = fc.record(
  {
    status: fc.constantFrom("error" as const, "success" as const),
    initialValue: fc.record(
      {
        name: text,
        amount: fc.constantFrom("12", "", "x"),
        note: text,
        choice: fc.constantFrom("a", "b"),
        flag: fc.constantFrom("on", ""),
        tags: fc.array(text, { maxLength: 3 }),
        card: fc.record({ number: text, cvc: text }, { requiredKeys: [] }),
      },
      { requiredKeys: [] },
    ),
    error: fc.dictionary(fc.constantFrom(...FIELD_NAMES), errors, { maxKeys: 4 }),
  },
  { requiredKeys: ["status"] },
);

describe("standInForm", () => {
  it("renders what Conform's useForm renders first, for any default values and reply", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("f", "address-form-new", "record-form-7"),
        fc.option(defaultValue, { nil: undefined }),
        fc.option(lastResult, { nil: undefined }),
        (id, defaults, reply) => {
          const options: Options = { id, lastResult: reply, defaultValue: defaults };
          const conform = render(createElement(WithConform, options));
          const standIn = render(createElement(Probe, { meta: standInForm<Input>(id, options, NO_ACTIONS) }));
          expect(standIn).toBe(conform);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("names the form's controls and errors as Conform does", () => {
    const [form, fields] = standInForm<Input>(
      "card-form",
      {
        lastResult: { status: "error", error: { "card.number": ["Too short"], "": ["Refused"] } },
      },
      NO_ACTIONS,
    );
    const card = fields.card.getFieldset();
    expect(form.id).toBe("card-form");
    expect(form.errors).toEqual(["Refused"]);
    expect(form.noValidate).toBe(true);
    expect(card.number.id).toBe("card-form-card.number");
    expect(card.number.errorId).toBe("card-form-card.number-error");
    expect(card.number.errors).toEqual(["Too short"]);
    expect(fields.card.valid).toBe(false);
    expect(fields.name.valid).toBe(true);
  });
});
