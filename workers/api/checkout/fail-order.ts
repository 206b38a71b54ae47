// A pending order given up (payment refused, no card): the order fails and its names are released.
import { releaseHolds, setOrderStatus } from "../db/orders";

export async function failOrder(db: D1Database, orderId: string, code: string, now: Date): Promise<void> {
  await setOrderStatus(db, orderId, ["pending"], "failed", now, { errorCode: code });
  await releaseHolds(db, orderId);
}
