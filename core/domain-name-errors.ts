// Every refusal of a typed domain name, as codes and English texts, apart from the IDN parsing
// (domain-name.ts, which re-exports these and holds the IDN tables): pages translate the codes
// without loading those tables.

/** Every refusal of a typed name, in one list (the API contract and the pages translate these codes). */
export const DOMAIN_NAME_ERRORS = [
  "required",
  "invalid_format",
  "too_long",
  "invalid_characters",
  "invalid_context",
  "unknown_extension",
] as const;
export type DomainNameError = (typeof DOMAIN_NAME_ERRORS)[number];

/** English texts; the UI translates by code. */
export const DOMAIN_ERROR_MESSAGES: Record<DomainNameError, string> = {
  required: "Please enter a domain name.",
  invalid_format: "Invalid domain format.",
  too_long: "Domain name is too long.",
  invalid_characters: "Domain name contains invalid characters.",
  invalid_context: "Domain name uses a character where it is not allowed (for example “·” needs an “l” on each side).",
  unknown_extension: "This extension is not supported.",
};
