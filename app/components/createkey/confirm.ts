// The seed-key confirmation form's refusal of the unticked "I saved my seed key" box, apart from
// its schema (confirm-schema.ts) so the page can translate it without loading zod.

/** Schema message of the unticked "I saved my seed key" box (translated by the page). */
export const SAVED_REQUIRED = "saved_required";
