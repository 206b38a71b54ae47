import { z } from "./zod";

/** What a name parser answers: the ASCII form, or the SPEC §5 error code. */
type NameParse = { ok: true; name: { ascii: string } } | { ok: false; error: string };

/**
 * A form's host/domain field (the WHOIS, SSL and DNS checkers): required, at most 1,024
 * characters, parsed by `parse` into its ASCII form; a refused name is an issue with the error code.
 */
export function asciiNameField(parse: (input: string) => NameParse) {
  return z
    .string({ error: "required" })
    .max(1024, { error: "too_long" })
    .transform((value, ctx) => {
      const parsed = parse(value);
      if (!parsed.ok) {
        ctx.addIssue({ code: "custom", message: parsed.error });
        return z.NEVER;
      }
      return parsed.name.ascii;
    });
}
