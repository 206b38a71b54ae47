// Account settings (SPEC §7 "Account"), the address book, two-factor authentication and login
// history. Every route needs the bearer token; every query is scoped to the signed-in user.
import { hashSecret, sha256Hex } from "../../../core/auth/password";
import { generateRecoveryCodes, generateTotpSecret, otpauthUri, verifyTotp } from "../../../core/auth/totp";
import { issueCode } from "../auth/codes";
import { takeCodeMail } from "../auth/rate-limit";
import { authOf, requireAuth, unauthorized } from "../auth/middleware";
import { confirmAccountPassword, confirmationOf, type ConfirmingRequest } from "../auth/password-confirm";
import { createAddress, deleteAddress, listAddresses, setDefaultAddress, updateAddress } from "../db/addresses";
import {
  deleteRecoveryCodes,
  deleteUser,
  emailExists,
  findUserById,
  loginHistory,
  replaceRecoveryCodes,
  revokeUserSessions,
  toUserView,
  updateUserFields,
  usernameExists,
  type UserRow,
} from "../db/users";
import { ApiError } from "../errors";
import { contractRouter } from "../validate";
import {
  accountEmailRoute,
  accountLanguageRoute,
  accountPasswordRoute,
  accountUsernameRoute,
  createAddressRoute,
  defaultAddressRoute,
  deleteAccountRoute,
  deleteAddressRoute,
  listAddressesRoute,
  loginHistoryRoute,
  twoFactorDisableRoute,
  twoFactorEnableRoute,
  twoFactorSetupRoute,
  updateAddressRoute,
} from "../contract/account";
import { emailInUse, usernameTaken } from "../auth/identity-taken";

const addressNotFound = () => new ApiError(404, "address_not_found", "No such address.");
const invalidTotp = () => new ApiError(400, "invalid_two_factor_code", "The two-factor code is invalid.");

async function currentUser(db: D1Database, userId: string): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw unauthorized();
  return user;
}

/** The account password confirms the action (one limiter for every confirmation, issue 18). */
function requirePassword(c: ConfirmingRequest, user: UserRow, password: string): Promise<void> {
  return confirmAccountPassword(confirmationOf(c), user, password);
}

/** Every account route needs the bearer token (checked before the request is validated). */
const router = contractRouter();
router.use("/account/*", requireAuth).use("/account", requireAuth);

export const accountRoutes = router
  .openapi(accountLanguageRoute, async (c) => {
    const { locale } = c.req.valid("json");
    const user = await currentUser(c.env.DB, authOf(c).userId);
    if (user.locale !== locale) await updateUserFields(c.env.DB, user.id, { locale }, c.var.services.now());
    return c.json({ success: true as const, data: { locale }, message: "Account language saved." }, 200);
  })
  .openapi(accountEmailRoute, async (c) => {
    const { new_email, password } = c.req.valid("json");
    const db = c.env.DB;
    const now = c.var.services.now();
    const user = await currentUser(db, authOf(c).userId);
    await requirePassword(c, user, password);
    if (new_email === user.email)
      throw new ApiError(400, "email_unchanged", "The new email must differ from the current one.");
    if (await emailExists(db, new_email)) throw emailInUse();
    // The change mails a code to the new address: it counts against the code-mail limits.
    await takeCodeMail(db, new_email, c.var.clientIp, now);
    try {
      await updateUserFields(db, user.id, { email: new_email, email_verified: 0 }, now);
    } catch (error) {
      if (error instanceof Error && /UNIQUE/iu.test(error.message)) throw emailInUse();
      throw error;
    }
    const flowToken = await issueCode(
      db,
      c.var.services.mail,
      user,
      new_email,
      "verify_email",
      new URL(c.req.url).origin,
      now,
    );
    return c.json(
      {
        success: true as const,
        data: { ...toUserView(await currentUser(db, user.id)), flow_token: flowToken },
        message: "Email changed. We sent a verification code to the new address.",
      },
      200,
    );
  })
  .openapi(accountUsernameRoute, async (c) => {
    const { new_username, password } = c.req.valid("json");
    const db = c.env.DB;
    const now = c.var.services.now();
    const user = await currentUser(db, authOf(c).userId);
    await requirePassword(c, user, password);
    if (new_username === user.username)
      throw new ApiError(400, "username_unchanged", "The new username must differ from the current one.");
    if (await usernameExists(db, new_username)) throw usernameTaken();
    try {
      await updateUserFields(db, user.id, { username: new_username }, now);
    } catch (error) {
      if (error instanceof Error && /UNIQUE/iu.test(error.message)) throw usernameTaken();
      throw error;
    }
    return c.json(
      { success: true as const, data: toUserView(await currentUser(db, user.id)), message: "Username changed." },
      200,
    );
  })
  .openapi(accountPasswordRoute, async (c) => {
    const { current_password, new_password } = c.req.valid("json");
    const db = c.env.DB;
    const now = c.var.services.now();
    const auth = authOf(c);
    const user = await currentUser(db, auth.userId);
    await requirePassword(c, user, current_password);
    await updateUserFields(db, user.id, { password_hash: await hashSecret(new_password) }, now);
    await revokeUserSessions(db, user.id, now, auth.sessionId);
    return c.json(
      { success: true as const, data: null, message: "Password changed. Other sessions were signed out." },
      200,
    );
  })
  .openapi(deleteAccountRoute, async (c) => {
    const { password } = c.req.valid("json");
    const db = c.env.DB;
    const user = await currentUser(db, authOf(c).userId);
    await requirePassword(c, user, password);
    await deleteUser(db, user.id);
    return c.json({ success: true as const, data: null, message: "Your account was deleted." }, 200);
  })
  // ─── Address book ──────────────────────────────────────────────────────────────────────────
  .openapi(listAddressesRoute, async (c) => {
    return c.json(
      { success: true as const, data: { addresses: await listAddresses(c.env.DB, authOf(c).userId) } },
      200,
    );
  })
  .openapi(createAddressRoute, async (c) => {
    const address = await createAddress(c.env.DB, authOf(c).userId, c.req.valid("json"), c.var.services.now());
    return c.json({ success: true as const, data: address, message: "Address saved." }, 201);
  })
  .openapi(updateAddressRoute, async (c) => {
    const address = await updateAddress(
      c.env.DB,
      authOf(c).userId,
      c.req.valid("param").id,
      c.req.valid("json"),
      c.var.services.now(),
    );
    if (!address) throw addressNotFound();
    return c.json({ success: true as const, data: address, message: "Address saved." }, 200);
  })
  .openapi(defaultAddressRoute, async (c) => {
    const address = await setDefaultAddress(c.env.DB, authOf(c).userId, c.req.valid("param").id, c.var.services.now());
    if (!address) throw addressNotFound();
    return c.json({ success: true as const, data: address, message: "Default address changed." }, 200);
  })
  .openapi(deleteAddressRoute, async (c) => {
    if (!(await deleteAddress(c.env.DB, authOf(c).userId, c.req.valid("param").id))) throw addressNotFound();
    return c.json({ success: true as const, data: null, message: "Address deleted." }, 200);
  })
  // ─── Two-factor authentication ─────────────────────────────────────────────────────────────
  .openapi(twoFactorSetupRoute, async (c) => {
    const db = c.env.DB;
    const user = await currentUser(db, authOf(c).userId);
    if (user.totp_enabled === 1)
      throw new ApiError(409, "two_factor_already_enabled", "Two-factor authentication is already on.");
    const secret = generateTotpSecret();
    await updateUserFields(db, user.id, { totp_pending: secret }, c.var.services.now());
    return c.json(
      {
        success: true as const,
        data: { secret, otpauth_uri: otpauthUri({ secret, account: user.username }) },
        message: "Scan the code with your authenticator app, then confirm with a code.",
      },
      200,
    );
  })
  .openapi(twoFactorEnableRoute, async (c) => {
    const db = c.env.DB;
    const now = c.var.services.now();
    const user = await currentUser(db, authOf(c).userId);
    if (user.totp_enabled === 1)
      throw new ApiError(409, "two_factor_already_enabled", "Two-factor authentication is already on.");
    if (!user.totp_pending) throw new ApiError(409, "two_factor_not_set_up", "Start the two-factor setup first.");
    const result = await verifyTotp(user.totp_pending, c.req.valid("json").code, now.getTime());
    if (!result.ok || result.step === undefined) throw invalidTotp();
    const codes = generateRecoveryCodes();
    await replaceRecoveryCodes(db, user.id, await Promise.all(codes.map((code) => sha256Hex(code))));
    await updateUserFields(
      db,
      user.id,
      { totp_secret: user.totp_pending, totp_pending: null, totp_enabled: 1, totp_last_step: result.step },
      now,
    );
    return c.json(
      {
        success: true as const,
        data: { recovery_codes: codes },
        message: "Two-factor authentication is on. Keep your recovery codes safe.",
      },
      200,
    );
  })
  .openapi(twoFactorDisableRoute, async (c) => {
    const { password, code } = c.req.valid("json");
    const db = c.env.DB;
    const now = c.var.services.now();
    const user = await currentUser(db, authOf(c).userId);
    if (user.totp_enabled !== 1 || !user.totp_secret)
      throw new ApiError(409, "two_factor_not_enabled", "Two-factor authentication is off.");
    await requirePassword(c, user, password);
    const result = await verifyTotp(user.totp_secret, code, now.getTime(), 1, user.totp_last_step ?? undefined);
    if (!result.ok) throw invalidTotp();
    await deleteRecoveryCodes(db, user.id);
    await updateUserFields(
      db,
      user.id,
      { totp_secret: null, totp_pending: null, totp_enabled: 0, totp_last_step: null },
      now,
    );
    return c.json({ success: true as const, data: null, message: "Two-factor authentication is off." }, 200);
  })
  .openapi(loginHistoryRoute, async (c) => {
    return c.json(
      { success: true as const, data: { history: await loginHistory(c.env.DB, authOf(c).userId, 50) } },
      200,
    );
  });
