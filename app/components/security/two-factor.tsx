import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NoticeCard, PostButton } from "../ui/confirm-card";
import { CodeField, PasswordField } from "../ui/fields";
import { BUTTON_CLASS, ErrorList, IntentField, SECONDARY_BUTTON_CLASS } from "../ui/form";
import { useBusy, useLastResult, useSchemaForm } from "../ui/form-hooks";
import { Section } from "../ui/section";
import { SECURITY_INTENTS } from "./intents";
import { QrCode } from "./qr-code";

// Two-factor authentication on the account-security page: set up (QR code drawn on the server,
// the secret to type by hand, a code to confirm), the recovery codes shown once, turn it off.
// Every step is a form posting an intent; all of it works without JavaScript.

function SetupStart() {
  const { t } = useTranslation("security");
  const busy = useBusy(SECURITY_INTENTS.setupTwoFactor);
  const result = useLastResult(SECURITY_INTENTS.setupTwoFactor);
  return (
    <Form method="post">
      <IntentField intent={SECURITY_INTENTS.setupTwoFactor} />
      <button type="submit" className={BUTTON_CLASS} aria-busy={busy} disabled={busy}>
        {t("twoFactor.setUp")}
      </button>
      <ErrorList errors={result?.error?.[""] ?? undefined} />
    </Form>
  );
}

function SetupConfirm({ setup }: { setup: TwoFactorSetup }) {
  const { t } = useTranslation(["security", "account"]);
  const busy = useBusy(SECURITY_INTENTS.enableTwoFactor);
  const [form, fields] = useSchemaForm({
    id: "enable-2fa-form",
    schema: () => import("../../../workers/api/contract/account").then((m) => m.enableTwoFactorSchema),
    lastResult: useLastResult(SECURITY_INTENTS.enableTwoFactor),
  });
  return (
    <div className="space-y-4" data-testid="totp-setup">
      <h4 className="font-semibold">{t("twoFactor.setupHeading")}</h4>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t("twoFactor.scan")}</p>
      <QrCode size={setup.qr.size} path={setup.qr.path} label={t("twoFactor.qrLabel")} />
      <div>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("twoFactor.manual")}</p>
        <p className="mt-1">
          <span className="sr-only">{t("twoFactor.keyLabel")}: </span>
          <code
            data-testid="totp-secret"
            data-secret={setup.secret}
            className="rounded bg-slate-100 px-2 py-1 font-mono text-sm break-all select-all dark:bg-slate-800"
          >
            {setup.grouped}
          </code>
        </p>
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t("twoFactor.confirmStep")}</p>
      <Form method="post" {...getFormProps(form)} className="grid max-w-xs gap-4">
        <IntentField intent={SECURITY_INTENTS.enableTwoFactor} />
        <CodeField field={fields.code} label={t("twoFactor.codeLabel")} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div>
          <button type="submit" className={BUTTON_CLASS} aria-busy={busy} disabled={busy}>
            {t("twoFactor.enable")}
          </button>
        </div>
      </Form>
      <Form method="post">
        <IntentField intent={SECURITY_INTENTS.cancelTwoFactor} />
        <button type="submit" className={SECONDARY_BUTTON_CLASS}>
          {t("twoFactor.cancel")}
        </button>
      </Form>
    </div>
  );
}

function RecoveryCodes({ codes, fileUrl }: { codes: string[]; fileUrl: string }) {
  const { t } = useTranslation("security");
  return (
    <NoticeCard title={t("twoFactor.recoveryHeading")} intro={t("twoFactor.recoveryIntro")} testId="recovery-codes">
      <ul className="grid grid-cols-1 gap-1 font-mono text-sm sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <a href={fileUrl} download="trinity-recovery-codes.txt" className={SECONDARY_BUTTON_CLASS}>
          {t("twoFactor.download")}
        </a>
        <PostButton
          fields={{ intent: SECURITY_INTENTS.savedRecoveryCodes }}
          label={t("twoFactor.saved")}
          className={BUTTON_CLASS}
        />
      </div>
    </NoticeCard>
  );
}

function DisableTwoFactorForm() {
  const { t } = useTranslation(["security", "account"]);
  const busy = useBusy(SECURITY_INTENTS.disableTwoFactor);
  const [form, fields] = useSchemaForm({
    id: "disable-2fa-form",
    schema: () => import("../../../workers/api/contract/account").then((m) => m.disableTwoFactorSchema),
    lastResult: useLastResult(SECURITY_INTENTS.disableTwoFactor),
  });
  return (
    <div>
      <h4 className="font-semibold">{t("twoFactor.disableHeading")}</h4>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t("twoFactor.disableIntro")}</p>
      <Form method="post" {...getFormProps(form)} className="mt-4 grid max-w-md gap-4">
        <IntentField intent={SECURITY_INTENTS.disableTwoFactor} />
        <PasswordField field={fields.password} label={t("account:fields.password")} autoComplete="current-password" />
        <CodeField field={fields.code} label={t("twoFactor.codeLabel")} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div>
          <button type="submit" className={SECONDARY_BUTTON_CLASS} aria-busy={busy} disabled={busy}>
            {t("twoFactor.disable")}
          </button>
        </div>
      </Form>
    </div>
  );
}

/** The 2FA setup in flight: the secret (and grouped for reading) and the QR code's drawing. */
export type TwoFactorSetup = { secret: string; grouped: string; qr: { size: number; path: string } };

/** Two-factor authentication: start the setup, confirm it with a code, the recovery codes once, or turn it off. */
export function TwoFactorSection({
  twoFactorEnabled,
  setup,
  recovery,
}: {
  twoFactorEnabled: boolean;
  setup: TwoFactorSetup | null;
  recovery: { codes: string[]; fileUrl: string } | null;
}) {
  const { t } = useTranslation("security");
  return (
    <Section
      id="two-factor"
      titleId="two-factor-title"
      level={3}
      title={t("twoFactor.heading")}
      intro={t("twoFactor.intro")}
    >
      <p className="mb-4 text-sm">
        {t("twoFactor.statusLabel")}{" "}
        <span
          data-testid="two-factor-status"
          className={
            twoFactorEnabled
              ? "rounded-full bg-emerald-100 px-2 py-0.5 font-semibold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50"
              : "rounded-full bg-slate-100 px-2 py-0.5 font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100"
          }
        >
          {twoFactorEnabled ? t("twoFactor.on") : t("twoFactor.off")}
        </span>
      </p>
      {twoFactorEnabled ? (
        recovery ? (
          <RecoveryCodes codes={recovery.codes} fileUrl={recovery.fileUrl} />
        ) : (
          <DisableTwoFactorForm />
        )
      ) : setup ? (
        <SetupConfirm setup={setup} />
      ) : (
        <SetupStart />
      )}
    </Section>
  );
}
