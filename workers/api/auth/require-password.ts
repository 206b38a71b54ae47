import { findUserById } from "../db/users";
import { unauthorized } from "./middleware";
import { confirmAccountPassword, confirmationOf, type ConfirmingRequest } from "./password-confirm";

/** The signed-in user's account password confirms the action (one limiter for all, issue 18). */
export async function requirePassword(c: ConfirmingRequest, userId: string, password: string): Promise<void> {
  const user = await findUserById(c.env.DB, userId);
  if (!user) throw unauthorized();
  await confirmAccountPassword(confirmationOf(c), user, password);
}
