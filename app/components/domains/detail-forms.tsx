import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PasskeyConfirmButton } from "../passkeys/confirm-button";
import type { UserDomainDetail } from "../../../workers/api/contract/my-domains";
import { useFormat } from "../../i18n/use-format";
import {
  BUTTON_CLASS,
  DANGER_BUTTON_CLASS,
  ErrorList,
  Field,
  INPUT_CLASS,
  IntentField,
  SECONDARY_BUTTON_CLASS,
} from "../ui/form";
import { useBusy, useLastResult, useSchemaForm } from "../ui/form-hooks";
import { Section } from "../ui/section";
import { useActionMessage } from "./forms";
import { DOMAIN_INTENTS } from "./intents";

/**
 * The forms of one domain's page (issue 14), each posting its named intent to the page's action:
 * renew/restore into the cart, lock and delete (with the password), the on/off switches, nameservers.
 */

export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 break-words font-medium sm:text-right">{children}</dd>
    </div>
  );
}

/**
 * A section of the detail page holding one on/off switch (auto-renew, privacy, DNSSEC): the state
 * in words (`state.on` / `state.off`), then the form; `children` go below it.
 */
export function ToggleSection({
  id,
  title,
  intent,
  on,
  state,
  children,
}: {
  /** The section's key: its heading is `${id}-title`. */
  id: string;
  title: string;
  intent: string;
  on: boolean;
  state: { on: string; off: string };
  children?: ReactNode;
}) {
  return (
    <Section bodyClassName="mt-3 space-y-3" titleId={`${id}-title`} title={title}>
      <ToggleForm intent={intent} on={on} text={on ? state.on : state.off} />
      {children}
    </Section>
  );
}

/** One on/off switch as a form: the button says what it does ("Turn on" / "Turn off"). */
function ToggleForm({ intent, on, text }: { intent: string; on: boolean; text: string }) {
  const { t } = useTranslation("domains");
  const busy = useBusy(intent);
  const message = useActionMessage(intent);
  return (
    // The button stays enabled while busy (a disabled one drops the keyboard focus to the page
    // body, issue 19 point 8): a second press is ignored, and the focus stays on it for "Turn off".
    <Form
      method="post"
      preventScrollReset
      className="space-y-2"
      onSubmit={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      <p className="text-sm">{text}</p>
      <IntentField intent={intent} />
      <input type="hidden" name="enabled" value={on ? "false" : "true"} />
      <button
        type="submit"
        className={`${SECONDARY_BUTTON_CLASS} aria-disabled:opacity-60`}
        aria-busy={busy}
        aria-disabled={busy || undefined}
      >
        {on ? t("detail.turnOff") : t("detail.turnOn")}
      </button>
      <ErrorList errors={message ? [message] : undefined} />
    </Form>
  );
}

function PasswordField({ field, t }: { field: Parameters<typeof getInputProps>[0]; t: TFunction }) {
  return (
    <Field
      id={field.id}
      label={t("domains:detail.password")}
      errors={field.errors}
      hint={t("domains:detail.passwordHint")}
    >
      <input
        {...getInputProps(field, { type: "password", ariaDescribedBy: `${field.id}-hint` })}
        autoComplete="current-password"
        className={INPUT_CLASS}
      />
    </Field>
  );
}

export function LockForm({ locked }: { locked: boolean }) {
  const { t } = useTranslation(["domains", "account"]);
  const busy = useBusy(DOMAIN_INTENTS.lock);
  const [form, fields] = useSchemaForm({
    id: "lock-form",
    schema: () => import("../../../core/my-domains").then((m) => m.lockFormSchema),
    lastResult: useLastResult(DOMAIN_INTENTS.lock),
    validateOn: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid max-w-md gap-3">
      <p className="text-sm">{locked ? t("detail.lockOn") : t("detail.lockOff")}</p>
      <IntentField intent={DOMAIN_INTENTS.lock} />
      <input type="hidden" name="locked" value={locked ? "false" : "true"} />
      <PasswordField field={fields.password} t={t} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={BUTTON_CLASS} aria-busy={busy} disabled={busy}>
          {locked ? t("detail.unlock") : t("detail.lock")}
        </button>
        <PasskeyConfirmButton />
      </div>
    </Form>
  );
}

export function NameserversForm({ nameservers }: { nameservers: string[] }) {
  const { t } = useTranslation(["domains", "account"]);
  const busy = useBusy(DOMAIN_INTENTS.nameservers);
  const [form, fields] = useSchemaForm({
    id: "nameservers-form",
    schema: () => import("../../../core/my-domains").then((m) => m.nameserversFormSchema),
    lastResult: useLastResult(DOMAIN_INTENTS.nameservers),
    defaultValue: { nameservers: nameservers.join("\n") },
    validateOn: "onSubmit",
  });
  // Every schema message about the list becomes the one translated rule.
  const errors = fields.nameservers.errors?.length ? [t("errors.nameservers")] : undefined;
  return (
    <Form method="post" {...getFormProps(form)} className="grid max-w-md gap-3">
      <IntentField intent={DOMAIN_INTENTS.nameservers} />
      <Field
        id={fields.nameservers.id}
        label={t("detail.nameserversLabel")}
        errors={errors}
        hint={t("detail.nameserversHint")}
      >
        <textarea
          {...getTextareaProps(fields.nameservers, { ariaDescribedBy: `${fields.nameservers.id}-hint` })}
          rows={4}
          spellCheck={false}
          autoCapitalize="none"
          className={`${INPUT_CLASS} font-mono`}
        />
      </Field>
      <ErrorList id={form.errorId} errors={form.errors} />
      <div>
        <button type="submit" className={BUTTON_CLASS} aria-busy={busy} disabled={busy}>
          {t("detail.nameserversSave")}
        </button>
      </div>
    </Form>
  );
}

export function RenewForm({
  renewal,
  unicode,
}: {
  renewal: NonNullable<UserDomainDetail["renewal"]>;
  unicode: string;
}) {
  const { t } = useTranslation(["domains", "account"]);
  const { money } = useFormat();
  const busy = useBusy(DOMAIN_INTENTS.renew);
  const [form, fields] = useSchemaForm({
    id: "renew-form",
    schema: () => import("../../../core/my-domains").then((m) => m.renewFormSchema),
    lastResult: useLastResult(DOMAIN_INTENTS.renew),
    defaultValue: { years: "1" },
    validateOn: "onSubmit",
    revalidateOn: "onSubmit",
  });
  const restore = renewal.operation === "restore";
  return (
    <Form method="post" {...getFormProps(form)} className="grid max-w-md gap-3">
      <IntentField intent={DOMAIN_INTENTS.renew} />
      {restore ? (
        <>
          <input type="hidden" name="years" value="1" />
          <p className="text-sm">{t("detail.restoreFee", { price: money(renewal.price_per_year) })}</p>
        </>
      ) : (
        <>
          <Field
            id={fields.years.id}
            label={t("detail.renewYears")}
            errors={fields.years.errors?.length ? [t("errors.years", { max: renewal.max_years })] : undefined}
            hint={t("detail.renewMax", { count: renewal.max_years })}
          >
            <select
              {...getInputProps(fields.years, { type: "text", ariaDescribedBy: `${fields.years.id}-hint` })}
              className={INPUT_CLASS}
            >
              {Array.from({ length: renewal.max_years }, (_, index) => index + 1).map((years) => (
                <option key={years} value={String(years)}>
                  {years} — {money(renewal.price_per_year * years)}
                </option>
              ))}
            </select>
          </Field>
        </>
      )}
      <ErrorList id={form.errorId} errors={form.errors} />
      <div>
        <button type="submit" className={BUTTON_CLASS} aria-busy={busy} disabled={busy}>
          {restore ? t("detail.restoreButton") : t("detail.renewButton")}
          <span className="sr-only"> {unicode}</span>
        </button>
      </div>
    </Form>
  );
}

export function DeleteForm({ unicode }: { unicode: string }) {
  const { t } = useTranslation(["domains", "account"]);
  const busy = useBusy(DOMAIN_INTENTS.delete);
  const lastResult = useLastResult(DOMAIN_INTENTS.delete);
  const [form, fields] = useSchemaForm({
    id: "delete-form",
    schema: () => import("../../../core/my-domains").then((m) => m.passwordFormSchema),
    lastResult,
    validateOn: "onSubmit",
    revalidateOn: "onSubmit",
  });
  return (
    <details className="group" open={lastResult ? true : undefined}>
      <summary
        className={`${SECONDARY_BUTTON_CLASS} cursor-pointer list-none text-rose-700 dark:text-rose-300 [&::-webkit-details-marker]:hidden`}
      >
        {t("detail.deleteOpen")}
      </summary>
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-3 grid max-w-md gap-3 rounded-lg border border-rose-300 bg-rose-50 p-4 dark:border-rose-800 dark:bg-rose-950"
      >
        <p className="text-sm">{t("detail.deleteText")}</p>
        <IntentField intent={DOMAIN_INTENTS.delete} />
        <PasswordField field={fields.password} t={t} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={DANGER_BUTTON_CLASS} aria-busy={busy} disabled={busy}>
            {t("detail.deleteConfirm", { domain: unicode })}
          </button>
          <PasskeyConfirmButton />
        </div>
      </Form>
    </details>
  );
}

/** The DS records the registry publishes for the signed zone, or why there are none yet. */
export function DsRecords({ ds }: { ds: string[] }) {
  const { t } = useTranslation("domains");
  if (ds.length === 0) return <p className="text-sm text-slate-700 dark:text-slate-300">{t("detail.dnssecNoDs")}</p>;
  return (
    <div className="text-sm">
      <p className="text-slate-700 dark:text-slate-300">{t("detail.dnssecDs")}</p>
      <ul className="mt-1 space-y-1">
        {ds.map((record) => (
          <li key={record}>
            <code className="font-mono break-all">{record}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}
