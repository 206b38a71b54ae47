/**
 * The real registry adapter: a registrar/EPP gateway reached over HTTPS with a bearer token.
 * Workers cannot hold an EPP session (no TLS client certificates, no allow-listable egress
 * IPs, no sockets shared across requests — DESIGN §5, external-services.md §6), so an EPP
 * proxy runs elsewhere and speaks JSON to us: one POST per EPP command, the command's fields
 * as JSON, the EPP result code and resData back. The wire contract is in ./README.md.
 */
import { decimalToCents } from "../../../../core/money";
import { eppContact } from "./epp-contact";
import {
  addYears,
  EXPIRING_SOON_DAYS,
  MAX_CHECK_NAMES,
  MAX_YEARS,
  TRANSFER_YEARS,
  assertLabel,
  assertTld,
  assertYears,
  isoDate,
  maxRenewalYears,
  normaliseDsRecords,
  normaliseNameservers,
  splitName,
} from "./lifecycle";
import {
  RegistryError,
  type RegistryAdapter,
  type RegistryCheck,
  type RegistryDomainInfo,
  type RegistryDomainStatus,
  type RegistryErrorCode,
  type RegistryTransfer,
} from "./types";

export interface HttpRegistryConfig {
  /** Base URL of the gateway, e.g. "https://epp-gateway.example.net/v1". */
  baseUrl?: string;
  /** Bearer token the gateway expects. */
  token?: string;
  /** Our EPP client id (clID) at the registries: tells names we sponsor from the others. */
  clientId?: string;
  fetch?: typeof fetch;
  now?: () => Date;
  /** Names per check command (registries cap it); default 100. */
  checkBatchSize?: number;
  /** Per-request time limit; default 15 s. */
  timeoutMs?: number;
}

type Command = "check" | "info" | "create" | "renew" | "transfer" | "update" | "delete";
type TransferOp = "request" | "query" | "approve" | "reject" | "cancel";

interface EppAnswer {
  code: number;
  msg: string;
  reason?: string;
  resData: Record<string, unknown>;
}

const DAY_MS = 86_400_000;
const CHECK_CONCURRENCY = 4;

export function createHttpRegistry(config: HttpRegistryConfig): RegistryAdapter {
  const fetcher = config.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const now = config.now ?? (() => new Date());
  const batchSize = Math.max(1, Math.min(config.checkBatchSize ?? 100, MAX_CHECK_NAMES));
  const timeoutMs = config.timeoutMs ?? 15_000;

  function settings(): { base: string; token: string; clientId: string } {
    const missing = [
      config.baseUrl ? null : "REGISTRY_API_URL",
      config.token ? null : "REGISTRY_API_TOKEN",
      config.clientId ? null : "REGISTRY_CLIENT_ID",
    ].filter((name): name is string => name !== null);
    if (missing.length > 0) {
      throw new RegistryError(
        "unavailable",
        `The registry service is unreachable: it is not configured (set ${missing.join(", ")}).`,
      );
    }
    let base: URL;
    try {
      base = new URL(config.baseUrl ?? "");
    } catch {
      throw new RegistryError("unavailable", `The registry service is unreachable: REGISTRY_API_URL is not a URL.`);
    }
    return { base: base.href.replace(/\/+$/, ""), token: config.token ?? "", clientId: config.clientId ?? "" };
  }

  /** One EPP command through the gateway; a 1xxx result is returned, anything else thrown. */
  async function call(command: Command, body: Record<string, unknown>, op?: TransferOp): Promise<EppAnswer> {
    const { base, token } = settings();
    const clTRID = `trinity-${crypto.randomUUID()}`;
    let response: Response;
    try {
      response = await fetcher(`${base}/domain/${command}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ ...body, clTRID }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new RegistryError(
        "unavailable",
        timedOut
          ? `The registry service is unreachable: no answer within ${Math.round(timeoutMs / 1000)} s.`
          : `The registry service is unreachable (${error instanceof Error ? error.message : String(error)}). Please try again later.`,
      );
    }
    let payload: unknown;
    try {
      payload = await response.json();
    } catch {
      payload = null;
    }
    const answer = readAnswer(payload);
    if (answer === null) {
      if (response.status === 401 || response.status === 403) {
        throw new RegistryError("unavailable", "The registry service is unreachable: it refused our credentials.");
      }
      throw new RegistryError(
        "unavailable",
        `The registry service is unreachable: it answered HTTP ${response.status} without an EPP result.`,
      );
    }
    if (answer.code >= 1000 && answer.code < 2000) return answer;
    throw eppError(answer, command, op);
  }

  async function infoOrNull(name: string): Promise<RegistryDomainInfo | null> {
    try {
      const answer = await call("info", { name, hosts: "all" });
      return toInfo(answer.resData, settings().clientId, now());
    } catch (error) {
      if (error instanceof RegistryError && error.code === "not_found") return null;
      throw error;
    }
  }

  async function infoOf(name: string): Promise<RegistryDomainInfo> {
    const info = await infoOrNull(name);
    if (info === null) throw new RegistryError("not_found", `${name} is not registered.`);
    return info;
  }

  async function transfer(
    name: string,
    op: TransferOp,
    extra: Record<string, unknown> = {},
  ): Promise<RegistryTransfer> {
    splitName(name);
    const answer = await call("transfer", { op, name, ...extra }, op);
    return toTransfer(answer.resData, name, settings().clientId);
  }

  async function checkChunk(names: string[]): Promise<RegistryCheck[]> {
    const answer = await call("check", { names });
    const cd = Array.isArray(answer.resData.cd) ? (answer.resData.cd as unknown[]) : [];
    const byName = new Map<string, RegistryCheck>();
    for (const entry of cd) {
      const parsed = toCheck(entry);
      if (parsed !== null) byName.set(parsed.name, parsed);
    }
    return names.map((name) => {
      const found = byName.get(name);
      if (found === undefined) {
        throw new RegistryError("unavailable", `The registry service answered the check without ${name}.`);
      }
      return found;
    });
  }

  const adapter: RegistryAdapter = {
    async check(names) {
      if (names.length > MAX_CHECK_NAMES) {
        throw new RegistryError("invalid_input", `At most ${MAX_CHECK_NAMES} names can be checked at once.`);
      }
      names.forEach(splitName);
      const unique = [...new Set(names)];
      const chunks: string[][] = [];
      for (let index = 0; index < unique.length; index += batchSize)
        chunks.push(unique.slice(index, index + batchSize));
      const answers = new Map<string, RegistryCheck>();
      for (let index = 0; index < chunks.length; index += CHECK_CONCURRENCY) {
        const results = await Promise.all(chunks.slice(index, index + CHECK_CONCURRENCY).map(checkChunk));
        for (const result of results.flat()) answers.set(result.name, result);
      }
      return names.map((name) => {
        const found = answers.get(name);
        if (found === undefined)
          throw new RegistryError("unavailable", `The registry service answered the check without ${name}.`);
        return { ...found };
      });
    },

    async checkLabel(label, tlds) {
      assertLabel(label);
      tlds.forEach(assertTld);
      return adapter.check(tlds.map((tld) => `${label}.${tld}`));
    },

    async info(name) {
      splitName(name);
      return infoOrNull(name);
    },

    async create(input) {
      splitName(input.name);
      assertYears(input.years, 1, MAX_YEARS, "registration");
      const nameservers = normaliseNameservers(input.nameservers ?? [], true);
      try {
        await call("create", {
          name: input.name,
          period: { unit: "y", value: input.years },
          ns: nameservers,
          registrant: input.ownerId,
          ...(input.registrant ? { contact: eppContact(input.registrant) } : {}),
          authInfo: { pw: generatedAuthInfo() },
        });
      } catch (error) {
        // 2302 (exists) for a name we sponsor for this very owner: our own earlier create went
        // through and its answer was lost (a retry after a time-out). Not "taken": it is theirs.
        if (!(error instanceof RegistryError && error.eppCode === 2302)) throw error;
        const existing = await infoOrNull(input.name);
        if (!existing?.heldHere || existing.ownerId !== input.ownerId) throw error;
        if (input.locked === false || existing.locked) return existing;
      }
      if (input.locked !== false) {
        await call("update", { name: input.name, add: { status: ["clientTransferProhibited"] } });
      }
      return infoOf(input.name);
    },

    async renew(input) {
      splitName(input.name);
      assertYears(input.years, 1, MAX_YEARS, "renewal");
      const curExpDate = isoDate(input.currentExpiry);
      if (curExpDate === null) throw new RegistryError("invalid_input", `"${input.currentExpiry}" is not a date.`);
      try {
        await call("renew", { name: input.name, curExpDate, period: { unit: "y", value: input.years } });
      } catch (error) {
        // 2306/2105 after a lost answer: curExpDate no longer matches because our renewal went
        // through. When the expiry moved by exactly these years, that renewal is the answer.
        if (!(error instanceof RegistryError && (error.eppCode === 2306 || error.eppCode === 2105))) throw error;
        const current = await infoOrNull(input.name);
        const renewedTo = isoDate(addYears(`${curExpDate}T00:00:00.000Z`, input.years));
        if (!current?.heldHere || isoDate(current.expiresAt) !== renewedTo) throw error;
        return current;
      }
      return infoOf(input.name);
    },

    async transferRequest(input) {
      assertYears(input.years, TRANSFER_YEARS, TRANSFER_YEARS, "transfer");
      if (input.authCode.trim() === "") {
        throw new RegistryError("invalid_input", "The transfer auth code (EPP code) is required.");
      }
      const result = await transfer(input.name, "request", {
        period: { unit: "y", value: TRANSFER_YEARS },
        authInfo: { pw: input.authCode.trim() },
        registrant: input.ownerId,
        ...(input.registrant ? { contact: eppContact(input.registrant) } : {}),
      });
      return { ...result, ownerId: input.ownerId };
    },

    async transferQuery(name) {
      try {
        return await transfer(name, "query");
      } catch (error) {
        // 2303: no such name; 2301: no transfer to report.
        if (error instanceof RegistryError && (error.eppCode === 2303 || error.eppCode === 2301)) return null;
        throw error;
      }
    },

    transferApprove: (name) => transfer(name, "approve"),
    transferReject: (name) => transfer(name, "reject"),
    transferCancel: (name) => transfer(name, "cancel"),

    async setLock(name, locked) {
      splitName(name);
      const change = { status: ["clientTransferProhibited"] };
      await call("update", locked ? { name, add: change } : { name, rem: change });
      return infoOf(name);
    },

    async setNameservers(name, nameservers) {
      splitName(name);
      const wanted = normaliseNameservers(nameservers);
      const current = await infoOf(name);
      if (!current.heldHere) throw new RegistryError("not_held_here", `${name} is registered with another registrar.`);
      const add = wanted.filter((host) => !current.nameservers.includes(host));
      const rem = current.nameservers.filter((host) => !wanted.includes(host));
      if (add.length > 0 || rem.length > 0) {
        await call("update", {
          name,
          ...(add.length > 0 ? { add: { ns: add } } : {}),
          ...(rem.length > 0 ? { rem: { ns: rem } } : {}),
        });
      }
      return infoOf(name);
    },

    async setDsRecords(name, ds) {
      splitName(name);
      const records = normaliseDsRecords(ds);
      const current = await infoOf(name);
      if (!current.heldHere) throw new RegistryError("not_held_here", `${name} is registered with another registrar.`);
      // secDNS update (RFC 5910 §3.2.5): remove all, then add the wanted set, in one command.
      await call("update", {
        name,
        secDNS: {
          rem: { all: true },
          ...(records.length > 0
            ? {
                add: {
                  dsData: records.map((record) => {
                    const [keyTag, alg, digestType, digest] = record.split(" ");
                    return { keyTag: Number(keyTag), alg: Number(alg), digestType: Number(digestType), digest };
                  }),
                },
              }
            : {}),
        },
      });
      return infoOf(name);
    },

    async getAuthCode(name) {
      splitName(name);
      const answer = await call("info", { name, hosts: "none" });
      const info = toInfo(answer.resData, settings().clientId, now());
      const pw = authInfoOf(answer.resData);
      if (!info.heldHere || pw === null) {
        throw new RegistryError("not_held_here", `${name} is registered with another registrar.`);
      }
      return pw;
    },

    async delete(name) {
      splitName(name);
      const before = await infoOf(name);
      await call("delete", { name });
      // 1001: the name entered the redemption grace period; 1000 may purge it at once.
      const after = await infoOrNull(name);
      return after ?? { ...before, status: "deleted", maxRenewalYears: 0 };
    },

    async restore(name) {
      splitName(name);
      await call("update", { name, chg: {}, rgp: { restore: { op: "request" } } });
      return infoOf(name);
    },
  };
  return adapter;
}

// --- reading the gateway's answers ----------------------------------------------------------------

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

function readAnswer(payload: unknown): EppAnswer | null {
  const body = record(payload);
  const result = record(body?.result);
  const code = Number(result?.code);
  if (!body || !result || !Number.isInteger(code) || code < 1000 || code > 2599) return null;
  const answer: EppAnswer = { code, msg: text(result.msg) ?? "", resData: record(body.resData) ?? {} };
  const reason = text(result.reason);
  if (reason !== undefined) answer.reason = reason;
  return answer;
}

/** EPP booleans: 1/0, true/false, as numbers, booleans or strings. */
function eppBoolean(value: unknown): boolean | null {
  if (value === true || value === 1 || value === "1" || value === "true") return true;
  if (value === false || value === 0 || value === "0" || value === "false") return false;
  return null;
}

function toCheck(value: unknown): RegistryCheck | null {
  const entry = record(value);
  const name = text(entry?.name)?.toLowerCase();
  const avail = eppBoolean(entry?.avail);
  if (!entry || name === undefined || avail === null) return null;
  const fee = record(entry.fee);
  const premium = text(fee?.class)?.toLowerCase() === "premium";
  if (!avail) {
    const reason = (text(entry.reason) ?? "").toLowerCase();
    if (
      /unsupported|not supported|not offered|unknown (tld|zone|extension)|not authori[sz]ed for (tld|zone)/.test(reason)
    ) {
      return { name, available: false, reason: "unsupported_tld", premium: false };
    }
    if (/reserv|restrict|blocked/.test(reason)) return { name, available: false, reason: "reserved", premium: false };
  }
  const result: RegistryCheck = avail
    ? { name, available: true, premium }
    : { name, available: false, reason: "registered", premium };
  if (premium) {
    const create = money(fee?.create);
    const renew = money(fee?.renew);
    if (create !== null) result.premiumPriceCents = create;
    if (renew !== null) result.premiumRenewalCents = renew;
  }
  return result;
}

function money(value: unknown): number | null {
  return typeof value === "string" || typeof value === "number" ? decimalToCents(value) : null;
}

function statusesOf(data: Record<string, unknown>, key: string): string[] {
  const list = Array.isArray(data[key]) ? (data[key] as unknown[]) : [];
  return list
    .map((entry) => (typeof entry === "string" ? entry : text(record(entry)?.s)))
    .filter((entry): entry is string => entry !== undefined);
}

function isoOrUndefined(value: unknown): string | undefined {
  const raw = text(value);
  if (raw === undefined) return undefined;
  const ms = Date.parse(raw);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

function authInfoOf(data: Record<string, unknown>): string | null {
  const authInfo = data.authInfo;
  return text(authInfo) ?? text(record(authInfo)?.pw) ?? null;
}

function toInfo(data: Record<string, unknown>, clientId: string, at: Date): RegistryDomainInfo {
  const name = text(data.name)?.toLowerCase();
  const createdAt = isoOrUndefined(data.crDate);
  const expiresAt = isoOrUndefined(data.exDate);
  if (name === undefined || createdAt === undefined || expiresAt === undefined) {
    throw new RegistryError("unavailable", "The registry service answered info without name, crDate or exDate.");
  }
  const statuses = statusesOf(data, "status");
  const rgp = statusesOf(data, "rgpStatus");
  const sponsor = text(data.clID) ?? "";
  const heldHere = sponsor === clientId;
  let status: RegistryDomainStatus;
  if (statuses.includes("pendingCreate")) status = "pending";
  else if (rgp.includes("redemptionPeriod") || rgp.includes("pendingRestore")) status = "redemption";
  else if (rgp.includes("pendingDelete") || statuses.includes("pendingDelete")) status = "pending_delete";
  else if (statuses.includes("pendingTransfer")) status = heldHere ? "transfer_out_pending" : "pending_transfer";
  else if (statuses.includes("serverHold") || statuses.includes("clientHold")) status = "suspended";
  else if (rgp.includes("autoRenewPeriod") || Date.parse(expiresAt) <= at.getTime()) status = "grace_period";
  else status = Date.parse(expiresAt) - at.getTime() <= EXPIRING_SOON_DAYS * DAY_MS ? "expiring_soon" : "active";
  const ns = Array.isArray(data.ns) ? (data.ns as unknown[]) : [];
  const info: RegistryDomainInfo = {
    name,
    status,
    registrar: text(data.registrarName) ?? sponsor,
    createdAt,
    expiresAt,
    updatedAt: isoOrUndefined(data.upDate) ?? createdAt,
    locked: statuses.includes("clientTransferProhibited"),
    transferable: !statuses.includes("serverTransferProhibited"),
    heldHere,
    nameservers: ns
      .map((host) => (typeof host === "string" ? host : text(record(host)?.hostObj ?? record(host)?.hostName)))
      .filter((host): host is string => host !== undefined)
      .map((host) => host.toLowerCase()),
    maxRenewalYears:
      heldHere && (status === "active" || status === "expiring_soon" || status === "grace_period")
        ? maxRenewalYears(expiresAt, at)
        : 0,
  };
  const transferredAt = isoOrUndefined(data.trDate);
  if (transferredAt !== undefined) info.transferredAt = transferredAt;
  // RFC 5910 secDNS infData, DS data interface, as the gateway answers it: [{keyTag, alg, digestType, digest}].
  const dsData = record(data.secDNS)?.dsData;
  if (Array.isArray(dsData)) {
    info.ds = dsData.flatMap((entry) => {
      const ds = record(entry);
      const parts = [ds?.keyTag, ds?.alg, ds?.digestType, ds?.digest].map((part) => text(part) ?? String(part ?? ""));
      return parts.every((part) => part !== "") ? [parts.join(" ")] : [];
    });
  }
  const registrant = text(data.registrant);
  if (heldHere && registrant !== undefined) info.ownerId = registrant;
  return info;
}

const TRANSFER_STATUS: Record<string, Pick<RegistryTransfer, "status" | "resolvedBy">> = {
  pending: { status: "pending" },
  clientApproved: { status: "approved", resolvedBy: "client" },
  serverApproved: { status: "approved", resolvedBy: "server" },
  clientRejected: { status: "rejected", resolvedBy: "client" },
  clientCancelled: { status: "cancelled", resolvedBy: "client" },
  serverCancelled: { status: "cancelled", resolvedBy: "server" },
};

function toTransfer(data: Record<string, unknown>, name: string, clientId: string): RegistryTransfer {
  const trStatus = TRANSFER_STATUS[text(data.trStatus) ?? ""];
  const requestedAt = isoOrUndefined(data.reDate);
  const actionBy = isoOrUndefined(data.acDate);
  const gaining = text(data.reID);
  const losing = text(data.acID);
  if (!trStatus || !requestedAt || !actionBy || !gaining || !losing) {
    throw new RegistryError(
      "unavailable",
      "The registry service answered the transfer without trStatus, reID, reDate, acID or acDate.",
    );
  }
  const result: RegistryTransfer = {
    name: text(data.name)?.toLowerCase() ?? name,
    direction: gaining === clientId ? "in" : "out",
    ...trStatus,
    gainingRegistrar: gaining,
    losingRegistrar: losing,
    requestedAt,
    actionBy,
    years: TRANSFER_YEARS,
    expiresAt: isoOrUndefined(data.exDate) ?? actionBy,
  };
  if (trStatus.status !== "pending") result.resolvedAt = actionBy;
  return result;
}

/** EPP result codes (RFC 5730 §3) → RegistryError codes; the mapping table is in ./README.md. */
function eppError(answer: EppAnswer, command: Command, op?: TransferOp): RegistryError {
  const detail = [answer.msg, answer.reason].filter(Boolean).join(": ") || `EPP result ${answer.code}`;
  const period = command === "create" || command === "renew" || (command === "transfer" && op === "request");
  let code: RegistryErrorCode;
  switch (answer.code) {
    case 2303:
      code = "not_found";
      break;
    case 2302:
      code = "not_available";
      break;
    case 2201:
      code = "not_held_here";
      break;
    case 2202:
      code = "invalid_auth_code";
      break;
    case 2106:
      code = "not_transferable";
      break;
    case 2105:
      code = "invalid_period";
      break;
    case 2300:
      code = "pending_transfer";
      break;
    case 2304:
      code =
        command === "transfer" && op === "request"
          ? /serverTransferProhibited/i.test(detail)
            ? "not_transferable"
            : "locked"
          : "invalid_state";
      break;
    case 2306:
      code = command === "create" ? "not_available" : period ? "invalid_period" : "invalid_input";
      break;
    case 2004:
      code = period && /period|year/i.test(detail) ? "invalid_period" : "invalid_input";
      break;
    case 2001:
    case 2003:
    case 2005:
      code = "invalid_input";
      break;
    case 2301:
    case 2305:
    case 2308:
      code = "invalid_state";
      break;
    default:
      // 2000/2100–2104 (gateway and registry disagree, billing), 2200 (our login), 2400, 25xx.
      return new RegistryError(
        "unavailable",
        `The registry service is unreachable or refused the command (${answer.code} ${detail}). Please try again later.`,
        answer.code,
      );
  }
  return new RegistryError(code, `${detail} (EPP ${answer.code})`, answer.code);
}

function generatedAuthInfo(): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#";
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => alphabet[byte % 64]).join("");
}
