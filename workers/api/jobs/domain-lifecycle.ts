// The domain lifecycle job (issue 14), run by scheduled() every 5 minutes: for the customer's
// domains that are close to or past expiry, or waiting on the registry, it
//  1. brings each row in line with the registry (dates, pending transfers settled, transferred out);
//  2. auto-renews (one year) the ones with auto-renewal on, 7 days or less before expiry or in the
//     grace period, like a checkout renewal: an order with one renewal line priced from the
//     catalogue, charged off-session to the default card (placeOffSessionOrder), fulfilled at the
//     registry, invoiced, receipt mailed. A failed charge is recorded on the domain (shown on its
//     page) and mailed, and tried again a day later;
//  3. mails the reminders 30, 7 and 1 days before expiry (each once per expiry date).
// Idempotent: the order's key is the domain, its expiry date and the attempt number, so a second
// run (or a run stopped half-way) finds the same order and the same charge, and the registry's
// current-expiry check renews once; a retry after a decline is a new attempt.
import { daysUntil, domainStatusOf } from "../../../core/my-domains";
import { priceDomainLine } from "../../../core/domain-pricing";
import { placeOffSessionOrder, renewalContact } from "../checkout/renewal";
import { loadCatalogue } from "../db/catalogue";
import { findOrderByKey, orderItems, type OrderRow } from "../db/orders";
import { defaultPaymentMethod } from "../db/payment-methods";
import { updateUserDomain, type UserDomainRow } from "../db/user-domains";
import { findUserById } from "../db/users";
import type { ApiEnv } from "../env";
import { syncWithRegistry } from "../domain-registry-sync";
import type { ApiServices } from "../services";
import { fill, mailLanguage, mailLocaleOf, type MailLanguage } from "../adapters/mail";
import { API_TEXTS, translateApiText } from "../texts";

const DAY_MS = 86_400_000;
/** The renewal failure reasons as stored on the row (English; translated when shown or mailed). */
const RENEWAL = API_TEXTS.en.renewal;
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
  const [due, pending] = await env.DB.batch<UserDomainRow>([
    env.DB.prepare(
      "SELECT * FROM user_domains WHERE expires_at <= ?1 AND status IN ('active', 'transfer_out_pending') AND deleted_at IS NULL ORDER BY expires_at LIMIT ?2",
    ).bind(horizon, BATCH),
    env.DB.prepare(
      "SELECT * FROM user_domains WHERE status IN ('pending', 'pending_transfer', 'transfer_out_pending') LIMIT ?1",
    ).bind(BATCH),
  ]);
  if (!due || !pending) throw new Error("D1 batch: a statement has no result");
  const seen = new Set<string>();
  for (const original of [...pending.results, ...due.results]) {
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
        const retryBlocked =
          row.renew_error_at !== null && Date.parse(row.renew_error_at) + RETRY_AFTER_MS > now.getTime();
        if (!retryBlocked) {
          const outcome = await autoRenew(env, services, row, now);
          if (outcome === "renewed") {
            counts.renewed += 1;
            continue;
          }
          if (outcome === "failed") counts.renewFailed += 1;
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
  return code === "authentication_required" ? RENEWAL.authentication_required : fill(RENEWAL.declined, { code });
}

/** Mails the user in their language (users.locale): `build` writes the mail in it. */
export async function mailUser(
  env: ApiEnv,
  services: ApiServices,
  userId: string,
  build: (language: MailLanguage) => { subject: string; text: string },
): Promise<void> {
  const user = await findUserById(env.DB, userId);
  if (user) await services.mail.send({ to: user.email, ...build(mailLanguage(mailLocaleOf(user.locale))) });
}

/** A renewal failure's reason (stored in English on the row) in the mail's language. */
export function renewalReason(language: MailLanguage, reason: string): string {
  return translateApiText(language.locale, "renewal", reason);
}

/** What a failed off-session renewal writes on its row (domains and servers). */
export interface RenewFailureFields {
  renew_error: string;
  renew_error_at: string;
  renew_attempt: number;
}

/**
 * Records a failed off-session renewal (domains and servers): the reason and the next attempt on
 * the row (`save`), then a mail in the user's language (`mail` gets the reason translated).
 */
export async function recordRenewFailure(
  env: ApiEnv,
  services: ApiServices,
  row: { user_id: string; renew_attempt: number },
  reason: string,
  now: Date,
  save: (fields: RenewFailureFields) => Promise<unknown>,
  mail: (language: MailLanguage, reason: string) => { subject: string; text: string },
): Promise<"failed"> {
  await save({ renew_error: reason, renew_error_at: now.toISOString(), renew_attempt: row.renew_attempt + 1 });
  await mailUser(env, services, row.user_id, (language) => mail(language, renewalReason(language, reason)));
  return "failed";
}

async function remind(env: ApiEnv, services: ApiServices, row: UserDomainRow, days: number): Promise<void> {
  await mailUser(env, services, row.user_id, (language) => {
    const t = language.texts.domain_reminder;
    const next =
      row.auto_renew === 1
        ? fill(t.autoRenewOn, { days: language.days(AUTO_RENEW_DAYS) })
        : fill(t.renewYourself, { name: row.unicode });
    return {
      subject: fill(t.subject, { name: row.unicode, days: language.days(days) }),
      text: fill(t.body, { name: row.unicode, date: row.expires_at ? language.date(row.expires_at) : "", next }),
    };
  });
}

/** The idempotency key of a domain's off-session renewal order: one per domain, expiry date and attempt. */
export function autoRenewKey(row: Pick<UserDomainRow, "id" | "expires_at" | "renew_attempt">): string {
  return `autorenew:domain:${row.id}:${row.expires_at}:${row.renew_attempt}`;
}

/** What an off-session renewal order came to, for the job (domains and servers); `reason` is for the customer. */
export async function renewalOutcome(
  db: D1Database,
  order: OrderRow,
): Promise<{ kind: "renewed" } | { kind: "failed"; reason: string } | { kind: "pending" }> {
  switch (order.status) {
    case "completed":
      return { kind: "renewed" };
    case "failed":
    case "cancelled":
      return {
        kind: "failed",
        reason:
          order.error_code === "no_payment_method"
            ? RENEWAL.no_payment_method
            : declineReason(order.error_code ?? "payment_failed"),
      };
    case "completed_with_refunds":
    case "refunded": {
      const [item] = await orderItems(db, order.id);
      return { kind: "failed", reason: fill(RENEWAL.not_carried_out, { code: item?.error_code ?? "error" }) };
    }
    default:
      // Outcome unknown or fulfilment to be resumed: the next run asks again with the same key.
      return { kind: "pending" };
  }
}

/**
 * Renews one domain off-session for a year: an order with one renewal line priced like a checkout
 * renewal, paid with the default card and fulfilled like one (the registry renews once: its
 * current-expiry check), its invoice and receipt. Answers what happened; a failure is recorded
 * on the row (shown on the domain's page), mailed, and tried again a day later as a new attempt.
 */
async function autoRenew(
  env: ApiEnv,
  services: ApiServices,
  row: UserDomainRow,
  now: Date,
): Promise<"renewed" | "failed" | "pending"> {
  const db = env.DB;
  const fail = (reason: string) =>
    recordRenewFailure(
      env,
      services,
      row,
      reason,
      now,
      (fields) => updateUserDomain(db, row.user_id, row.id, fields, now),
      (language, why) => {
        const t = language.texts.domain_renew_failed;
        const date = row.expires_at ? language.date(row.expires_at) : "";
        return {
          subject: fill(t.subject, { name: row.unicode }),
          text: fill(t.body, { name: row.unicode, reason: why, date }),
        };
      },
    );
  const key = autoRenewKey(row);
  const tldRow = (await loadCatalogue(db)).byTld.get(row.tld);
  const existing = await findOrderByKey(db, row.user_id, key);
  if (!existing) {
    if (!(await defaultPaymentMethod(db, row.user_id, services.payments.provider)))
      return fail(RENEWAL.no_payment_method);
    if (!tldRow) return fail(RENEWAL.no_pricing);
  }
  const contact = await renewalContact(db, row.user_id, row.order_id);
  if (!contact) return fail(RENEWAL.no_address);
  const line = tldRow
    ? priceDomainLine(tldRow, "renewal", 1)
    : { years: 1, unitCents: 0, totalCents: 0, icannFeeCents: 0 };
  const order = await placeOffSessionOrder(env, services, {
    userId: row.user_id,
    idempotencyKey: key,
    ...contact,
    item: {
      type: "domain",
      name: row.name,
      unicode: row.unicode,
      tld: row.tld,
      operation: "renewal",
      years: line.years,
      details: JSON.stringify({ currentExpiry: row.expires_at }),
      unit_cents: line.unitCents,
      icann_fee_cents: line.icannFeeCents,
      discount_cents: 0,
      total_cents: line.totalCents,
    },
    description: `Trinity auto-renewal ${row.name}`,
    returnUrl: `/dashboard/domains/${row.name}`,
  });
  const outcome = await renewalOutcome(db, order);
  return outcome.kind === "failed" ? fail(outcome.reason) : outcome.kind;
}
