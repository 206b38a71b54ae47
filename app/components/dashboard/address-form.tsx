import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BUTTON_CLASS, ErrorList, Field, INPUT_CLASS, SECONDARY_BUTTON_CLASS } from "../ui/form";
import { ADDRESS_INTENTS, type Address } from "./address";
import type { CountryOption } from "./format";
import { useSchemaForm } from "../ui/form-hooks";

type TextField =
  "firstName" | "lastName" | "organization" | "address" | "city" | "state" | "postalCode" | "phone" | "email";

/** Which text fields the form shows, in order, with their width, autocomplete token and whether they are optional. */
const TEXT_FIELDS: {
  name: TextField;
  wide?: boolean;
  optional?: boolean;
  autoComplete: string;
  type?: "email" | "tel";
}[] = [
  { name: "firstName", autoComplete: "given-name" },
  { name: "lastName", autoComplete: "family-name" },
  { name: "organization", optional: true, wide: true, autoComplete: "organization" },
  { name: "address", wide: true, autoComplete: "street-address" },
  { name: "city", autoComplete: "address-level2" },
  { name: "state", optional: true, autoComplete: "address-level1" },
  { name: "postalCode", optional: true, autoComplete: "postal-code" },
];
const CONTACT_FIELDS: typeof TEXT_FIELDS = [
  { name: "phone", optional: true, autoComplete: "tel", type: "tel" },
  { name: "email", optional: true, autoComplete: "email", type: "email" },
];

/**
 * The address form (add, or edit one entry): the shared `addressSchema` validates as you type with
 * JS and in the action without it. `lastResult` is this form's own last action result.
 */
export function AddressForm({
  address,
  countries,
  lastResult,
  cancelTo,
  intent,
  action,
}: {
  address?: Address;
  countries: CountryOption[];
  lastResult: SubmissionResult<string[]> | undefined;
  cancelTo?: string;
  /** The action's intent for this form (the address book's create/update unless given). */
  intent?: string;
  /** The route that receives the post (the current one unless given). */
  action?: string;
}) {
  const { t } = useTranslation(["dashboard", "account"]);
  const [form, fields] = useSchemaForm({
    id: address ? `address-form-${address.id}` : "address-form-new",
    schema: () => import("../../../core/auth/schemas").then((m) => m.addressSchema),
    lastResult,
    defaultValue: address
      ? {
          firstName: address.firstName,
          lastName: address.lastName,
          organization: address.organization ?? "",
          address: address.address,
          city: address.city,
          state: address.state ?? "",
          postalCode: address.postalCode ?? "",
          country: address.country,
          phone: address.phone ?? "",
          email: address.email ?? "",
        }
      : undefined,
    validateOn: "onInput",
    revalidateOn: "onInput",
  });

  const label = (name: TextField | "country", optional?: boolean) =>
    optional ? `${t(`addresses.fields.${name}`)} (${t("addresses.optional")})` : t(`addresses.fields.${name}`);

  const textField = (spec: (typeof TEXT_FIELDS)[number]) => {
    const field = fields[spec.name];
    return (
      <Field
        key={spec.name}
        id={field.id}
        label={label(spec.name, spec.optional)}
        errors={field.errors}
        className={spec.wide ? "sm:col-span-2" : undefined}
      >
        <input
          {...getInputProps(field, { type: spec.type ?? "text" })}
          aria-describedby={`${field.id}-error`}
          autoComplete={spec.autoComplete}
          className={INPUT_CLASS}
        />
      </Field>
    );
  };

  return (
    <Form method="post" action={action} {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
      <input
        type="hidden"
        name="intent"
        value={intent ?? (address ? ADDRESS_INTENTS.update : ADDRESS_INTENTS.create)}
      />
      {address ? <input type="hidden" name="addressId" value={address.id} /> : null}
      {TEXT_FIELDS.map(textField)}
      <Field id={fields.country.id} label={label("country")} errors={fields.country.errors}>
        <select
          {...getSelectProps(fields.country)}
          aria-describedby={`${fields.country.id}-error`}
          autoComplete="country"
          className={INPUT_CLASS}
        >
          <option value="">{t("addresses.chooseCountry")}</option>
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
      </Field>
      {CONTACT_FIELDS.map(textField)}
      {address?.isDefault ? null : (
        <div className="flex items-center gap-2 sm:col-span-2">
          <input
            {...getInputProps(fields.isDefault, { type: "checkbox" })}
            className="h-4 w-4 rounded border-slate-400 text-indigo-600 focus:ring-indigo-500 dark:border-slate-600"
          />
          <label htmlFor={fields.isDefault.id} className="text-sm">
            {t("addresses.fields.isDefault")}
          </label>
        </div>
      )}
      <div className="sm:col-span-2">
        <ErrorList id={form.errorId} errors={form.errors} />
      </div>
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <button type="submit" className={BUTTON_CLASS}>
          {address ? t("addresses.save") : t("addresses.add")}
        </button>
        {cancelTo ? (
          <Link to={cancelTo} preventScrollReset className={SECONDARY_BUTTON_CLASS}>
            {t("addresses.cancel")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
