import { z } from "./zod";

/**
 * A name or host field as the browser checks it before asking the server: present and at most
 * `max` characters. The server applies the full rules of core/domain-name.ts (core/lookup-forms.ts);
 * the browser ships no IDN table (issue 21).
 */
export const typedNameField = (max = 1024) =>
  z
    .string({ error: "required" })
    .refine((value) => value.trim() !== "", { error: "required" })
    .refine((value) => value.length <= max, { error: "too_long" });
