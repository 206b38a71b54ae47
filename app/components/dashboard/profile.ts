import { changeEmailSchema, verificationCodeSchema } from "../../../core/auth/schemas";
import { z } from "../../../core/zod";

export { PROFILE_INTENTS, SETTINGS_PATH } from "./profile-intents";
export type { ProfileIntent } from "./profile-intents";

/** The verify-email form: the code sent to the address (the API takes the address from the profile). */
export const verifyCodeSchema = z.object({ code: verificationCodeSchema });

/** SPEC §5 "Change email: must differ from the current one": the shared schema plus that check. */
export function changeEmailFormSchema(currentEmail: string, unchangedMessage: string) {
  return changeEmailSchema.refine((value) => value.new_email !== currentEmail.toLowerCase(), {
    path: ["new_email"],
    error: unchangedMessage,
  });
}
