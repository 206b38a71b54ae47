// The simulated registry's SQL: reads and guarded writes of its D1 ledger
// (migrations/0002_registry.sql). Every change that touches more than one row is one
// `db.batch()` (one transaction), guarded by the row's write token `rev`.
import { TRANSFER_AUTO_APPROVE_DAYS, TRANSFER_YEARS, addDays } from "./lifecycle";
import type { Changes, DomainRow, LedgerHit, PremiumPrice, Standing, TransferRow } from "./simulated-ledger";

/** The extensions of a JSON array that are not in the catalogue: usually none, so nothing to send back. */
const UNSUPPORTED_TLDS_SQL =
  "SELECT DISTINCT value AS tld FROM json_each(?1) WHERE value NOT IN (SELECT tld FROM tlds)";

/** What an availability check needs, read in one round trip. */
export interface AvailabilityFacts<K> {
  hits: Map<K, LedgerHit>;
  reserved: Set<string>;
  premium: Map<K, PremiumPrice>;
  unsupported: Set<string>;
}

export type LedgerSql = ReturnType<typeof createLedgerSql>;

export function createLedgerSql(db: D1Database) {
  /** Statement that applies only when this batch's own row update went through. */
  function afterRowChange(
    sql: string,
    name: string,
    rev: string,
    values: (string | number | null)[],
  ): D1PreparedStatement {
    const base = values.length;
    return db
      .prepare(`${sql} AND EXISTS (SELECT 1 FROM registry_domains WHERE name = ?${base + 1} AND rev = ?${base + 2})`)
      .bind(...values, name, rev);
  }

  return {
    /** The ledger row of a name and its latest transfer. */
    async read(name: string): Promise<{ row: DomainRow | null; latest: TransferRow | null }> {
      const [domains, transfers] = await db.batch([
        db.prepare("SELECT * FROM registry_domains WHERE name = ?1").bind(name),
        db.prepare("SELECT * FROM registry_transfers WHERE name = ?1 ORDER BY id DESC LIMIT 1").bind(name),
      ]);
      if (!domains || !transfers) throw new Error("D1 batch: a statement has no result");
      return {
        row: (domains.results as DomainRow[])[0] ?? null,
        latest: (transfers.results as TransferRow[])[0] ?? null,
      };
    },

    /** The registry cancels a pending transfer as of its action date (serverCancelled). */
    async cancelByServer(transfer: TransferRow): Promise<void> {
      await db
        .prepare(
          `UPDATE registry_transfers SET status = 'cancelled', resolved_by = 'server', resolved_at = ?1
            WHERE id = ?2 AND status = 'pending'`,
        )
        .bind(transfer.action_by, transfer.id)
        .run();
    },

    /** UPDATE of one ledger row, guarded by the write token it was read with. */
    update(row: DomainRow, changes: Changes, rev: string, at: Date): D1PreparedStatement {
      const columns = Object.keys(changes) as (keyof Changes)[];
      const assignments = columns.map((column, index) => `${column} = ?${index + 1}`);
      const base = columns.length;
      return db
        .prepare(
          `UPDATE registry_domains SET ${[...assignments, `rev = ?${base + 1}`, `updated_at = ?${base + 2}`].join(", ")}
            WHERE name = ?${base + 3} AND rev = ?${base + 4}`,
        )
        .bind(...columns.map((column) => changes[column] ?? null), rev, at.toISOString(), row.name, row.rev);
    },

    /** Runs `statements` (the one at `checked` guarded by the row's token); false when someone else changed the row first. */
    async commit(statements: D1PreparedStatement[], checked = 0): Promise<boolean> {
      const results = await db.batch(statements);
      return (results[checked]?.meta.changes ?? 0) === 1;
    },

    /** Marks a pending transfer approved (in the batch of its row's update). */
    approveTransfer(
      name: string,
      rev: string,
      transfer: TransferRow,
      by: "client" | "server",
      when: string,
      expiresAt: string,
    ): D1PreparedStatement {
      return afterRowChange(
        `UPDATE registry_transfers SET status = 'approved', resolved_by = ?1, resolved_at = ?2, expires_at = ?3
          WHERE id = ?4 AND status = 'pending'`,
        name,
        rev,
        [by, when, expiresAt, transfer.id],
      );
    },

    /** Marks a pending transfer rejected or cancelled by us (in the batch of its row's update). */
    closeTransfer(
      name: string,
      rev: string,
      transfer: TransferRow,
      status: "rejected" | "cancelled",
      when: string,
    ): D1PreparedStatement {
      return afterRowChange(
        `UPDATE registry_transfers SET status = ?1, resolved_by = 'client', resolved_at = ?2 WHERE id = ?3 AND status = 'pending'`,
        name,
        rev,
        [status, when, transfer.id],
      );
    },

    /** A new pending transfer (in the batch of its row's update; none when one is pending already). */
    insertTransfer(
      standing: Standing,
      rev: string,
      at: Date,
      transfer: { direction: "in" | "out"; gaining: string; losing: string; ownerId: string | null },
    ): D1PreparedStatement {
      return afterRowChange(
        `INSERT INTO registry_transfers
           (name, direction, status, gaining_registrar, losing_registrar, owner_id, years, requested_at, action_by)
         SELECT ?1, ?2, 'pending', ?3, ?4, ?5, ?6, ?7, ?8
          WHERE NOT EXISTS (SELECT 1 FROM registry_transfers WHERE name = ?1 AND status = 'pending')`,
        standing.row.name,
        rev,
        [
          standing.row.name,
          transfer.direction,
          transfer.gaining,
          transfer.losing,
          transfer.ownerId,
          TRANSFER_YEARS,
          at.toISOString(),
          addDays(at.toISOString(), TRANSFER_AUTO_APPROVE_DAYS),
        ],
      );
    },

    /** The statements of a registration: the released old row goes (with its transfer history), the new one comes. */
    register(
      old: DomainRow | null,
      domain: {
        name: string;
        label: string;
        tld: string;
        registrar: string;
        when: string;
        expiresAt: string;
        locked: boolean;
        ownerId: string;
        authCode: string;
        nameservers: string[];
        rev: string;
      },
    ): { statements: D1PreparedStatement[]; checked: number } {
      const statements: D1PreparedStatement[] = [];
      if (old !== null) {
        statements.push(
          db.prepare("DELETE FROM registry_domains WHERE name = ?1 AND rev = ?2").bind(domain.name, old.rev),
        );
      }
      statements.push(
        db
          .prepare(
            `INSERT OR IGNORE INTO registry_domains
               (name, label, tld, status, registrar, created_at, expires_at, locked, transferable, held_here,
                owner_id, auth_code, nameservers, rev, updated_at)
             VALUES (?1, ?2, ?3, 'active', ?4, ?5, ?6, ?7, 1, 1, ?8, ?9, ?10, ?11, ?5)`,
          )
          .bind(
            domain.name,
            domain.label,
            domain.tld,
            domain.registrar,
            domain.when,
            domain.expiresAt,
            domain.locked ? 1 : 0,
            domain.ownerId,
            domain.authCode,
            JSON.stringify(domain.nameservers),
            domain.rev,
          ),
        afterRowChange("DELETE FROM registry_transfers WHERE name = ?1", domain.name, domain.rev, [domain.name]),
      );
      return { statements, checked: old === null ? 0 : 1 };
    },

    /** The catalogue's `max_years` of an extension (undefined when not offered) and whether a label is reserved in it. */
    async registrable(label: string, tld: string): Promise<{ maxYears: number | undefined; reserved: boolean }> {
      const [catalogue, reserved] = await db.batch([
        db.prepare("SELECT max_years FROM tlds WHERE tld = ?1").bind(tld),
        db
          .prepare("SELECT 1 AS hit FROM registry_reserved WHERE label = ?1 AND tld IN (?2, '*') LIMIT 1")
          .bind(label, tld),
      ]);
      if (!catalogue || !reserved) throw new Error("D1 batch: a statement has no result");
      return {
        maxYears: (catalogue.results as { max_years: number }[])[0]?.max_years,
        reserved: reserved.results.length > 0,
      };
    },

    /** The facts of many names, keyed by name (reserved as "label.tld" and "label.*"). */
    async namesFacts(names: string[], parsed: { label: string; tld: string }[]): Promise<AvailabilityFacts<string>> {
      const json = (values: string[]) => JSON.stringify([...new Set(values)]);
      const [domains, reserved, premium, catalogue] = await db.batch([
        db
          .prepare(
            "SELECT name, held_here, expires_at, deleted_at FROM registry_domains WHERE name IN (SELECT value FROM json_each(?1))",
          )
          .bind(json(names)),
        db
          .prepare("SELECT label, tld FROM registry_reserved WHERE label IN (SELECT value FROM json_each(?1))")
          .bind(json(parsed.map((entry) => entry.label))),
        db
          .prepare(
            "SELECT name, price_cents, renewal_cents FROM registry_premium WHERE name IN (SELECT value FROM json_each(?1))",
          )
          .bind(json(names)),
        db.prepare(UNSUPPORTED_TLDS_SQL).bind(json(parsed.map((entry) => entry.tld))),
      ]);
      if (!domains || !reserved || !premium || !catalogue) throw new Error("D1 batch: a statement has no result");
      return {
        hits: new Map((domains.results as LedgerHit[]).map((hit) => [hit.name, hit])),
        reserved: new Set((reserved.results as { label: string; tld: string }[]).map((r) => `${r.label}.${r.tld}`)),
        premium: new Map((premium.results as ({ name: string } & PremiumPrice)[]).map((p) => [p.name, p] as const)),
        unsupported: new Set((catalogue.results as { tld: string }[]).map((row) => row.tld)),
      };
    },

    /**
     * The facts of one label across extensions, keyed by TLD (reserved by TLD or "*"): one round
     * trip, three index lookups on the label and one probe of the catalogue's key per extension
     * that returns only the unsupported ones.
     */
    async labelFacts(label: string, tlds: string[]): Promise<AvailabilityFacts<string>> {
      const [domains, reserved, premium, catalogue] = await db.batch([
        db
          .prepare("SELECT name, tld, held_here, expires_at, deleted_at FROM registry_domains WHERE label = ?1")
          .bind(label),
        db.prepare("SELECT tld FROM registry_reserved WHERE label = ?1").bind(label),
        db.prepare("SELECT tld, price_cents, renewal_cents FROM registry_premium WHERE label = ?1").bind(label),
        db.prepare(UNSUPPORTED_TLDS_SQL).bind(JSON.stringify([...new Set(tlds)])),
      ]);
      if (!domains || !reserved || !premium || !catalogue) throw new Error("D1 batch: a statement has no result");
      return {
        hits: new Map((domains.results as (LedgerHit & { tld: string })[]).map((hit) => [hit.tld, hit])),
        reserved: new Set((reserved.results as { tld: string }[]).map((row) => row.tld)),
        premium: new Map((premium.results as ({ tld: string } & PremiumPrice)[]).map((p) => [p.tld, p] as const)),
        unsupported: new Set((catalogue.results as { tld: string }[]).map((row) => row.tld)),
      };
    },
  };
}
