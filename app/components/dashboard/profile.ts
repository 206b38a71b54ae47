import { changeEmailSchema } from "../../../core/auth/schemas";

/** The intents of the profile settings page's one action. */
export const PROFILE_INTENTS = {
  changeUsername: "change-username",
  changeEmail: "change-email",
  verifyEmail: "verify-email",
  resendCode: "resend-code",
} as const;

/** SPEC §5 "Change email: must differ from the current one": the shared schema plus that check. */
export function changeEmailFormSchema(currentEmail: string, unchangedMessage: string) {
  return changeEmailSchema.refine((value) => value.new_email !== currentEmail.toLowerCase(), {
    path: ["new_email"],
    error: unchangedMessage,
  });
}
