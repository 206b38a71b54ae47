import { z } from "./zod";

/**
 * A name or host field as the browser checks it before asking the server: present, at most `max`
 * characters and, for a name (`hostOnly`), no white space before any path. The server applies the
 * full rules of core/domain-name.ts (core/lookup-forms.ts); the browser ships no IDN table (issue 21).
 */
export const typedNameField = (max = 1024, hostOnly = true) =>
  z
    .string({ error: "required" })
    .refine((value) => value.trim() !== "", { error: "required" })
    .refine((value) => value.length <= max, { error: "too_long" })
    .refine((value) => !hostOnly || !/\s/.test(value.trim().replace(/[/?#].*$/s, "")), {
      error: "invalid_characters",
    });
