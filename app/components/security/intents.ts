import { API_TOKEN_INTENTS } from "./api-token-options";

// The forms of the account-security page (/dashboard/settings/security): each posts one of these
// intents to the page's action.

export const SECURITY_INTENTS = {
  changePassword: "change-password",
  setupTwoFactor: "2fa-setup",
  enableTwoFactor: "2fa-enable",
  cancelTwoFactor: "2fa-cancel",
  savedRecoveryCodes: "2fa-saved",
  disableTwoFactor: "2fa-disable",
  deleteAccount: "delete-account",
  createApiToken: API_TOKEN_INTENTS.create,
  revokeApiToken: API_TOKEN_INTENTS.revoke,
  dismissApiToken: API_TOKEN_INTENTS.dismiss,
  renamePasskey: "passkey-rename",
  removePasskey: "passkey-remove",
} as const;

export type SecurityIntent = (typeof SECURITY_INTENTS)[keyof typeof SECURITY_INTENTS];

export const SECURITY_PAGE = "/dashboard/settings/security";
