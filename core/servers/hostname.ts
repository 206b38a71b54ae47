// Server host names (RFC 1123), as the order form and POST /cart/servers accept them.
// (A server's host name is any LDH name, not a registrable domain: it is not core/domain-name.ts's rule.)
import { z } from "../zod";
import { SERVER_MESSAGES as M } from "./messages";

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/u;

/** RFC 1123 host name: dot-separated labels of 1–63 letters, digits, hyphens (not at either end), ≤ 253 in all; the last label not all digits. */
export function isValidHostname(value: string): boolean {
  const name = value.toLowerCase();
  if (name.length === 0 || name.length > 253) return false;
  const labels = name.split(".");
  if (!labels.every((label) => LABEL.test(label))) return false;
  return !/^\d+$/u.test(labels[labels.length - 1] ?? "");
}

export const hostnameSchema = z
  .string({ error: M.required })
  .trim()
  .toLowerCase()
  .superRefine((value, ctx) => {
    if (value === "") ctx.addIssue({ code: "custom", message: M.required });
    else if (!isValidHostname(value)) ctx.addIssue({ code: "custom", message: M.hostname });
  });
