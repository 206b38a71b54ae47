// What the passkey forms and the API agree on (issue 24), kept apart from the API contract so the
// browser bundle of the security page does not carry the contract's schemas.
export const PASSKEY_NAME_MAX = 60;
