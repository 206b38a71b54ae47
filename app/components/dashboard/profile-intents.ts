// The profile settings page's intents and path, apart from its zod schemas (profile.ts, which
// re-exports these): the page renders without loading zod.

/** The intents of the profile settings page's one action. */
export const PROFILE_INTENTS = {
  changeUsername: "change-username",
  changeEmail: "change-email",
  verifyEmail: "verify-email",
  resendCode: "resend-code",
} as const;

export type ProfileIntent = (typeof PROFILE_INTENTS)[keyof typeof PROFILE_INTENTS];

export const SETTINGS_PATH = "/dashboard/settings";
