import { z } from "../../../core/zod";
import { AUTH_MESSAGES } from "../../../core/auth/messages";
import { PASSKEY_NAME_MAX } from "../../../core/auth/passkeys";

// The passkey forms of the account-security page (issue 24) that work without JavaScript: rename
// and remove (with the account password, or a passkey proof that "Use a passkey" puts in the
// password field). Adding a passkey needs WebAuthn, so JavaScript (app/components/passkeys/).

const id = z.uuid();
export const passkeyNameFormField = z
  .string({ error: AUTH_MESSAGES.required })
  .trim()
  .min(1, { error: AUTH_MESSAGES.required })
  .max(PASSKEY_NAME_MAX, { error: AUTH_MESSAGES.tooLong });

export const renamePasskeyFormSchema = z.object({ id, name: passkeyNameFormField });
export const removePasskeyFormSchema = z.object({
  id,
  password: z
    .string({ error: AUTH_MESSAGES.required })
    .min(1, { error: AUTH_MESSAGES.required })
    .max(128, { error: AUTH_MESSAGES.tooLong }),
});
