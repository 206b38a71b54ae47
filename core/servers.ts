// Servers (issue 11): VPS (x86, ARM), CPU and GPU root servers and web hosting. Pure rules shared
// by the API and the storefront: the catalogue's shape (data/servers/plans.json), prices per
// billing cycle in integer cents, the SPEC §4 statuses, hostname and SSH public key validation,
// and the order form's zod schema. Messages are stable English texts the UI translates.
import { z } from "./zod";

/** SPEC §9 billing cycles and how many months each covers. */
export const BILLING_CYCLES = ["monthly", "quarterly", "annually", "biennially"] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];
export const CYCLE_MONTHS: Record<BillingCycle, number> = { monthly: 1, quarterly: 3, annually: 12, biennially: 24 };

export const SERVER_KINDS = ["vps", "root", "gpu", "hosting"] as const;
export type ServerKind = (typeof SERVER_KINDS)[number];
export const SERVER_ARCHES = ["x86", "arm"] as const;
export type ServerArch = (typeof SERVER_ARCHES)[number];

/** SPEC §4 VPS statuses, in the spec's order. */
export const SERVER_STATUSES = [
  "active",
  "running",
  "online",
  "pending",
  "provisioning",
  "configuring",
  "installing",
  "deploying",
  "maintenance",
  "updating",
  "rebooting",
  "migrating",
  "stopped",
  "offline",
  "shutoff",
  "suspended",
  "terminated",
  "error",
  "failed",
  "expired",
  "cancelled",
] as const;
export type ServerStatus = (typeof SERVER_STATUSES)[number];
/** SPEC §4: hosting statuses are the VPS ones without rebooting and shutoff. */
export const HOSTING_STATUSES = SERVER_STATUSES.filter((status) => status !== "rebooting" && status !== "shutoff");

/** The badge colour family of each status (the dashboard's badges). */
export type StatusTone = "green" | "blue" | "amber" | "slate" | "red";
export function statusTone(status: ServerStatus): StatusTone {
  switch (status) {
    case "active":
    case "running":
    case "online":
      return "green";
    case "pending":
    case "provisioning":
    case "configuring":
    case "installing":
    case "deploying":
    case "rebooting":
    case "migrating":
    case "updating":
      return "blue";
    case "maintenance":
    case "suspended":
    case "expired":
      return "amber";
    case "stopped":
    case "offline":
    case "shutoff":
    case "cancelled":
    case "terminated":
      return "slate";
    case "error":
    case "failed":
      return "red";
  }
}

/** Power actions (POST /vps/{id}/actions/{action}). */
export const SERVER_ACTIONS = ["reboot", "stop", "start", "reinstall"] as const;
export type ServerAction = (typeof SERVER_ACTIONS)[number];

/** Which actions a server in `status` accepts. */
export function actionAllowed(action: ServerAction, status: ServerStatus): boolean {
  switch (action) {
    case "reboot":
    case "stop":
      return status === "running";
    case "start":
      return status === "stopped";
    case "reinstall":
      return status === "running" || status === "stopped" || status === "error";
  }
}

// ---------------------------------------------------------------------------------------------
// The catalogue (data/servers/plans.json).

const cents = z.number().int().nonnegative();
export const serverCatalogueSchema = z.object({
  currency: z.literal("USD"),
  datacenters: z
    .array(
      z.object({ id: z.string().regex(/^[a-z0-9-]{2,16}$/u), city: z.string().min(1), country: z.string().length(2) }),
    )
    .min(1),
  operating_systems: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z0-9.-]{2,32}$/u),
        name: z.string().min(1),
        family: z.enum(["linux", "bsd", "windows"]),
        arch: z.array(z.enum(SERVER_ARCHES)).min(1),
        licence_cents_per_month: cents,
      }),
    )
    .min(1),
  plans: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z0-9-]{2,16}$/u),
        name: z.string().min(1),
        kind: z.enum(SERVER_KINDS),
        arch: z.enum(SERVER_ARCHES),
        cpu_cores: z.number().int().positive(),
        cpu_model: z.string().nullable(),
        ram_gb: z.number().positive(),
        disk_gb: z.number().positive(),
        disk_type: z.string(),
        traffic_tb: z.union([z.number().positive(), z.literal("unlimited")]),
        prices_cents: z.object({ monthly: cents, quarterly: cents, annually: cents, biennially: cents }),
        datacenters: z.array(z.string()).min(1),
        popular: z.boolean(),
        provider_type: z.string().min(1),
        gpu: z
          .object({ model: z.string(), memory_gb: z.number().positive(), count: z.number().int().positive() })
          .optional(),
        websites: z.number().int().positive().optional(),
      }),
    )
    .min(1),
});
export type ServerCatalogue = z.output<typeof serverCatalogueSchema>;
export type ServerPlan = ServerCatalogue["plans"][number];
export type OperatingSystem = ServerCatalogue["operating_systems"][number];
export type Datacenter = ServerCatalogue["datacenters"][number];

/** Parses the catalogue and checks that plans name known datacenters (throws on a bad file). */
export function parseServerCatalogue(input: unknown): ServerCatalogue {
  const catalogue = serverCatalogueSchema.parse(input);
  const dcs = new Set(catalogue.datacenters.map((dc) => dc.id));
  const ids = new Set<string>();
  for (const plan of catalogue.plans) {
    if (ids.has(plan.id)) throw new Error(`server catalogue: plan ${plan.id} twice`);
    ids.add(plan.id);
    for (const dc of plan.datacenters)
      if (!dcs.has(dc)) throw new Error(`server catalogue: plan ${plan.id} names unknown datacenter ${dc}`);
  }
  return catalogue;
}

/** Operating systems a plan can run (hosting plans run none: the host manages it). */
export function osChoices(catalogue: ServerCatalogue, plan: ServerPlan): OperatingSystem[] {
  if (plan.kind === "hosting") return [];
  return catalogue.operating_systems.filter((os) => os.arch.includes(plan.arch));
}

export interface CyclePrice {
  cycle: BillingCycle;
  months: number;
  /** The plan's price for the cycle (without licence). */
  baseCents: number;
  /** The OS licence for the whole cycle (Windows Server). */
  licenceCents: number;
  totalCents: number;
  /** What the cycle saves against paying monthly for as long. */
  savingCents: number;
  /** The saving as a whole percentage of the monthly equivalent (rounded down). */
  savingPercent: number;
}

/** The price of `plan` for `cycle` with `os` (its licence fee per month times the months). */
export function cyclePrice(plan: ServerPlan, cycle: BillingCycle, os: OperatingSystem | null = null): CyclePrice {
  const months = CYCLE_MONTHS[cycle];
  const baseCents = plan.prices_cents[cycle];
  const licenceCents = (os?.licence_cents_per_month ?? 0) * months;
  const monthlyEquivalent = plan.prices_cents.monthly * months;
  const savingCents = Math.max(0, monthlyEquivalent - baseCents);
  return {
    cycle,
    months,
    baseCents,
    licenceCents,
    totalCents: baseCents + licenceCents,
    savingCents,
    savingPercent: monthlyEquivalent > 0 ? Math.floor((savingCents * 100) / monthlyEquivalent) : 0,
  };
}

/** The expiry after `months` more from `from` (same day of month, clamped to the month's end). */
export function addMonths(from: Date, months: number): Date {
  const date = new Date(from.getTime());
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return date;
}

// ---------------------------------------------------------------------------------------------
// Hostnames (RFC 1123) and SSH public keys.

export const SERVER_MESSAGES = {
  required: "is required",
  plan: "must be one of the plans",
  cycle: "must be monthly, quarterly, annually or biennially",
  os: "must be one of the operating systems for this plan",
  datacenter: "must be one of the datacenters for this plan",
  hostname:
    "must be a valid hostname (letters, digits and hyphens; labels of 1 to 63 characters, not starting or ending with a hyphen; at most 253 characters)",
  sshKey: "must be an OpenSSH public key (ssh-ed25519, ssh-rsa of at least 2048 bits, or ecdsa-sha2-nistp256/384/521)",
  sshKeyRsaShort: "is an RSA key shorter than 2048 bits",
  password: "is required",
} as const;
const M = SERVER_MESSAGES;

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/u;

/** RFC 1123 host name: dot-separated labels of 1–63 letters, digits, hyphens (not at either end), ≤ 253 in all; the last label not all digits. */
export function isValidHostname(value: string): boolean {
  const name = value.toLowerCase();
  if (name.length === 0 || name.length > 253) return false;
  const labels = name.split(".");
  if (!labels.every((label) => LABEL.test(label))) return false;
  return !/^\d+$/u.test(labels[labels.length - 1] ?? "");
}

export const SSH_KEY_TYPES = [
  "ssh-ed25519",
  "ssh-rsa",
  "ecdsa-sha2-nistp256",
  "ecdsa-sha2-nistp384",
  "ecdsa-sha2-nistp521",
] as const;
export type SshKeyType = (typeof SSH_KEY_TYPES)[number];

export interface SshPublicKey {
  type: SshKeyType;
  /** The key blob (the wire format), base64 as in the key line. */
  blob: string;
  comment: string;
  /** RSA modulus size, ECDSA curve size, 256 for Ed25519. */
  bits: number;
}

export type SshKeyProblem = "format" | "rsa_short";

function decodeBase64(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/u.test(text) || text.length % 4 !== 0) return null;
  try {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
    return bytes;
  } catch {
    return null;
  }
}

/** Reads the SSH wire format's length-prefixed strings (RFC 4251 §5). */
class WireReader {
  private offset = 0;
  constructor(private readonly bytes: Uint8Array) {}
  string(): Uint8Array | null {
    if (this.offset + 4 > this.bytes.length) return null;
    const length = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength).getUint32(this.offset);
    this.offset += 4;
    if (length > this.bytes.length - this.offset) return null;
    const value = this.bytes.subarray(this.offset, this.offset + length);
    this.offset += length;
    return value;
  }
  get done(): boolean {
    return this.offset === this.bytes.length;
  }
}

const ascii = (bytes: Uint8Array) => String.fromCharCode(...bytes);

/** Bit length of an SSH mpint (big-endian, two's complement, positive here). */
function mpintBits(bytes: Uint8Array): number {
  const index = bytes.findIndex((byte) => byte !== 0);
  const first = bytes[index];
  if (first === undefined) return 0;
  return (bytes.length - index - 1) * 8 + (32 - Math.clz32(first));
}

const ECDSA_POINT: Record<string, { curve: string; length: number; bits: number }> = {
  "ecdsa-sha2-nistp256": { curve: "nistp256", length: 65, bits: 256 },
  "ecdsa-sha2-nistp384": { curve: "nistp384", length: 97, bits: 384 },
  "ecdsa-sha2-nistp521": { curve: "nistp521", length: 133, bits: 521 },
};

/**
 * Parses one OpenSSH public key line (`type base64 [comment]`): decodes the blob and checks that
 * the key type inside matches the line's, and the key's own fields (Ed25519 32 bytes, RSA ≥ 2048
 * bits, an uncompressed ECDSA point on the named curve's size). Options before the type (as in
 * authorized_keys) are not accepted.
 */
export function parseSshPublicKey(
  line: string,
): { ok: true; key: SshPublicKey } | { ok: false; problem: SshKeyProblem } {
  const fail = (problem: SshKeyProblem = "format") => ({ ok: false as const, problem });
  const trimmed = line.trim();
  if (trimmed.length === 0 || trimmed.length > 16_384 || /[\r\n]/u.test(trimmed)) return fail();
  const [type = "", data, ...rest] = trimmed.split(/[ \t]+/u);
  if (!(SSH_KEY_TYPES as readonly string[]).includes(type) || !data) return fail();
  const bytes = decodeBase64(data);
  if (!bytes) return fail();
  const reader = new WireReader(bytes);
  const inner = reader.string();
  if (!inner || ascii(inner) !== type) return fail();
  let bits: number;
  if (type === "ssh-ed25519") {
    const key = reader.string();
    if (!key || key.length !== 32) return fail();
    bits = 256;
  } else if (type === "ssh-rsa") {
    const exponent = reader.string();
    const modulus = reader.string();
    if (!exponent || !modulus || mpintBits(exponent) === 0 || mpintBits(exponent) > 64) return fail();
    bits = mpintBits(modulus);
    if (bits < 2048) return bits > 0 ? fail("rsa_short") : fail();
    if (bits > 16_384) return fail();
  } else {
    const spec = ECDSA_POINT[type];
    if (!spec) return fail();
    const curve = reader.string();
    const point = reader.string();
    if (!curve || ascii(curve) !== spec.curve || !point || point.length !== spec.length || point[0] !== 4)
      return fail();
    bits = spec.bits;
  }
  if (!reader.done) return fail();
  return { ok: true, key: { type: type as SshKeyType, blob: data, comment: rest.join(" ").slice(0, 200), bits } };
}

/** OpenSSH's fingerprint of a key: `SHA256:` + unpadded base64 of the blob's SHA-256. */
export async function sshFingerprint(key: SshPublicKey): Promise<string> {
  const bytes = decodeBase64(key.blob) ?? new Uint8Array(0);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return `SHA256:${btoa(String.fromCharCode(...digest)).replace(/=+$/u, "")}`;
}

// ---------------------------------------------------------------------------------------------
// Schemas: the order form (shared by Conform, the action and the API) and the list query.

export const hostnameSchema = z
  .string({ error: M.required })
  .trim()
  .toLowerCase()
  .superRefine((value, ctx) => {
    if (value === "") ctx.addIssue({ code: "custom", message: M.required });
    else if (!isValidHostname(value)) ctx.addIssue({ code: "custom", message: M.hostname });
  });

export const cycleSchema = z.enum(BILLING_CYCLES, { error: M.cycle });

/** An optional SSH key: empty means none (root password only); otherwise a valid public key line. */
export const sshKeySchema = z
  .string({ error: M.sshKey })
  .trim()
  .max(16_384, { error: M.sshKey })
  .optional()
  .transform((value) => (value ? value : undefined))
  .superRefine((value, ctx) => {
    if (value === undefined) return;
    const parsed = parseSshPublicKey(value);
    if (!parsed.ok)
      ctx.addIssue({ code: "custom", message: parsed.problem === "rsa_short" ? M.sshKeyRsaShort : M.sshKey });
  });

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
