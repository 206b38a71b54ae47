// The servers job (issue 11), run by scheduled() after the domains' job and with its rules
// (domain-lifecycle.ts: REMINDER_DAYS, AUTO_RENEW_DAYS, RETRY_AFTER_MS, reminderDue):
//  1. renewal: a server with auto-renewal on is renewed AUTO_RENEW_DAYS or less before expiry by
//     one billing cycle, priced from the catalogue, charged off-session to the default card through
//     an order + invoice like a checkout renewal (placeOffSessionOrder). A declined charge is
//     recorded on the server (shown on its page), mailed and tried again a day later; reminders go
//     out 30, 7 and 1 days before expiry, each once per expiry date;
//  2. expiry (expireServers): past expiry a server is stopped — `expired`, or `suspended` when its
//     auto-renewal charge was declined (unpaid) — and deleted SERVER_GRACE_DAYS later.
// Idempotent: the renewal order's key is the server, its expiry date and the attempt number, so a
// run stopped half-way (or run twice) finds the same order and the same charge; a retry after a
// decline is a new attempt. A suspended server keeps being retried daily until paid or deleted.
import { daysUntil } from "../../../core/my-domains";
import { placeOffSessionOrder, renewalContact } from "../checkout/renewal";
import { findOrderByKey } from "../db/orders";
import { defaultPaymentMethod } from "../db/payment-methods";
import { serversDueForRenewal, updateServer, type ServerRow } from "../db/servers";
import type { ApiEnv } from "../env";
import { renewalDetails } from "../../../core/servers/item-details";
import { serverLineCents } from "../servers/catalogue";
import { expireServers, SERVER_GRACE_DAYS } from "../servers/service";
import type { ApiServices } from "../services";
import { fill } from "../adapters/mail";
import { API_TEXTS } from "../texts";
import {
  AUTO_RENEW_DAYS,
  mailUser,
  REMINDER_DAYS,
  reminderDue,
  renewalOutcome,
  recordRenewFailure,
  RETRY_AFTER_MS,
} from "./domain-lifecycle";

const DAY_MS = 86_400_000;
/** The renewal failure reasons as stored on the row (English; translated when shown or mailed). */
const RENEWAL = API_TEXTS.en.renewal;
const BATCH = 200;

export async function runServerLifecycle(env: ApiEnv, services: ApiServices): Promise<Record<string, number>> {
  const renewal = await renewServers(env, services);
  const expiry = await expireServers(env, services);
  return { ...renewal, ...expiry };
}

/** The idempotency key of a server's off-session renewal order: one per server, expiry date and attempt. */
export function autoRenewKey(row: Pick<ServerRow, "id" | "expires_at" | "renew_attempt">): string {
  return `autorenew:server:${row.id}:${row.expires_at}:${row.renew_attempt}`;
}

async function renewServers(env: ApiEnv, services: ApiServices): Promise<Record<string, number>> {
  const now = services.now();
  const counts = { renewed: 0, renewFailed: 0, reminded: 0 };
  const horizon = new Date(now.getTime() + (REMINDER_DAYS[0] + 1) * DAY_MS);
  for (const row of await serversDueForRenewal(env.DB, horizon, BATCH)) {
    try {
      const days = daysUntil(row.expires_at, now) ?? 0;
      if (row.auto_renew === 1 && days <= AUTO_RENEW_DAYS) {
        const retryBlocked =
          row.renew_error_at !== null && Date.parse(row.renew_error_at) + RETRY_AFTER_MS > now.getTime();
        if (!retryBlocked) {
          const outcome = await autoRenewServer(env, services, row);
          if (outcome === "renewed") {
            counts.renewed += 1;
            continue;
          }
          if (outcome === "failed") counts.renewFailed += 1;
        }
      }
      if (row.status === "suspended") continue;
      const due = reminderDue(row, days);
      if (due !== null) {
        await remind(env, services, row, days);
        await updateServer(env.DB, row.id, { reminded_days: due, reminded_for: row.expires_at }, now);
        counts.reminded += 1;
      }
    } catch (error) {
      console.error("server renewal", row.id, error);
    }
  }
  return counts;
}

async function remind(env: ApiEnv, services: ApiServices, row: ServerRow, days: number): Promise<void> {
  await mailUser(env, services, row.user_id, (language) => {
    const t = language.texts.server_reminder;
    const next =
      row.auto_renew === 1
        ? fill(t.autoRenewOn, { days: language.days(AUTO_RENEW_DAYS) })
        : fill(t.renewYourself, { hostname: row.hostname, grace: language.days(SERVER_GRACE_DAYS) });
    return {
      subject: fill(t.subject, { hostname: row.hostname, days: language.days(days) }),
      text: fill(t.body, { hostname: row.hostname, date: language.date(row.expires_at), next }),
    };
  });
}

/**
 * Renews one server off-session by its billing cycle: an order with one renewal line (fulfilled
 * like a checkout renewal: the expiry moves once, a stopped server is powered on again), its
 * invoice and receipt. Answers what happened; a failure is recorded on the row and mailed.
 */
export async function autoRenewServer(
  env: ApiEnv,
  services: ApiServices,
  row: ServerRow,
): Promise<"renewed" | "failed" | "pending"> {
  const db = env.DB;
  const now = services.now();
  const fail = (reason: string) =>
    recordRenewFailure(
      env,
      services,
      row,
      reason,
      now,
      (fields) => updateServer(db, row.id, fields, now),
      (language, why) => {
        const t = language.texts.server_renew_failed;
        const date = language.date(row.expires_at);
        return {
          subject: fill(t.subject, { hostname: row.hostname }),
          text: fill(t.body, { hostname: row.hostname, reason: why, date }),
        };
      },
    );
  const key = autoRenewKey(row);
  const details = renewalDetails(row, row.cycle);
  const cents = serverLineCents(details);
  const existing = await findOrderByKey(db, row.user_id, key);
  if (!existing) {
    if (!(await defaultPaymentMethod(db, row.user_id, services.payments.provider)))
      return fail(RENEWAL.no_payment_method);
    if (cents === null) return fail(RENEWAL.plan_not_sold);
  }
  // The buyer's contact of the order that bought the server goes on the renewal's invoice.
  const contact = await renewalContact(db, row.user_id, row.order_id);
  if (!contact) return fail(RENEWAL.no_address);
  const order = await placeOffSessionOrder(env, services, {
    userId: row.user_id,
    idempotencyKey: key,
    ...contact,
    item: {
      type: "vps",
      name: `renew:${row.id}`,
      unicode: row.hostname,
      tld: null,
      operation: "renewal",
      years: 1,
      details: JSON.stringify({ server: details }),
      unit_cents: cents ?? 0,
      icann_fee_cents: 0,
      discount_cents: 0,
      total_cents: cents ?? 0,
    },
    description: `Trinity auto-renewal ${row.hostname}`,
    returnUrl: `/dashboard/vps/${row.id}`,
  });
  const outcome = await renewalOutcome(db, order);
  return outcome.kind === "failed" ? fail(outcome.reason) : outcome.kind;
}
