// The domain lifecycle job (issue 14), run by scheduled() every 5 minutes: for the customer's
// domains that are close to or past expiry, or waiting on the registry, it
//  1. brings each row in line with the registry (dates, pending transfers settled, transferred out);
//  2. auto-renews (one year) the ones with auto-renewal on, 7 days or less before expiry or in the
//     grace period: charges the default card off-session, then renews at the registry; a failed
//     charge is recorded on the domain (shown on its page) and mailed, and tried again a day later;
//  3. mails the reminders 30, 7 and 1 days before expiry (each once per expiry date).
// Idempotent: the charge's idempotency key and the registry's current-expiry check make a second
// run (or a run stopped half-way) neither charge nor renew twice.
import { daysUntil, domainStatusOf } from "../../../core/my-domains";
import { loadCatalogue } from "../db/catalogue";
import { customerRefFor, defaultPaymentMethod } from "../db/payment-methods";
import { updateUserDomain, type UserDomainRow } from "../db/user-domains";
import { findUserById } from "../db/users";
import type { ApiEnv } from "../env";
import { syncWithRegistry } from "../routes/my-domains";
import type { ApiServices } from "../services";

const DAY_MS = 86_400_000;
export const REMINDER_DAYS = [30, 7, 1] as const;
export const AUTO_RENEW_DAYS = 7;
/** A failed auto-renewal charge is tried again this long after (domains and servers). */
export const RETRY_AFTER_MS = DAY_MS;
const BATCH = 200;

/** What a reminder is computed from (user_domains and servers have these columns). */
export type ReminderState = Pick<UserDomainRow, "reminded_days" | "reminded_for"> & { expires_at: string | null };

/** The reminder due for a domain or server `days` before expiry (the smallest threshold reached), or null. */
export function reminderDue(row: ReminderState, days: number): number | null {
  if (days <= 0 || days > REMINDER_DAYS[0]) return null;
  const threshold = [...REMINDER_DAYS].reverse().find((limit) => days <= limit) ?? null;
  if (threshold === null) return null;
  const already = row.reminded_for === row.expires_at && row.reminded_days !== null && row.reminded_days <= threshold;
  return already ? null : threshold;
}

export async function runDomainLifecycle(env: ApiEnv, services: ApiServices): Promise<Record<string, number>> {
  const now = services.now();
  const horizon = new Date(now.getTime() + (REMINDER_DAYS[0] + 1) * DAY_MS).toISOString();
  const counts = { synced: 0, renewed: 0, renewFailed: 0, reminded: 0 };
  const [{ results: dueRows }, { results: waiting }] = await env.DB.batch<UserDomainRow>([
    env.DB.prepare(
      "SELECT * FROM user_domains WHERE expires_at <= ?1 AND status IN ('active', 'transfer_out_pending') AND deleted_at IS NULL ORDER BY expires_at LIMIT ?2",
    ).bind(horizon, BATCH),
    env.DB.prepare("SELECT * FROM user_domains WHERE status IN ('pending', 'pending_transfer', 'transfer_out_pending') LIMIT ?1").bind(BATCH),
  ]);
  const seen = new Set<string>();
  for (const original of [...waiting, ...dueRows]) {
    if (seen.has(original.id)) continue;
    seen.add(original.id);
    try {
      const info = await services.registry.info(original.name);
      const row = await syncWithRegistry(env.DB, original, info, now);
      if (row !== original) counts.synced += 1;
      const status = domainStatusOf(row, now);
      if (status !== "expiring_soon" && status !== "grace_period" && status !== "active") continue;
      const days = daysUntil(row.expires_at, now);
      if (days === null) continue;
      if (row.auto_renew === 1 && days <= AUTO_RENEW_DAYS) {
        const retryBlocked = row.renew_error_at !== null && Date.parse(row.renew_error_at) + RETRY_AFTER_MS > now.getTime();
        if (!retryBlocked) {
          const outcome = await autoRenew(env, services, row, now);
          counts[outcome === "renewed" ? "renewed" : "renewFailed"] += 1;
          if (outcome === "renewed") continue;
        }
      }
      const due = reminderDue(row, days);
      if (due !== null) {
        await remind(env, services, row, days);
        await updateUserDomain(env.DB, row.user_id, row.id, { reminded_days: due, reminded_for: row.expires_at }, now);
        counts.reminded += 1;
      }
    } catch (error) {
      console.error("domain lifecycle", original.name, error);
    }
  }
  return counts;
}

/** Why an off-session auto-renewal charge did not go through, for the customer (domains and servers). */
export function declineReason(code: string): string {
  return code === "authentication_required" ? "Your bank asks you to confirm this payment; renew it yourself." : `The card was declined (${code}).`;
}

export async function mailUser(env: ApiEnv, services: ApiServices, userId: string, subject: string, text: string): Promise<void> {
  const user = await findUserById(env.DB, userId);
  if (user) await services.mail.send({ to: user.email, subject, text });
}

async function remind(env: ApiEnv, services: ApiServices, row: UserDomainRow, days: number): Promise<void> {
  const when = row.expires_at?.slice(0, 10) ?? "";
  const next =
    row.auto_renew === 1
      ? "Auto-renewal is on: we will renew it with your default card 7 days before it expires."
      : `Renew it in your account: My domains → ${row.unicode} → Renew.`;
  await mailUser(env, services, row.user_id, `${row.unicode} expires in ${days} day${days === 1 ? "" : "s"}`, `Your domain ${row.unicode} expires on ${when} (UTC).\n\n${next}\n`);
}

/** Charges one year off-session and renews; answers what happened (the row records a failure). */
async function autoRenew(env: ApiEnv, services: ApiServices, row: UserDomainRow, now: Date): Promise<"renewed" | "failed"> {
  const fail = async (reason: string) => {
    await updateUserDomain(env.DB, row.user_id, row.id, { renew_error: reason, renew_error_at: now.toISOString() }, now);
    await mailUser(
      env,
      services,
      row.user_id,
      `Auto-renewal of ${row.unicode} failed`,
      `We could not renew ${row.unicode} automatically: ${reason}\n\nIt expires on ${row.expires_at?.slice(0, 10)} (UTC). Update your card or renew it yourself in My domains.\n`,
    );
    return "failed" as const;
  };
  const { payments, registry } = services;
  const user = await findUserById(env.DB, row.user_id);
  const card = await defaultPaymentMethod(env.DB, row.user_id, payments.provider);
  if (!user || !card) return fail("No saved payment method.");
  const priced = (await loadCatalogue(env.DB)).byTld.get(row.tld);
  if (!priced || row.expires_at === null) return fail("Pricing is not available for this extension.");
  const amountCents = priced.renewal_cents + priced.icann_fee_cents;
  const customerRef = await customerRefFor(env.DB, payments, { id: user.id, email: user.email }, now);
  // One charge per domain and expiry date, whatever happens to this run.
  const payment = await payments.createPayment({
    idempotencyKey: `autorenew:${row.id}:${row.expires_at}`,
    amountCents,
    currency: priced.currency,
    customerRef,
    paymentMethodRef: card.stripe_payment_method_id,
    offSession: true,
    description: `Trinity auto-renewal ${row.name}`,
    metadata: { orderId: `autorenew:${row.id}`, userId: row.user_id },
    returnUrl: `/dashboard/domains/${row.name}`,
  });
  if (payment.status !== "succeeded") {
    return fail(declineReason(payment.error?.code ?? payment.status));
  }
  const renewed = await registry.renew({ name: row.name, years: 1, currentExpiry: row.expires_at });
  await updateUserDomain(env.DB, row.user_id, row.id, { expires_at: renewed.expiresAt, renew_error: null, renew_error_at: null, reminded_days: null, reminded_for: null }, now);
  await mailUser(
    env,
    services,
    row.user_id,
    `${row.unicode} was renewed`,
    `Your domain ${row.unicode} was renewed automatically for one year; it now expires on ${renewed.expiresAt.slice(0, 10)} (UTC). We charged ${(amountCents / 100).toFixed(2)} ${priced.currency} to your card ending ${card.last4}.\n`,
  );
  return "renewed";
}
