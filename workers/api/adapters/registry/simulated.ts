/**
 * The simulated registry (DESIGN §5): the default registry adapter, no network, no account.
 * A D1 ledger (migrations/0002_registry.sql) of names registered here and elsewhere, reserved
 * and premium names, transfers with auth codes, and the expiry lifecycle — all driven by the
 * injected clock, so reads need no cron job. This file wires the registry port: the rules are
 * ./simulated-ledger.ts (the state machine) and ./simulated-auth-code.ts, the SQL ./simulated-sql.ts.
 */
import {
  MAX_CHECK_NAMES,
  MAX_YEARS,
  TRANSFER_YEARS,
  addYears,
  assertLabel,
  assertTld,
  assertYears,
  normaliseDsRecords,
  normaliseNameservers,
  splitName,
} from "./lifecycle";
import { randomAuthCode } from "./simulated-auth-code";
import {
  approvedTransferChanges,
  assertChangeable,
  assertDeletable,
  assertTransferable,
  checkAnswer,
  conflict,
  dueTransfer,
  notHeldHere,
  renewedExpiry,
  restoredExpiry,
  settleableTransfer,
  stand,
  toInfo,
  toTransfer,
  type DomainRow,
  type Standing,
  type TransferRow,
} from "./simulated-ledger";
import { createLedgerSql } from "./simulated-sql";
import {
  RegistryError,
  type RegistryAdapter,
  type RegistryCreateInput,
  type RegistryDomainInfo,
  type RegistryRenewInput,
  type RegistryTransfer,
  type RegistryTransferInput,
} from "./types";

export { simulatedAuthCode } from "./simulated-auth-code";

/** Our registrar's name in the ledger (the sponsor of names held here). */
export const SIMULATED_REGISTRAR = "Trinity Registrar";

export interface SimulatedRegistry extends RegistryAdapter {
  /**
   * Simulation only: another registrar asks for a name held here (with its auth code). The
   * transfer shows as `transfer_out_pending` until we approve or reject it, or the registry
   * approves it after 5 days.
   */
  requestTransferOut(input: { name: string; authCode: string; gainingRegistrar: string }): Promise<RegistryTransfer>;
}

export interface SimulatedRegistryOptions {
  /** Our registrar's name in the ledger; default SIMULATED_REGISTRAR. */
  registrarName?: string;
}

export function createSimulatedRegistry(
  db: D1Database,
  now: () => Date = () => new Date(),
  options: SimulatedRegistryOptions = {},
): SimulatedRegistry {
  const ourRegistrar = options.registrarName ?? SIMULATED_REGISTRAR;
  const sql = createLedgerSql(db);

  // --- reading ------------------------------------------------------------------------------------

  /**
   * The row and latest transfer of a name, after letting the registry approve a transfer whose
   * 5 days ran out. `standing` is null when the name is not registered (or was released; `row`
   * then still holds the old row so create can replace it).
   */
  async function load(
    name: string,
  ): Promise<{ row: DomainRow | null; latest: TransferRow | null; standing: Standing | null; at: Date }> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const at = now();
      const { row, latest } = await sql.read(name);
      if (row === null) return { row, latest, standing: null, at };
      const due = dueTransfer(row, latest, at);
      if (due !== null) {
        // Settled as of its action date, then read again.
        if ("approve" in due) await settleApproved(due.approve, due.transfer, "server", due.when);
        else await sql.cancelByServer(due.cancel);
        continue;
      }
      return { row, latest, standing: stand(row, latest, at), at };
    }
    throw conflict(name);
  }

  async function registered(name: string): Promise<{ standing: Standing; latest: TransferRow | null; at: Date }> {
    splitName(name);
    const { standing, latest, at } = await load(name);
    if (standing === null) throw new RegistryError("not_found", `${name} is not registered.`);
    return { standing, latest, at };
  }

  /** A name held here and not past the grace period (redemption and pending delete refuse). */
  async function heldHere(
    name: string,
    action: string,
  ): Promise<{ standing: Standing; latest: TransferRow | null; at: Date }> {
    const found = await registered(name);
    assertChangeable(found.standing, name, action);
    return found;
  }

  async function infoOf(name: string): Promise<RegistryDomainInfo> {
    const { standing, at } = await load(name);
    if (standing === null) throw new RegistryError("not_found", `${name} is not registered.`);
    return toInfo(standing, at);
  }

  async function transferOf(name: string): Promise<RegistryTransfer> {
    const { standing, latest, at } = await load(name);
    if (latest === null) throw new RegistryError("invalid_state", `${name} has no transfer.`);
    return toTransfer(latest, standing, at);
  }

  // --- writing ------------------------------------------------------------------------------------

  /** Load, decide, write; again from the start when the row changed in between. */
  async function change(name: string, attemptOnce: () => Promise<boolean>): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      if (await attemptOnce()) return;
    }
    throw conflict(name);
  }

  async function settleApproved(
    standing: Standing,
    transfer: TransferRow,
    by: "client" | "server",
    at: Date,
  ): Promise<boolean> {
    const rev = crypto.randomUUID();
    const { changes, expiresAt } = approvedTransferChanges(standing, transfer, at, ourRegistrar, randomAuthCode());
    return sql.commit([
      sql.update(standing.row, changes, rev, at),
      sql.approveTransfer(standing.row.name, rev, transfer, by, at.toISOString(), expiresAt),
    ]);
  }

  async function settle(name: string, outcome: "approve" | "reject" | "cancel"): Promise<RegistryTransfer> {
    await change(name, async () => {
      const { standing, latest, at } = await registered(name);
      const pending = settleableTransfer(standing, latest, name, outcome);
      if (outcome === "approve") return settleApproved(standing, pending, "client", at);
      const rev = crypto.randomUUID();
      return sql.commit([
        sql.update(standing.row, {}, rev, at),
        sql.closeTransfer(name, rev, pending, outcome === "reject" ? "rejected" : "cancelled", at.toISOString()),
      ]);
    });
    return transferOf(name);
  }

  async function availableOrThrow(name: string): Promise<{ row: DomainRow | null; maxYears: number; at: Date }> {
    const { label, tld } = splitName(name);
    const extension = await sql.registrable(label, tld);
    if (extension.maxYears === undefined)
      throw new RegistryError("not_available", `.${tld} is not an extension we offer.`);
    if (extension.reserved) throw new RegistryError("not_available", `${name} is reserved by the registry.`);
    const { row, standing, at } = await load(name);
    if (standing !== null) throw new RegistryError("not_available", `${name} is already registered.`);
    return { row, maxYears: Math.min(MAX_YEARS, extension.maxYears), at };
  }

  // --- the port -------------------------------------------------------------------------------------

  return {
    async check(names) {
      if (names.length > MAX_CHECK_NAMES) {
        throw new RegistryError("invalid_input", `At most ${MAX_CHECK_NAMES} names can be checked at once.`);
      }
      if (names.length === 0) return [];
      const parsed = names.map((name) => ({ name, ...splitName(name) }));
      const at = now();
      const facts = await sql.namesFacts(names, parsed);
      return parsed.map(({ name, label, tld }) =>
        checkAnswer(
          name,
          {
            supported: !facts.unsupported.has(tld),
            reserved: facts.reserved.has(`${label}.${tld}`) || facts.reserved.has(`${label}.*`),
            hit: facts.hits.get(name),
            premium: facts.premium.get(name),
          },
          at,
        ),
      );
    },

    async checkLabel(label, tlds) {
      assertLabel(label);
      tlds.forEach(assertTld);
      if (tlds.length === 0) return [];
      const at = now();
      const facts = await sql.labelFacts(label, tlds);
      return tlds.map((tld) =>
        checkAnswer(
          `${label}.${tld}`,
          {
            supported: !facts.unsupported.has(tld),
            reserved: facts.reserved.has(tld) || facts.reserved.has("*"),
            hit: facts.hits.get(tld),
            premium: facts.premium.get(tld),
          },
          at,
        ),
      );
    },

    async info(name) {
      splitName(name);
      const { standing, at } = await load(name);
      return standing === null ? null : toInfo(standing, at);
    },

    async create(input: RegistryCreateInput) {
      const { name } = input;
      const { label, tld } = splitName(name);
      if (typeof input.ownerId !== "string" || input.ownerId === "") {
        throw new RegistryError("invalid_input", "A registration needs the owner's id.");
      }
      const nameservers = normaliseNameservers(input.nameservers ?? [], true);
      await change(name, async () => {
        const { row, maxYears, at } = await availableOrThrow(name);
        assertYears(input.years, 1, maxYears, "registration");
        const when = at.toISOString();
        const { statements, checked } = sql.register(row, {
          name,
          label,
          tld,
          registrar: ourRegistrar,
          when,
          expiresAt: addYears(when, input.years),
          locked: input.locked !== false,
          ownerId: input.ownerId,
          authCode: randomAuthCode(),
          nameservers,
          rev: crypto.randomUUID(),
        });
        return sql.commit(statements, checked);
      });
      return infoOf(name);
    },

    async renew(input: RegistryRenewInput) {
      const { name } = input;
      await change(name, async () => {
        const { standing, at } = await heldHere(name, "renew it");
        const expiresAt = renewedExpiry(standing, name, input, at);
        return sql.commit([sql.update(standing.row, { expires_at: expiresAt }, crypto.randomUUID(), at)]);
      });
      return infoOf(name);
    },

    async transferRequest(input: RegistryTransferInput) {
      const { name } = input;
      assertYears(input.years, TRANSFER_YEARS, TRANSFER_YEARS, "transfer");
      if (typeof input.ownerId !== "string" || input.ownerId === "") {
        throw new RegistryError("invalid_input", "A transfer needs the owner's id.");
      }
      await change(name, async () => {
        const { standing, at } = await registered(name);
        if (standing.held) throw new RegistryError("already_held_here", `${name} is already registered with us.`);
        await assertTransferable(standing, input.authCode, at);
        const rev = crypto.randomUUID();
        return sql.commit([
          sql.update(standing.row, {}, rev, at),
          sql.insertTransfer(standing, rev, at, {
            direction: "in",
            gaining: ourRegistrar,
            losing: standing.row.registrar,
            ownerId: input.ownerId,
          }),
        ]);
      });
      return transferOf(name);
    },

    async requestTransferOut(input) {
      const { name } = input;
      await change(name, async () => {
        const { standing, at } = await registered(name);
        if (!standing.held) throw notHeldHere(name);
        await assertTransferable(standing, input.authCode, at);
        const rev = crypto.randomUUID();
        return sql.commit([
          sql.update(standing.row, {}, rev, at),
          sql.insertTransfer(standing, rev, at, {
            direction: "out",
            gaining: input.gainingRegistrar,
            losing: ourRegistrar,
            ownerId: null,
          }),
        ]);
      });
      return transferOf(name);
    },

    async transferQuery(name) {
      splitName(name);
      const { standing, latest, at } = await load(name);
      return latest === null ? null : toTransfer(latest, standing, at);
    },

    transferApprove(name) {
      return settle(name, "approve");
    },

    transferReject(name) {
      return settle(name, "reject");
    },

    transferCancel(name) {
      return settle(name, "cancel");
    },

    async setLock(name, locked) {
      await change(name, async () => {
        const { standing, at } = await heldHere(name, "change its lock");
        if ((standing.row.locked === 1) === locked) return true;
        return sql.commit([sql.update(standing.row, { locked: locked ? 1 : 0 }, crypto.randomUUID(), at)]);
      });
      return infoOf(name);
    },

    async setNameservers(name, nameservers) {
      const hosts = normaliseNameservers(nameservers);
      await change(name, async () => {
        const { standing, at } = await heldHere(name, "change its nameservers");
        return sql.commit([sql.update(standing.row, { nameservers: JSON.stringify(hosts) }, crypto.randomUUID(), at)]);
      });
      return infoOf(name);
    },

    async setDsRecords(name, ds) {
      const records = normaliseDsRecords(ds);
      await change(name, async () => {
        const { standing, at } = await heldHere(name, "change its DNSSEC records");
        return sql.commit([sql.update(standing.row, { ds: JSON.stringify(records) }, crypto.randomUUID(), at)]);
      });
      return infoOf(name);
    },

    async getAuthCode(name) {
      const { standing } = await heldHere(name, "transfer it");
      if (standing.row.auth_code === null) throw notHeldHere(name);
      return standing.row.auth_code;
    },

    async delete(name) {
      await change(name, async () => {
        const { standing, at } = await registered(name);
        assertDeletable(standing, name);
        return sql.commit([sql.update(standing.row, { deleted_at: at.toISOString() }, crypto.randomUUID(), at)]);
      });
      return infoOf(name);
    },

    async restore(name) {
      await change(name, async () => {
        const { standing, at } = await registered(name);
        const expiresAt = restoredExpiry(standing, name, at);
        return sql.commit([
          sql.update(standing.row, { deleted_at: null, expires_at: expiresAt }, crypto.randomUUID(), at),
        ]);
      });
      return infoOf(name);
    },
  };
}
