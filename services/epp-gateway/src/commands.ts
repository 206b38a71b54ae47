// One contract command (workers/api/adapters/registry/README.md, "The gateway") → the EPP commands
// it takes at the registry that serves the name's extension. EPP answers go back as they are; the
// storefront's adapter maps the codes. What this module adds on top of a plain relay:
//   - routing by extension, check batches split to each registry's maximum and answered in order;
//   - the registrant contact (RFC 5733) made from the storefront's data, reused when unchanged;
//   - never a double create: a create, renew, transfer request or delete whose answer was lost
//     (the bytes were sent, then the connection dropped or timed out) is NOT sent again; the
//     registry is asked (info / transfer query, on another session) what happened, and the answer
//     says so;
//   - the RGP restore (RFC 3915): request, then the report the registry needs.
import { createHash } from "node:crypto";
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { z } from "zod";
import type { EppPool } from "./transport/pool";
import { EppTransportError } from "./transport/session";
import type { ContactData, EppCommand, EppResponse, Period, RgpReport } from "./types";

export const COMMANDS = ["check", "info", "create", "renew", "transfer", "update", "delete"] as const;
export type ContractCommand = (typeof COMMANDS)[number];

export const MAX_CHECK_NAMES = 100;
export const FEE_URI = "urn:ietf:params:xml:ns:epp:fee-1.0";

/** How commands reach one registry: main.ts wires this to the session pool. */
export interface RegistryLink {
  /** Sends one command on a session of the pool; rejects on transport failure (`sent` says whether it left). */
  send(cmd: EppCommand, clTRID?: string): Promise<EppResponse>;
}

/**
 * A link over a session pool. The fee extension is asked only on a session whose greeting offered
 * it (a registry refuses an extension it did not log us in with).
 */
export function linkFromPool(pool: Pick<EppPool, "use">, options: { waitMs?: number } = {}): RegistryLink {
  const once = (cmd: EppCommand, clTRID?: string) =>
    pool.use(async (session) => {
      let command = cmd;
      if (cmd.kind === "domain:check" && cmd.fee && !session.greeting.extURIs.includes(FEE_URI)) {
        const { fee: _fee, ...plain } = cmd;
        command = plain;
      }
      return (await session.send(command, clTRID)).response;
    }, options);
  return {
    async send(cmd, clTRID) {
      try {
        return await once(cmd, clTRID);
      } catch (error) {
        // The session had ended before the command was written (the registry closed it while
        // idle): nothing reached the registry, so one more try on a fresh session is safe.
        if (error instanceof EppTransportError && error.kind === "closed" && !error.sent) return once(cmd, clTRID);
        throw error;
      }
    },
  };
}

export interface RegistryRoute {
  id: string;
  clID: string;
  tlds: string[];
  checkBatch: number;
  fee?: { currency: string };
  link: RegistryLink;
}

/** Remembers which storefront owner a registrant contact (or a transferred-in name) belongs to. */
export interface OwnerDirectory {
  ownerOfContact(contactId: string): string | undefined;
  ownerOfName(name: string): string | undefined;
  rememberContact(contactId: string, ownerId: string): void;
  rememberName(name: string, ownerId: string): void;
}

export interface CommandEvents {
  /** A lost answer was resolved (or not) by asking the registry: for the operator's log. */
  followUp(entry: { registry: string; command: string; clTRID?: string; outcome: string; code: number }): void;
}

export interface CommandDeps {
  registries: RegistryRoute[];
  owners?: OwnerDirectory;
  /** Our registrar's name (config/registrar.json), answered as info's registrarName for names we sponsor. */
  registrarName?: string;
  events?: CommandEvents;
  now?: () => Date;
  /** Pause between follow-up attempts (tests: 0). */
  followUpDelayMs?: number;
  /** Auth codes for contacts (never logged). */
  randomAuth?: () => string;
}

// --- request bodies -----------------------------------------------------------------------------

const domainName = z
  .string()
  .trim()
  .min(3)
  .max(253)
  .regex(/^[^\s.]+(\.[^\s.]+)+\.?$/, "a domain name such as example.com");
const period = z.object({ unit: z.enum(["y", "m"]), value: z.number().int().min(1).max(99) });
const authInfo = z.union([z.object({ pw: z.string().min(1).max(255) }), z.string().min(1).max(255)]);
const hostList = z.array(z.string().trim().min(1).max(253)).max(13);
const dsData = z.object({
  keyTag: z.coerce.number().int().min(0).max(65535),
  alg: z.coerce.number().int().min(0).max(255),
  digestType: z.coerce.number().int().min(0).max(255),
  digest: z.string().regex(/^[0-9A-Fa-f]+$/, "hex digits"),
});
const contactData = z.object({
  name: z.string().trim().min(1).max(255),
  org: z.string().trim().max(255).optional(),
  street: z.array(z.string().trim().max(255)).min(1).max(3),
  city: z.string().trim().min(1).max(255),
  sp: z.string().trim().max(255).optional(),
  pc: z.string().trim().max(16).optional(),
  cc: z.string().regex(/^[A-Za-z]{2}$/, "an ISO 3166 alpha-2 code"),
  voice: z
    .string()
    .regex(/^\+\d{1,3}\.\d{1,14}$/, "+CC.NUMBER")
    .optional(),
  email: z.string().email().max(255),
});
const statusList = z.array(z.string().regex(/^client[A-Za-z]+$/, "a client status such as clientTransferProhibited"));
const change = z.object({ ns: hostList.optional(), status: statusList.optional() });

const bodies = {
  check: z.object({ names: z.array(z.string().trim().min(1).max(253)).min(1) }),
  info: z.object({
    name: domainName,
    hosts: z.enum(["all", "del", "sub", "none"]).optional(),
    authInfo: authInfo.optional(),
  }),
  create: z.object({
    name: domainName,
    period: period.optional(),
    ns: hostList.optional(),
    registrant: z.string().min(1).max(255).optional(),
    authInfo: authInfo,
    contact: contactData.optional(),
    ds: z.array(dsData).optional(),
  }),
  renew: z.object({
    name: domainName,
    curExpDate: z.string().regex(/^\d{4}-\d{2}-\d{2}/, "YYYY-MM-DD"),
    period: period.optional(),
  }),
  transfer: z.object({
    op: z.enum(["request", "query", "approve", "reject", "cancel"]),
    name: domainName,
    period: period.optional(),
    authInfo: authInfo.optional(),
    registrant: z.string().min(1).max(255).optional(),
  }),
  update: z.object({
    name: domainName,
    add: change.optional(),
    rem: change.optional(),
    chg: z.object({ authInfo: authInfo.optional() }).optional(),
    secDNS: z
      .object({
        rem: z
          .union([
            z.object({ all: z.union([z.boolean(), z.literal(1), z.literal("true")]) }),
            z.object({ dsData: z.array(dsData) }),
          ])
          .optional(),
        add: z.object({ dsData: z.array(dsData) }).optional(),
      })
      .optional(),
    // The adapter sends `{ restore: { op: "request" } }`; `{ op: "request" }` is read the same.
    rgp: z
      .union([z.object({ restore: z.object({ op: z.literal("request") }) }), z.object({ op: z.literal("request") })])
      .optional(),
  }),
  delete: z.object({ name: domainName }),
} satisfies Record<ContractCommand, z.ZodType>;

// --- answers ------------------------------------------------------------------------------------

export function envelope(
  code: number,
  msg: string,
  clTRID?: string,
  reason?: string,
  resData?: Record<string, unknown>,
): EppResponse {
  const response: EppResponse = { result: { code, msg }, trID: {} };
  if (reason !== undefined) response.result.reason = reason;
  if (clTRID !== undefined) response.trID.clTRID = clTRID;
  if (resData !== undefined) response.resData = resData;
  return response;
}

/** A transport failure (EppTransportError from the session), read by shape so fakes can throw their own. */
function transportFailure(error: unknown): { kind: string; sent: boolean; message: string } | null {
  if (typeof error !== "object" || error === null || !("sent" in error) || !("kind" in error)) return null;
  const { sent, kind } = error;
  if (typeof sent !== "boolean" || typeof kind !== "string") return null;
  return { kind, sent, message: error instanceof Error ? error.message : kind };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Whether the command may have reached the registry: anything but a failure known to be before sending. */
function mayHaveBeenSent(error: unknown): boolean {
  if (error instanceof Error && error.name === "EppBuildError") return false;
  const failure = transportFailure(error);
  return failure === null ? true : failure.sent;
}

/** The envelope for a command that got no EPP answer (nothing was written, or nothing to follow up). */
export function failureEnvelope(error: unknown, clTRID?: string): EppResponse {
  if (error instanceof Error && error.name === "EppBuildError") {
    return envelope(2005, "Parameter value syntax error", clTRID, describe(error));
  }
  const failure = transportFailure(error);
  const reason = failure
    ? `registry ${failure.sent ? "answer lost" : "unreachable"} (${failure.kind}): ${failure.message}`
    : `registry answer unreadable: ${describe(error)}`;
  return envelope(2400, "Command failed", clTRID, reason);
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

function pw(value: z.infer<typeof authInfo> | undefined): string | undefined {
  return value === undefined ? undefined : typeof value === "string" ? value : value.pw;
}

/** The registry contact id for an owner's data: 16 characters of [a-z0-9], "c" + owner hash + data hash. */
export function contactIdFor(ownerId: string, contact: ContactData): string {
  const canonical = JSON.stringify([
    contact.name,
    contact.org ?? "",
    contact.street,
    contact.city,
    contact.sp ?? "",
    contact.pc ?? "",
    contact.cc.toUpperCase(),
    contact.voice ?? "",
    contact.email.toLowerCase(),
  ]);
  const hash = (value: string) => createHash("sha256").update(value).digest("hex");
  return `c${hash(ownerId).slice(0, 7)}${hash(canonical).slice(0, 8)}`;
}

/** An EPP booleans (1/0/true/false) as the codec may leave them. */
function eppTrue(value: unknown): boolean {
  return value === true || value === 1 || value === "1" || value === "true";
}

function addPeriod(date: string, p: Period | undefined): string {
  const d = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  const value = p?.value ?? 1;
  if (p?.unit === "m") d.setUTCMonth(d.getUTCMonth() + value);
  else d.setUTCFullYear(d.getUTCFullYear() + value);
  return d.toISOString().slice(0, 10);
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function randomAuthInfo(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return `${Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join("")}#1`;
}

// --- the owner directory ------------------------------------------------------------------------

/**
 * Registries know the registrant only as a contact id; the storefront asks by owner id (`info`'s
 * `registrant` is compared with the user's id). The gateway remembers the pairs it made, in memory
 * and, when `file` is given, in a JSON-lines file (mount it on a volume so restarts keep it): one
 * line appended per new pair — never the whole map rewritten on a create — and read back at start,
 * later lines winning; a line cut short by a crash is skipped.
 */
export function createOwnerDirectory(
  options: { file?: string; onSaveError?: (error: unknown) => void } = {},
): OwnerDirectory {
  const contacts = new Map<string, string>();
  const names = new Map<string, string>();
  if (options.file && existsSync(options.file)) {
    const body = readFileSync(options.file, "utf8");
    for (const line of body.split("\n")) {
      let entry: Record<string, unknown>;
      try {
        entry = record(JSON.parse(line));
      } catch {
        continue;
      }
      const owner = text(entry.owner);
      if (owner === undefined) continue;
      const contact = text(entry.contact);
      const name = text(entry.name);
      if (contact !== undefined) contacts.set(contact, owner);
      if (name !== undefined) names.set(name, owner);
    }
    // A cut last line is ended, so the next pair starts a line of its own.
    if (body !== "" && !body.endsWith("\n")) {
      try {
        appendFileSync(options.file, "\n");
      } catch (error) {
        options.onSaveError?.(error);
      }
    }
  }
  // Called after the registry has done its part: a failed write must not turn a done create into
  // an error answer (the pair stays in memory; the operator sees the log line).
  const save = (entry: { contact: string; owner: string } | { name: string; owner: string }) => {
    if (!options.file) return;
    try {
      appendFileSync(options.file, `${JSON.stringify(entry)}\n`);
    } catch (error) {
      options.onSaveError?.(error);
    }
  };
  return {
    ownerOfContact: (id) => contacts.get(id),
    ownerOfName: (name) => names.get(name.toLowerCase()),
    rememberContact(id, owner) {
      if (contacts.get(id) === owner) return;
      contacts.set(id, owner);
      save({ contact: id, owner });
    },
    rememberName(name, owner) {
      if (names.get(name.toLowerCase()) === owner) return;
      names.set(name.toLowerCase(), owner);
      save({ name: name.toLowerCase(), owner });
    },
  };
}

// --- the commands -------------------------------------------------------------------------------

/** The registry serving `name`'s extension (the longest configured suffix wins: co.uk before uk). */
export function routeOf(registries: RegistryRoute[], name: string): RegistryRoute | undefined {
  const lower = name.toLowerCase().replace(/\.$/, "");
  let best: { route: RegistryRoute; length: number } | undefined;
  for (const route of registries) {
    for (const tld of route.tlds) {
      if (lower.endsWith(`.${tld}`) && (best === undefined || tld.length > best.length))
        best = { route, length: tld.length };
    }
  }
  return best?.route;
}

function syntaxError(error: z.ZodError, clTRID?: string): EppResponse {
  const issue = error.issues[0];
  const where = issue?.path.join(".") || "body";
  const missing = issue?.code === "invalid_type" && /undefined/.test(issue.message);
  return missing
    ? envelope(2003, "Required parameter missing", clTRID, `${where}: ${issue?.message ?? "missing"}`)
    : envelope(2005, "Parameter value syntax error", clTRID, `${where}: ${issue?.message ?? "invalid"}`);
}

export async function handleCommand(command: string, body: unknown, deps: CommandDeps): Promise<EppResponse> {
  const input = record(body);
  const clTRID = text(input.clTRID)?.slice(0, 64);
  if (!(COMMANDS as readonly string[]).includes(command)) {
    return envelope(2000, "Unknown command", clTRID, `"${command}" is not one of ${COMMANDS.join(", ")}`);
  }
  const contract = command as ContractCommand;
  if (contract === "check" && Array.isArray(input.names) && input.names.length > MAX_CHECK_NAMES) {
    return envelope(2001, "Command syntax error", clTRID, `at most ${MAX_CHECK_NAMES} names per check`);
  }
  const parsed = bodies[contract].safeParse(input);
  if (!parsed.success) return syntaxError(parsed.error, clTRID);
  const ctx = new Context(deps, clTRID);
  switch (contract) {
    case "check":
      return ctx.check(bodies.check.parse(input).names);
    case "info":
      return ctx.info(bodies.info.parse(input));
    case "create":
      return ctx.create(bodies.create.parse(input));
    case "renew":
      return ctx.renew(bodies.renew.parse(input));
    case "transfer":
      return ctx.transfer(bodies.transfer.parse(input));
    case "update":
      return ctx.update(bodies.update.parse(input));
    case "delete":
      return ctx.delete(bodies.delete.parse(input).name);
  }
}

class Context {
  private readonly now: () => Date;

  constructor(
    private readonly deps: CommandDeps,
    private readonly clTRID: string | undefined,
  ) {
    this.now = deps.now ?? (() => new Date());
  }

  private unsupported(name: string, code: 2303 | 2306): EppResponse {
    return envelope(
      code,
      code === 2303 ? "Object does not exist" : "Parameter value policy error",
      this.clTRID,
      `unsupported tld: no registry is configured for ${name}`,
    );
  }

  /** One command, its EPP answer or the failure envelope (for commands safe to answer "failed"). */
  private async send(route: RegistryRoute, cmd: EppCommand, clTRID = this.clTRID): Promise<EppResponse> {
    try {
      return await route.link.send(cmd, clTRID);
    } catch (error) {
      return failureEnvelope(error, clTRID);
    }
  }

  /** A question asked after a lost answer: a few tries on whatever session the pool gives (the broken one is gone). */
  private async ask(route: RegistryRoute, cmd: EppCommand): Promise<EppResponse | null> {
    const pause = this.deps.followUpDelayMs ?? 200;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        const answer = await route.link.send(cmd);
        if (answer.result.code < 2400) return answer;
      } catch {
        // Try again on a fresh session.
      }
      if (pause > 0) await wait(pause * (attempt + 1));
    }
    return null;
  }

  private followed(route: RegistryRoute, command: string, answer: EppResponse): EppResponse {
    this.deps.events?.followUp({
      registry: route.id,
      command,
      clTRID: this.clTRID,
      outcome: answer.result.msg + (answer.result.reason ? `: ${answer.result.reason}` : ""),
      code: answer.result.code,
    });
    return answer;
  }

  async check(names: string[]): Promise<EppResponse> {
    const answers = new Map<string, Record<string, unknown>>();
    const groups = new Map<RegistryRoute, string[]>();
    for (const name of names) {
      const key = name.toLowerCase();
      const route = routeOf(this.deps.registries, key);
      if (route === undefined) {
        answers.set(key, { name, avail: false, reason: "unsupported tld" });
        continue;
      }
      const group = groups.get(route) ?? [];
      if (!group.includes(key)) group.push(key);
      groups.set(route, group);
    }
    const batches: { route: RegistryRoute; names: string[] }[] = [];
    for (const [route, group] of groups) {
      for (let index = 0; index < group.length; index += route.checkBatch) {
        batches.push({ route, names: group.slice(index, index + route.checkBatch) });
      }
    }
    const results = await Promise.all(
      batches.map(({ route, names: batch }) => {
        const cmd: EppCommand = { kind: "domain:check", names: batch };
        if (route.fee) cmd.fee = { currency: route.fee.currency, commands: ["create", "renew"] };
        return this.send(route, cmd);
      }),
    );
    const svTRIDs: string[] = [];
    for (const result of results) {
      // One failed batch fails the check: a partial answer would read as "registered" or be missing.
      if (result.result.code >= 2000) return { ...result, trID: { ...result.trID, clTRID: this.clTRID } };
      if (result.trID.svTRID) svTRIDs.push(result.trID.svTRID);
      const cd = Array.isArray(result.resData?.cd) ? result.resData.cd : [];
      for (const entry of cd) {
        const name = text(record(entry).name);
        if (name !== undefined) answers.set(name.toLowerCase(), record(entry));
      }
    }
    const cd = names.map(
      (name) => answers.get(name.toLowerCase()) ?? { name, avail: false, reason: "no answer from the registry" },
    );
    const response = envelope(1000, "Command completed successfully", this.clTRID, undefined, { cd });
    if (svTRIDs.length > 0) response.trID.svTRID = svTRIDs.join(",");
    return response;
  }

  /**
   * info's registrant is the registry contact; the storefront compares `registrant` with its owner
   * id. An owner the gateway does not know (a contact it did not make, a lost `contactsFile`) is left
   * out, never guessed: the storefront then goes by its own records (`heldBy` in its registry port).
   */
  private withOwner(route: RegistryRoute, answer: EppResponse): EppResponse {
    const data = answer.resData;
    if (!data || text(data.clID) !== route.clID) return answer;
    const resData: Record<string, unknown> = { ...data };
    if (this.deps.registrarName && data.registrarName === undefined) resData.registrarName = this.deps.registrarName;
    const owners = this.deps.owners;
    const contact = text(data.registrant);
    const owner = owners && ((contact && owners.ownerOfContact(contact)) || owners.ownerOfName(text(data.name) ?? ""));
    if (contact) resData.registrantContact = contact;
    if (owner) resData.registrant = owner;
    else delete resData.registrant;
    return { ...answer, resData };
  }

  async info(body: z.infer<(typeof bodies)["info"]>): Promise<EppResponse> {
    const route = routeOf(this.deps.registries, body.name);
    if (!route) return this.unsupported(body.name, 2303);
    const cmd: EppCommand = { kind: "domain:info", name: body.name, hosts: body.hosts ?? "all" };
    const auth = pw(body.authInfo);
    if (auth !== undefined) cmd.authInfo = auth;
    return this.withOwner(route, await this.send(route, cmd));
  }

  /** The registrant contact: checked, created when absent (same data → same id → reused). */
  private async registrantContact(
    route: RegistryRoute,
    ownerId: string,
    contact: ContactData,
  ): Promise<string | EppResponse> {
    const id = contactIdFor(ownerId, contact);
    const checked = await this.send(route, { kind: "contact:check", ids: [id] }, undefined);
    if (checked.result.code >= 2000) return { ...checked, trID: { ...checked.trID, clTRID: this.clTRID } };
    const entry = record((Array.isArray(checked.resData?.cd) ? checked.resData.cd : [])[0]);
    if (eppTrue(entry.avail)) {
      const authInfo = (this.deps.randomAuth ?? randomAuthInfo)();
      const created = await this.send(route, { kind: "contact:create", id, contact, authInfo }, undefined);
      // 2302: made meanwhile (or by an earlier attempt whose answer was lost) — the same data, so reuse it.
      if (created.result.code >= 2000 && created.result.code !== 2302) {
        return { ...created, trID: { ...created.trID, clTRID: this.clTRID } };
      }
    }
    this.deps.owners?.rememberContact(id, ownerId);
    return id;
  }

  async create(body: z.infer<(typeof bodies)["create"]>): Promise<EppResponse> {
    const route = routeOf(this.deps.registries, body.name);
    if (!route) return this.unsupported(body.name, 2306);
    const cmd: Extract<EppCommand, { kind: "domain:create" }> = {
      kind: "domain:create",
      name: body.name,
      authInfo: pw(body.authInfo) ?? randomAuthInfo(),
    };
    if (body.period) cmd.period = body.period;
    if (body.ns && body.ns.length > 0) cmd.ns = body.ns;
    if (body.ds && body.ds.length > 0) cmd.ds = body.ds;
    const ownerId = body.registrant;
    if (body.contact && ownerId) {
      const contact = await this.registrantContact(route, ownerId, body.contact);
      if (typeof contact !== "string") return contact;
      cmd.registrant = contact;
    } else if (ownerId && /^[A-Za-z0-9._-]{3,16}$/.test(ownerId)) {
      // No contact data: an owner id that is a valid contact id is passed as it is (the registry may know it).
      cmd.registrant = ownerId;
    }
    const started = this.now();
    let answer: EppResponse;
    try {
      answer = await route.link.send(cmd, this.clTRID);
    } catch (error) {
      if (!mayHaveBeenSent(error)) return failureEnvelope(error, this.clTRID);
      answer = await this.createFollowUp(route, cmd, started, error);
    }
    if (answer.result.code < 2000 && ownerId) this.deps.owners?.rememberName(body.name, ownerId);
    return answer;
  }

  private async createFollowUp(
    route: RegistryRoute,
    cmd: Extract<EppCommand, { kind: "domain:create" }>,
    started: Date,
    error: unknown,
  ): Promise<EppResponse> {
    const lost = `the create's answer was lost (${describe(error)})`;
    const info = await this.ask(route, { kind: "domain:info", name: cmd.name, hosts: "none" });
    if (info === null) {
      return this.followed(
        route,
        "domain:create",
        envelope(
          2400,
          "Command failed",
          this.clTRID,
          `${lost}; the registry could not be asked whether it was created: outcome unknown, do not repeat before an info`,
        ),
      );
    }
    if (info.result.code === 2303) {
      return this.followed(
        route,
        "domain:create",
        envelope(2400, "Command failed", this.clTRID, `${lost}; info shows the name does not exist: not created`),
      );
    }
    const data = info.resData ?? {};
    const crDate = Date.parse(text(data.crDate) ?? "");
    const ours =
      info.result.code === 1000 &&
      text(data.clID) === route.clID &&
      (cmd.registrant === undefined || text(data.registrant) === cmd.registrant) &&
      // Made by this attempt, not an older registration of ours (10 minutes of clock tolerance).
      !Number.isNaN(crDate) &&
      crDate >= started.getTime() - 600_000;
    if (ours) {
      return this.followed(
        route,
        "domain:create",
        envelope(
          1000,
          "Command completed successfully (confirmed by info after the answer was lost)",
          this.clTRID,
          undefined,
          {
            name: text(data.name) ?? cmd.name,
            crDate: data.crDate,
            exDate: data.exDate,
          },
        ),
      );
    }
    return this.followed(
      route,
      "domain:create",
      envelope(
        2302,
        "Object exists",
        this.clTRID,
        `${lost}; info shows the name held by ${text(data.clID) ?? "another registrar"}`,
      ),
    );
  }

  async renew(body: z.infer<(typeof bodies)["renew"]>): Promise<EppResponse> {
    const route = routeOf(this.deps.registries, body.name);
    if (!route) return this.unsupported(body.name, 2303);
    const curExpDate = body.curExpDate.slice(0, 10);
    const cmd: EppCommand = { kind: "domain:renew", name: body.name, curExpDate };
    if (body.period) cmd.period = body.period;
    try {
      return await route.link.send(cmd, this.clTRID);
    } catch (error) {
      if (!mayHaveBeenSent(error)) return failureEnvelope(error, this.clTRID);
      // curExpDate makes a repeat harmless at the registry, but we still ask rather than resend.
      const lost = `the renew's answer was lost (${describe(error)})`;
      const info = await this.ask(route, { kind: "domain:info", name: body.name, hosts: "none" });
      const exDate = text(info?.resData?.exDate)?.slice(0, 10);
      if (info === null || info.result.code !== 1000 || exDate === undefined) {
        return this.followed(
          route,
          "domain:renew",
          envelope(2400, "Command failed", this.clTRID, `${lost}; outcome unknown (info failed)`),
        );
      }
      if (exDate === addPeriod(curExpDate, body.period)) {
        return this.followed(
          route,
          "domain:renew",
          envelope(
            1000,
            "Command completed successfully (confirmed by info after the answer was lost)",
            this.clTRID,
            undefined,
            {
              name: body.name,
              exDate: info.resData?.exDate,
            },
          ),
        );
      }
      const reason =
        exDate === curExpDate ? "info shows the expiry unchanged: not renewed" : `info shows the expiry at ${exDate}`;
      return this.followed(route, "domain:renew", envelope(2400, "Command failed", this.clTRID, `${lost}; ${reason}`));
    }
  }

  async transfer(body: z.infer<(typeof bodies)["transfer"]>): Promise<EppResponse> {
    const route = routeOf(this.deps.registries, body.name);
    if (!route) return this.unsupported(body.name, 2303);
    const cmd: Extract<EppCommand, { kind: "domain:transfer" }> = {
      kind: "domain:transfer",
      op: body.op,
      name: body.name,
    };
    if (body.op === "request") {
      cmd.period = body.period ?? { unit: "y", value: 1 };
      const auth = pw(body.authInfo);
      if (auth === undefined)
        return envelope(2003, "Required parameter missing", this.clTRID, "authInfo: required for a transfer request");
      cmd.authInfo = auth;
    }
    let answer: EppResponse;
    try {
      answer = await route.link.send(cmd, this.clTRID);
    } catch (error) {
      if (body.op !== "request" || !mayHaveBeenSent(error)) return failureEnvelope(error, this.clTRID);
      const lost = `the transfer request's answer was lost (${describe(error)})`;
      const query = await this.ask(route, { kind: "domain:transfer", op: "query", name: body.name });
      const data = query?.resData ?? {};
      if (
        query !== null &&
        query.result.code === 1000 &&
        text(data.reID) === route.clID &&
        text(data.trStatus) === "pending"
      ) {
        answer = this.followed(route, "domain:transfer", {
          ...envelope(
            1001,
            "Command completed successfully; action pending (confirmed by a transfer query after the answer was lost)",
            this.clTRID,
          ),
          resData: data,
        });
      } else if (query === null) {
        return this.followed(
          route,
          "domain:transfer",
          envelope(2400, "Command failed", this.clTRID, `${lost}; outcome unknown (query failed)`),
        );
      } else {
        return this.followed(
          route,
          "domain:transfer",
          envelope(
            2400,
            "Command failed",
            this.clTRID,
            `${lost}; the transfer query shows no pending request of ours: not requested`,
          ),
        );
      }
    }
    if (body.op === "request" && answer.result.code < 2000 && body.registrant) {
      this.deps.owners?.rememberName(body.name, body.registrant);
    }
    return answer;
  }

  async update(body: z.infer<(typeof bodies)["update"]>): Promise<EppResponse> {
    const route = routeOf(this.deps.registries, body.name);
    if (!route) return this.unsupported(body.name, 2303);
    if (body.rgp) return this.restore(route, body.name);
    const cmd: Extract<EppCommand, { kind: "domain:update" }> = { kind: "domain:update", name: body.name };
    if (body.add && (body.add.ns?.length || body.add.status?.length)) cmd.add = body.add;
    if (body.rem && (body.rem.ns?.length || body.rem.status?.length)) cmd.rem = body.rem;
    const auth = pw(body.chg?.authInfo);
    if (auth !== undefined) cmd.chg = { authInfo: auth };
    if (body.secDNS) {
      const secDNS: NonNullable<typeof cmd.secDNS> = {};
      const rem = body.secDNS.rem;
      if (rem && "all" in rem) secDNS.remAll = true;
      else if (rem && rem.dsData.length > 0) secDNS.rem = rem.dsData;
      if (body.secDNS.add && body.secDNS.add.dsData.length > 0) secDNS.add = body.secDNS.add.dsData;
      if (secDNS.remAll || secDNS.rem || secDNS.add) cmd.secDNS = secDNS;
    }
    if (!cmd.add && !cmd.rem && !cmd.chg && !cmd.secDNS) {
      return envelope(2003, "Required parameter missing", this.clTRID, "nothing to update: add, rem, chg or secDNS");
    }
    return this.send(route, cmd);
  }

  /** RFC 3915: restore request, then the report with the registration's data before and after. */
  private async restore(route: RegistryRoute, name: string): Promise<EppResponse> {
    const before = await this.send(route, { kind: "domain:info", name, hosts: "all" }, undefined);
    if (before.result.code >= 2000) return { ...before, trID: { ...before.trID, clTRID: this.clTRID } };
    const request = await this.send(route, { kind: "domain:update", name, rgp: { op: "request" } });
    if (request.result.code >= 2000) return request;
    const after = await this.send(route, { kind: "domain:info", name, hosts: "all" }, undefined);
    const pre = before.resData ?? {};
    const post = after.resData ?? pre;
    const at = this.now().toISOString();
    const summary = (data: Record<string, unknown>) =>
      JSON.stringify({
        name: data.name,
        registrant: data.registrant,
        ns: data.ns,
        status: data.status,
        crDate: data.crDate,
        exDate: data.exDate,
      });
    const report: RgpReport = {
      preData: summary(pre),
      postData: summary(post),
      delTime: text(pre.upDate) ?? at,
      resTime: at,
      resReason: "Registrant requested restore of the domain name.",
      statements: [
        "This registrar has not restored the domain name in order to assume the rights to use or sell the name for itself or for any third party.",
        "The information in this report is true to best of this registrar's knowledge, and this registrar acknowledges that intentionally supplying false information in this report shall constitute an incurable material breach of the Registry-Registrar Agreement.",
      ],
    };
    const filed = await this.send(route, { kind: "domain:update", name, rgp: { op: "report", report } });
    if (filed.result.code >= 2000) {
      return {
        ...filed,
        result: { ...filed.result, msg: `${filed.result.msg} (restore requested; the restore report was refused)` },
      };
    }
    return { ...filed, result: { ...request.result, msg: `${request.result.msg} (restore requested and reported)` } };
  }

  async delete(name: string): Promise<EppResponse> {
    const route = routeOf(this.deps.registries, name);
    if (!route) return this.unsupported(name, 2303);
    try {
      return await route.link.send({ kind: "domain:delete", name }, this.clTRID);
    } catch (error) {
      if (!mayHaveBeenSent(error)) return failureEnvelope(error, this.clTRID);
      const lost = `the delete's answer was lost (${describe(error)})`;
      const info = await this.ask(route, { kind: "domain:info", name, hosts: "none" });
      if (info === null)
        return this.followed(
          route,
          "domain:delete",
          envelope(2400, "Command failed", this.clTRID, `${lost}; outcome unknown (info failed)`),
        );
      if (info.result.code === 2303) {
        return this.followed(
          route,
          "domain:delete",
          envelope(
            1000,
            "Command completed successfully (purged; confirmed by info after the answer was lost)",
            this.clTRID,
          ),
        );
      }
      const data = info.resData ?? {};
      const statuses = [
        ...(Array.isArray(data.status) ? data.status : []),
        ...(Array.isArray(data.rgpStatus) ? data.rgpStatus : []),
      ].map((entry) => (typeof entry === "string" ? entry : (text(record(entry).s) ?? "")));
      if (statuses.some((status) => status === "pendingDelete" || status === "redemptionPeriod")) {
        return this.followed(
          route,
          "domain:delete",
          envelope(
            1001,
            "Command completed successfully; action pending (confirmed by info after the answer was lost)",
            this.clTRID,
          ),
        );
      }
      return this.followed(
        route,
        "domain:delete",
        envelope(2400, "Command failed", this.clTRID, `${lost}; info shows the name still registered: not deleted`),
      );
    }
  }
}
