// The embedded provisioning default (DESIGN §5): a D1 ledger of simulated servers whose status is
// worked out from stored timestamps and the clock, walking the SPEC §4 statuses:
//   created → pending (2 s) → provisioning (3 s) → installing (5 s) → running
//   reboot → rebooting (5 s) → running;  poweroff → stopped;  poweron → running
//   rebuild → installing (5 s) → running;  delete → terminated
// A hostname starting with "sim-error" ends in `error` after installing (to show and test the
// error state, as the test cards do for payments). Addresses come from documentation ranges
// (192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24, 2001:db8::/32): nothing real is reachable.
import type { ServerStatus } from "../../../../core/servers";
import {
  ProvisioningError,
  type CreateServerInput,
  type PowerAction,
  type ProvisionedServer,
  type ProvisioningAdapter,
} from "./types";

export const SIMULATED_STEPS_MS = { pending: 2_000, provisioning: 3_000, installing: 5_000, rebooting: 5_000 } as const;

interface SimRow {
  id: string;
  reference: string;
  hostname: string;
  created_at: string;
  action: string | null;
  action_at: string | null;
  power: "on" | "off";
  deleted_at: string | null;
  ipv4: string;
  ipv6: string;
}

/** The status of a simulated server at `now` (pure; exported for the unit tests). */
export function simulatedStatus(
  row: Pick<SimRow, "hostname" | "created_at" | "action" | "action_at" | "power" | "deleted_at">,
  now: Date,
): ServerStatus {
  if (row.deleted_at) return "terminated";
  const t = now.getTime();
  const created = Date.parse(row.created_at);
  const S = SIMULATED_STEPS_MS;
  const installDone = created + S.pending + S.provisioning + S.installing;
  const failing = row.hostname.startsWith("sim-error");
  if (t < created + S.pending) return "pending";
  if (t < created + S.pending + S.provisioning) return "provisioning";
  if (t < installDone) return "installing";
  if (failing && !row.action) return "error";
  const actionAt = row.action_at ? Date.parse(row.action_at) : 0;
  switch (row.action) {
    case "reboot":
      if (t < actionAt + S.rebooting) return "rebooting";
      break;
    case "rebuild":
      if (t < actionAt + S.installing) return "installing";
      break;
    default:
      break;
  }
  return row.power === "off" ? "stopped" : "running";
}

function addressFor(id: string): { ipv4: string; ipv6: string } {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const nets = ["192.0.2", "198.51.100", "203.0.113"];
  return { ipv4: `${nets[hash % 3]}.${(hash % 253) + 1}`, ipv6: `2001:db8:${(hash & 0xffff).toString(16)}::1` };
}

function randomPassword(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join("");
}

export function createSimulatedProvisioning(db: D1Database, now: () => Date = () => new Date()): ProvisioningAdapter {
  const view = (row: SimRow, rootPassword: string | null = null): ProvisionedServer => ({
    providerId: row.id,
    reference: row.reference,
    status: simulatedStatus(row, now()),
    ipv4: row.deleted_at ? null : row.ipv4,
    ipv6: row.deleted_at ? null : row.ipv6,
    rootPassword,
  });
  const load = (id: string) => db.prepare("SELECT * FROM sim_servers WHERE id = ?1").bind(id).first<SimRow>();

  return {
    name: "simulated",
    async create(input: CreateServerInput) {
      const id = `sim-${crypto.randomUUID()}`;
      const { ipv4, ipv6 } = addressFor(id);
      // The reference is unique: a second create for the same order item answers the first server.
      await db
        .prepare(
          "INSERT OR IGNORE INTO sim_servers (id, reference, hostname, created_at, power, ipv4, ipv6) VALUES (?1, ?2, ?3, ?4, 'on', ?5, ?6)",
        )
        .bind(id, input.reference, input.hostname, now().toISOString(), ipv4, ipv6)
        .run();
      const row = await db
        .prepare("SELECT * FROM sim_servers WHERE reference = ?1")
        .bind(input.reference)
        .first<SimRow>();
      if (!row) throw new ProvisioningError("unavailable", "The simulated provider lost the server it just created.");
      return view(row, row.id === id ? randomPassword() : null);
    },
    async findByReference(reference) {
      const row = await db.prepare("SELECT * FROM sim_servers WHERE reference = ?1").bind(reference).first<SimRow>();
      return row ? view(row) : null;
    },
    async get(providerId) {
      const row = await load(providerId);
      return row ? view(row) : null;
    },
    async action(providerId: string, action: PowerAction) {
      const row = await load(providerId);
      if (!row || row.deleted_at) throw new ProvisioningError("not_found", "No such server at the provider.");
      const power = action === "poweroff" ? "off" : "on";
      await db
        .prepare("UPDATE sim_servers SET action = ?2, action_at = ?3, power = ?4 WHERE id = ?1")
        .bind(providerId, action, now().toISOString(), power)
        .run();
      return { rootPassword: action === "rebuild" ? randomPassword() : null };
    },
    async delete(providerId) {
      await db
        .prepare("UPDATE sim_servers SET deleted_at = COALESCE(deleted_at, ?2), power = 'off' WHERE id = ?1")
        .bind(providerId, now().toISOString())
        .run();
    },
  };
}
