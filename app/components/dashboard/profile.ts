import { changeEmailSchema, verificationCodeSchema } from "../../../core/auth/schemas";
import { z } from "../../../core/zod";

/** The intents of the profile settings page's one action. */
export const PROFILE_INTENTS = {
  changeUsername: "change-username",
  changeEmail: "change-email",
  verifyEmail: "verify-email",
  resendCode: "resend-code",
} as const;

export type ProfileIntent = (typeof PROFILE_INTENTS)[keyof typeof PROFILE_INTENTS];

export const SETTINGS_PATH = "/dashboard/settings";

/** The verify-email form: the code sent to the address (the API takes the address from the profile). */
export const verifyCodeSchema = z.object({ code: verificationCodeSchema });

/** SPEC §5 "Change email: must differ from the current one": the shared schema plus that check. */
export function changeEmailFormSchema(currentEmail: string, unchangedMessage: string) {
  return changeEmailSchema.refine((value) => value.new_email !== currentEmail.toLowerCase(), {
    path: ["new_email"],
    error: unchangedMessage,
  });
}
