// Servers (issue 11): fulfilment of server order items through the provisioning port, the status
// shown (the provider's, unless billing stopped the server), power actions, and the lifecycle job
// (expired after expires_at unless renewed; terminated after the grace period).
import { CYCLE_MONTHS } from "../../../core/servers/catalogue";
import { parseItemDetails, type ServerItemDetails } from "../../../core/servers/item-details";
import { addMonths } from "../../../core/servers/pricing";
import { parseSshPublicKey, sshFingerprint } from "../../../core/servers/ssh-key";
import { actionAllowed, type ServerAction, type ServerStatus } from "../../../core/servers/status";
import { centsToDecimal } from "../../../core/money";
import { ProvisioningError, type PowerAction } from "../adapters/provisioning";
import { getServer, insertServerOnce, serversDueForLifecycle, updateServer, type ServerRow } from "../db/servers";
import type { OrderItemRow, OrderRow } from "../db/orders";
import type { ApiEnv } from "../env";
import { ApiError } from "../errors";
import type { ApiServices } from "../services";
import { findPlan, serverCatalogue } from "./catalogue";
import { openPassword, sealPassword } from "./secret";
import { translateApiText, type ApiLocale } from "../texts";

/** An expired server is kept (stopped) this long for a renewal before it is deleted. */
export const SERVER_GRACE_DAYS = 14;
const DAY_MS = 86_400_000;
/** Statuses set by billing, not by the provider: the provider is not asked while in them. */
const BILLING_STATUSES: readonly ServerStatus[] = ["expired", "terminated", "suspended", "cancelled"];
/** Statuses that move on their own: refreshed from the provider on every read. */
const MOVING: readonly ServerStatus[] = [
  "pending",
  "provisioning",
  "configuring",
  "installing",
  "deploying",
  "rebooting",
  "migrating",
  "updating",
  "shutoff",
];
const REFRESH_AFTER_MS = 5 * 60_000;

export const serverNotFound = () => new ApiError(404, "server_not_found", "No such server in your account.");

/** `locale`: the language of the texts in the view (the failed renewal's reason). */
export function serverView(row: ServerRow, locale: ApiLocale = "en") {
  const plan = findPlan(row.plan);
  const os = row.os ? (serverCatalogue().operating_systems.find((entry) => entry.id === row.os) ?? null) : null;
  const datacenter = serverCatalogue().datacenters.find((dc) => dc.id === row.datacenter) ?? null;
  return {
    id: row.id,
    hostname: row.hostname,
    kind: row.kind,
    arch: row.arch,
    status: row.status,
    plan: {
      id: row.plan,
      name: plan?.name ?? row.plan,
      cpu_cores: plan?.cpu_cores ?? null,
      cpu_model: plan?.cpu_model ?? null,
      ram_gb: plan?.ram_gb ?? null,
      disk_gb: plan?.disk_gb ?? null,
      disk_type: plan?.disk_type ?? null,
      traffic_tb: plan?.traffic_tb ?? null,
      gpu: plan?.gpu ?? null,
      websites: plan?.websites ?? null,
    },
    os: row.os ? { id: row.os, name: os?.name ?? row.os } : null,
    datacenter: { id: row.datacenter, city: datacenter?.city ?? null, country: datacenter?.country ?? null },
    ipv4: row.ipv4,
    ipv6: row.ipv6,
    ssh_key_fingerprint: row.ssh_key_fingerprint,
    has_root_password: row.root_password_enc !== null,
    billing_cycle: row.cycle,
    auto_renew: row.auto_renew === 1,
    /** The last failed auto-renewal charge (tried again a day later), or null. */
    renew_error: row.renew_error === null ? null : translateApiText(locale, "renewal", row.renew_error),
    renew_error_at: row.renew_error_at,
    price: centsToDecimal(row.price_cents),
    expires_at: row.expires_at,
    grace_ends_at: new Date(Date.parse(row.expires_at) + SERVER_GRACE_DAYS * DAY_MS).toISOString(),
    last_action: row.action,
    last_action_at: row.action_at,
    order_id: row.order_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
export type ServerView = ReturnType<typeof serverView>;

/** Brings the row in line with the provider when its status may have moved; answers the fresh row. */
export async function refreshServer(
  env: ApiEnv,
  services: ApiServices,
  row: ServerRow,
  force = false,
): Promise<ServerRow> {
  if (BILLING_STATUSES.includes(row.status)) return row;
  const now = services.now();
  const stale = now.getTime() - Date.parse(row.updated_at) > REFRESH_AFTER_MS;
  if (!force && !MOVING.includes(row.status) && !stale && row.provider_id) return row;
  try {
    const remote = row.provider_id
      ? await services.provisioning.get(row.provider_id)
      : await services.provisioning.findByReference(row.order_item_id);
    if (!remote) {
      if (!row.provider_id) return row;
      await updateServer(env.DB, row.id, { status: "error" }, now);
      return { ...row, status: "error" };
    }
    const patch = { status: remote.status, ipv4: remote.ipv4, ipv6: remote.ipv6, provider_id: remote.providerId };
    if (
      patch.status === row.status &&
      patch.ipv4 === row.ipv4 &&
      patch.ipv6 === row.ipv6 &&
      patch.provider_id === row.provider_id &&
      !stale
    )
      return row;
    await updateServer(env.DB, row.id, patch, now);
    return { ...row, ...patch, updated_at: now.toISOString() };
  } catch (error) {
    // The provider is down: show what we knew.
    if (error instanceof ProvisioningError) return row;
    throw error;
  }
}

export async function ownServer(env: ApiEnv, services: ApiServices, userId: string, id: string): Promise<ServerRow> {
  if (!/^[0-9a-f-]{36}$/u.test(id)) throw serverNotFound();
  const row = await getServer(env.DB, userId, id);
  if (!row) throw serverNotFound();
  return refreshServer(env, services, row);
}

/**
 * What an invoice or the billing history prints for a server line (SPEC §3: plan, hostname,
 * datacenter, specs, billing cycle), from the order item's details and the catalogue.
 */
export function serverLineFacts(raw: string | null) {
  const details = parseItemDetails(raw);
  if (!details) return null;
  const plan = findPlan(details.plan);
  const datacenter = serverCatalogue().datacenters.find((dc) => dc.id === details.datacenter) ?? null;
  const os = details.os ? (serverCatalogue().operating_systems.find((entry) => entry.id === details.os) ?? null) : null;
  return {
    plan: details.plan,
    plan_name: plan?.name ?? details.plan,
    hostname: details.hostname,
    datacenter: details.datacenter,
    datacenter_city: datacenter?.city ?? null,
    os: os?.name ?? details.os,
    billing_cycle: details.cycle,
    months: CYCLE_MONTHS[details.cycle] ?? null,
    specs: plan
      ? { cpu_cores: plan.cpu_cores, ram_gb: plan.ram_gb, disk_gb: plan.disk_gb, gpu: plan.gpu?.model ?? null }
      : null,
  };
}
export type ServerLineFacts = ReturnType<typeof serverLineFacts>;

/**
 * Carries out a server order item. Idempotent: the row is keyed by the item id and the provider
 * is asked for a server with that reference before creating one, so a fulfilment resumed after a
 * crash (between create and the row update) finds the server instead of making a second.
 */
export async function fulfilServerItem(
  env: ApiEnv,
  services: ApiServices,
  order: OrderRow,
  item: OrderItemRow,
): Promise<{ ok: true; result: unknown } | { ok: false; code: string }> {
  const details = parseItemDetails(item.details);
  if (!details) return { ok: false, code: "invalid_server_order" };
  const now = services.now();
  if (item.operation === "renewal") return renewServerItem(env, services, order, details);
  const plan = findPlan(details.plan);
  if (!plan) return { ok: false, code: "plan_unavailable" };
  const key = details.ssh_key ? parseSshPublicKey(details.ssh_key) : null;
  const row = await insertServerOnce(
    env.DB,
    {
      user_id: order.user_id,
      order_id: order.id,
      order_item_id: item.id,
      plan: plan.id,
      kind: plan.kind,
      arch: plan.arch,
      os: details.os,
      datacenter: details.datacenter,
      hostname: details.hostname,
      ssh_key_fingerprint: key?.ok ? await sshFingerprint(key.key) : null,
      provider: services.provisioning.name,
      cycle: details.cycle,
      price_cents: item.total_cents,
      expires_at: addMonths(now, CYCLE_MONTHS[details.cycle]).toISOString(),
    },
    now,
  );
  if (row.provider_id) return { ok: true, result: { serverId: row.id } };
  try {
    const existing = await services.provisioning.findByReference(item.id);
    const remote =
      existing ??
      (await services.provisioning.create({
        reference: item.id,
        hostname: details.hostname,
        serverType: plan.provider_type,
        image: details.os,
        location: details.datacenter,
        sshKey: details.ssh_key,
      }));
    await updateServer(
      env.DB,
      row.id,
      {
        provider_id: remote.providerId,
        status: remote.status,
        ipv4: remote.ipv4,
        ipv6: remote.ipv6,
        root_password_enc: remote.rootPassword ? await sealPassword(env, remote.rootPassword) : undefined,
      },
      now,
    );
    return { ok: true, result: { serverId: row.id } };
  } catch (error) {
    if (error instanceof ProvisioningError && error.code === "invalid_input") {
      await updateServer(env.DB, row.id, { status: "failed" }, now);
      return { ok: false, code: "provisioning_failed" };
    }
    // Unreachable provider: the order stays fulfilling and the scheduled job tries again.
    throw error;
  }
}

async function renewServerItem(
  env: ApiEnv,
  services: ApiServices,
  order: OrderRow,
  details: ServerItemDetails,
): Promise<{ ok: true; result: unknown } | { ok: false; code: string }> {
  const now = services.now();
  const row = details.server_id ? await getServer(env.DB, order.user_id, details.server_id) : null;
  if (!row || row.status === "terminated" || row.status === "cancelled") return { ok: false, code: "server_not_found" };
  // Already renewed by this order: the expiry moved on since the line was added.
  if (details.current_expiry && row.expires_at !== details.current_expiry)
    return { ok: true, result: { serverId: row.id, expiresAt: row.expires_at } };
  // Stopped for non-payment (expired, or suspended after a declined auto-renewal): the new period starts now.
  const stopped = row.status === "expired" || row.status === "suspended";
  const from = new Date(Math.max(Date.parse(row.expires_at), stopped ? now.getTime() : 0));
  const expiresAt = addMonths(from, CYCLE_MONTHS[details.cycle]).toISOString();
  await updateServer(
    env.DB,
    row.id,
    {
      expires_at: expiresAt,
      cycle: details.cycle,
      renew_error: null,
      renew_error_at: null,
      renew_attempt: 0,
      reminded_days: null,
      reminded_for: null,
    },
    now,
  );
  if (stopped) {
    // Back from expiry or suspension: power it on again and let the provider say how it is.
    await updateServer(env.DB, row.id, { status: "pending" }, now);
    if (row.provider_id) {
      try {
        await services.provisioning.action(row.provider_id, "poweron");
      } catch (error) {
        if (!(error instanceof ProvisioningError)) throw error;
      }
      await refreshServer(env, services, { ...row, status: "pending", expires_at: expiresAt }, true);
    }
  }
  return { ok: true, result: { serverId: row.id, expiresAt } };
}

const PROVIDER_ACTION: Record<ServerAction, PowerAction> = {
  reboot: "reboot",
  stop: "poweroff",
  start: "poweron",
  reinstall: "rebuild",
};

/** Runs a power action on the user's server (status checked first); answers the fresh row. */
export async function runServerAction(
  env: ApiEnv,
  services: ApiServices,
  userId: string,
  id: string,
  action: ServerAction,
): Promise<ServerRow> {
  const row = await ownServer(env, services, userId, id);
  if (row.status === "suspended") {
    throw new ApiError(
      409,
      "server_suspended",
      "This server is suspended because its renewal was not paid. Pay the renewal or contact support.",
      [{ path: "action", message: "not allowed while suspended" }],
    );
  }
  if (row.kind === "hosting" && action !== "reinstall" && action !== "reboot")
    throw new ApiError(409, "invalid_state", "Hosting accounts cannot be stopped or started.");
  if (!row.provider_id || !actionAllowed(action, row.status)) {
    throw new ApiError(409, "invalid_state", `The server is ${row.status}: it cannot ${action} now.`, [
      { path: "action", message: `not allowed while ${row.status}` },
    ]);
  }
  const now = services.now();
  let rootPassword: string | null;
  try {
    ({ rootPassword } = await services.provisioning.action(row.provider_id, PROVIDER_ACTION[action], row.os));
  } catch (error) {
    if (error instanceof ProvisioningError) {
      throw new ApiError(
        error.code === "not_found" ? 404 : error.code === "conflict" ? 409 : 503,
        error.code === "unavailable" ? "provider_unavailable" : error.code,
        error.message,
      );
    }
    throw error;
  }
  await updateServer(
    env.DB,
    row.id,
    {
      action,
      action_at: now.toISOString(),
      root_password_enc: rootPassword ? await sealPassword(env, rootPassword) : undefined,
    },
    now,
  );
  return refreshServer(env, services, { ...row, action, action_at: now.toISOString() }, true);
}

export async function revealRootPassword(env: ApiEnv, row: ServerRow): Promise<string> {
  if (!row.root_password_enc)
    throw new ApiError(
      404,
      "root_password_unavailable",
      "This server has no root password on record (sign in with your SSH key, or reinstall to get a new one).",
    );
  return openPassword(env, row.root_password_enc);
}

/**
 * The expiry step of the servers job (workers/api/jobs/server-lifecycle.ts): a server past
 * expires_at is stopped and marked expired — or suspended when its auto-renewal is on and the
 * charge was declined (unpaid: "contact support"); one still stopped SERVER_GRACE_DAYS later is
 * deleted at the provider and marked terminated. Idempotent: each step checks the stored status first.
 */
export async function expireServers(env: ApiEnv, services: ApiServices): Promise<Record<string, number>> {
  const now = services.now();
  const counts = { expired: 0, suspended: 0, terminated: 0, failed: 0 };
  for (const row of await serversDueForLifecycle(env.DB, now, SERVER_GRACE_DAYS * DAY_MS, 200)) {
    try {
      const graceOver = Date.parse(row.expires_at) + SERVER_GRACE_DAYS * DAY_MS <= now.getTime();
      if ((row.status === "expired" || row.status === "suspended") && graceOver) {
        if (row.provider_id) await services.provisioning.delete(row.provider_id);
        await updateServer(
          env.DB,
          row.id,
          {
            status: "terminated",
            terminated_at: now.toISOString(),
            ipv4: null,
            ipv6: null,
            root_password_enc: null,
            auto_renew: 0,
          },
          now,
        );
        counts.terminated += 1;
      } else if (row.status !== "expired" && row.status !== "suspended") {
        await stopForBilling(
          env,
          services,
          row,
          row.auto_renew === 1 && row.renew_error !== null ? "suspended" : "expired",
        );
        counts[row.auto_renew === 1 && row.renew_error !== null ? "suspended" : "expired"] += 1;
      }
    } catch (error) {
      console.error("server lifecycle", row.id, error);
      counts.failed += 1;
    }
  }
  return counts;
}

/** Powers the server off at the provider and marks it stopped by billing (expired or suspended). */
export async function stopForBilling(
  env: ApiEnv,
  services: ApiServices,
  row: ServerRow,
  status: "expired" | "suspended",
): Promise<void> {
  if (row.provider_id) {
    try {
      await services.provisioning.action(row.provider_id, "poweroff");
    } catch (error) {
      if (!(error instanceof ProvisioningError && error.code === "not_found")) throw error;
    }
  }
  await updateServer(env.DB, row.id, { status }, services.now());
}
