// The scheduled job: finish (or give up on) open orders.
import { dueOpenOrders, getOrderById, noteOrderAttempt, releaseHolds, setOrderStatus } from "../db/orders";
import type { ApiEnv } from "../env";
import type { ApiServices } from "../services";
import { syncOrderPayment } from "./payment-outcome";
import { runFulfilment } from "./fulfil";

/** A pending order whose payment never completes is cancelled after this long. */
const ABANDON_MS = 60 * 60_000;

export async function resumeOpenOrders(env: ApiEnv, services: ApiServices): Promise<Record<string, number>> {
  const db = env.DB;
  const now = services.now();
  const counts = { looked: 0, completed: 0, cancelled: 0, retried: 0 };
  for (const order of await dueOpenOrders(db, now)) {
    counts.looked += 1;
    try {
      if (order.status === "pending") {
        await syncOrderPayment(env, services, order);
        const after = await getOrderById(db, order.id);
        if (after?.status === "pending" && now.getTime() - Date.parse(order.created_at) > ABANDON_MS) {
          await setOrderStatus(db, order.id, ["pending"], "cancelled", now, { errorCode: "abandoned" });
          await releaseHolds(db, order.id);
          counts.cancelled += 1;
          continue;
        }
      } else {
        await runFulfilment(env, services, order.id);
      }
      const after = await getOrderById(db, order.id);
      if (after && ["completed", "completed_with_refunds", "refunded"].includes(after.status)) counts.completed += 1;
      else
        await noteOrderAttempt(
          db,
          order.id,
          new Date(now.getTime() + Math.min(60, 2 ** Math.min(order.attempts, 6)) * 60_000),
          now,
        );
    } catch (error) {
      console.error("order job: will retry", order.id, error);
      counts.retried += 1;
      await noteOrderAttempt(
        db,
        order.id,
        new Date(now.getTime() + Math.min(60, 2 ** Math.min(order.attempts, 6)) * 60_000),
        now,
      );
    }
  }
  return counts;
}
