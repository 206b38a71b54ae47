// A server order (the /vps form, POST /cart/servers) and the server list's query: zod schemas
// shared by Conform, the action and the API, and the checks against the catalogue.
import { z } from "../zod";
import {
  BILLING_CYCLES,
  osChoices,
  type Datacenter,
  type OperatingSystem,
  type ServerCatalogue,
  type ServerPlan,
} from "./catalogue";
import { hostnameSchema } from "./hostname";
import { SERVER_MESSAGES as M } from "./messages";
import { sshKeySchema } from "./ssh-key";
import { SERVER_STATUSES } from "./status";

export const cycleSchema = z.enum(BILLING_CYCLES, { error: M.cycle });

const idSchema = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(32, { error: message });

/**
 * A server order (the /vps form and POST /cart/servers). The catalogue checks (plan exists, OS and
 * datacenter offered for it) are `checkServerOrder`'s, since they need the catalogue.
 */
export const serverOrderSchema = z.object({
  plan: idSchema(M.plan),
  cycle: cycleSchema,
  os: z
    .string({ error: M.os })
    .trim()
    .max(32, { error: M.os })
    .optional()
    .transform((value) => (value ? value : undefined)),
  datacenter: idSchema(M.datacenter),
  hostname: hostnameSchema,
  ssh_key: sshKeySchema,
});
export type ServerOrderInput = z.input<typeof serverOrderSchema>;
export type ServerOrder = z.output<typeof serverOrderSchema>;

export type ServerOrderIssue = { path: "plan" | "os" | "datacenter"; message: string };

/** Checks an order against the catalogue; answers the plan, OS and datacenter or the field at fault. */
export function checkServerOrder(
  catalogue: ServerCatalogue,
  order: ServerOrder,
):
  | { ok: true; plan: ServerPlan; os: OperatingSystem | null; datacenter: Datacenter }
  | { ok: false; issue: ServerOrderIssue } {
  const plan = catalogue.plans.find((entry) => entry.id === order.plan);
  if (!plan) return { ok: false, issue: { path: "plan", message: M.plan } };
  const choices = osChoices(catalogue, plan);
  let os: OperatingSystem | null = null;
  if (choices.length > 0) {
    os = choices.find((entry) => entry.id === order.os) ?? null;
    if (!os) return { ok: false, issue: { path: "os", message: order.os ? M.os : M.required } };
  }
  const datacenter = plan.datacenters.includes(order.datacenter)
    ? catalogue.datacenters.find((dc) => dc.id === order.datacenter)
    : undefined;
  if (!datacenter) return { ok: false, issue: { path: "datacenter", message: M.datacenter } };
  return { ok: true, plan, os, datacenter };
}

export const SERVER_SORTS = ["created", "-created", "hostname", "-hostname", "expires", "-expires", "status"] as const;
export type ServerSort = (typeof SERVER_SORTS)[number];

/** GET /vps/ and /hosting/ query parameters (unknown ones are refused: strict). */
export const serverListQuerySchema = z
  .object({
    status: z.enum(SERVER_STATUSES, { error: "must be one of the server statuses" }).optional(),
    q: z.string().trim().max(253, { error: "must be at most 253 characters" }).optional(),
    sort: z.enum(SERVER_SORTS, { error: `must be one of ${SERVER_SORTS.join(", ")}` }).default("-created"),
    page: z.coerce
      .number({ error: "must be a whole number from 1" })
      .int({ error: "must be a whole number from 1" })
      .min(1, { error: "must be a whole number from 1" })
      .max(100_000, { error: "must be at most 100000" })
      .default(1),
    per_page: z.coerce
      .number({ error: "must be a whole number from 1 to 100" })
      .int({ error: "must be a whole number from 1 to 100" })
      .min(1, { error: "must be a whole number from 1 to 100" })
      .max(100, { error: "must be a whole number from 1 to 100" })
      .default(20),
  })
  .strict();
export type ServerListQuery = z.output<typeof serverListQuerySchema>;

/** Root password reveal: the account password confirms it. */
export const revealPasswordSchema = z
  .object({ password: z.string({ error: M.password }).min(1, { error: M.password }).max(1024) })
  .strict();

/** Renewal into the cart: the cycle to renew for. */
export const renewServerSchema = z.object({ cycle: cycleSchema }).strict();
