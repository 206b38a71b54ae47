// "My domains" (SPEC §7 "DNS and domains", issue 14): the customer's domains, their settings
// and the registry operations on them. Every route needs the bearer token and is scoped to the
// signed-in user: another user's domain answers 404 as if it did not exist. Registry refusals
// pass through app.ts's mapping (409/403/400 with the registry's code).
import { parseDomainName } from "../../../core/domain-name";
import { TRANSFER_LOCK_DAYS, domainStatusOf } from "../../../core/my-domains";
import { heldBy, type RegistryDomainInfo, type RegistryTransfer } from "../adapters/registry";
import { authOf, requireAuth } from "../auth/middleware";
import {
  autoRenewRoute,
  deleteDomainRoute,
  dnssecRoute,
  domainDetailRoute,
  domainLockRoute,
  listDomainsRoute,
  nameserversRoute,
  renewRoute,
  whoisPrivacyRoute,
} from "../contract/my-domains";
import {
  authCodeRoute,
  transferOutApproveRoute,
  transferOutRejectRoute,
  transferStatusRoute,
} from "../contract/transfers";
import { addCartItem, findUserCartId } from "../db/cart";
import { loadCatalogue } from "../db/catalogue";
import { domainLinePriceColumns } from "../../../core/domain-pricing";
import { priceCents } from "../domain-quote";
import { listPaymentMethods } from "../db/payment-methods";
import {
  findUserDomain,
  listUserDomains,
  toDomainView,
  updateUserDomain,
  type UserDomainRow,
} from "../db/user-domains";
import { ApiError } from "../errors";
import type { ApiServices } from "../services";
import { contractRouter } from "../validate";
import { assertManageable, domainNotFound, ownDomain } from "../domain-access";
import { requirePassword } from "../auth/require-password";
import { registrationSummary, syncWithRegistry } from "../domain-registry-sync";
import { requestLocale, type ApiLocale } from "../texts";
import { bumpZoneSerial } from "../db/dns";
import { publishZone } from "../dns-publish";
import { ourNameservers } from "../adapters/dns";

/** The language the answer's texts are in (Accept-Language). */
const localeOf = (c: { req: { header(name: string): string | undefined } }) =>
  requestLocale(c.req.header("accept-language"));

const DAY_MS = 86_400_000;

/** This user's domain by id or name (`/user-domains/{id}`), or 404. */
async function ownDomainByRef(db: D1Database, userId: string, ref: string): Promise<UserDomainRow> {
  const byId = await findUserDomain(db, userId, ref);
  if (byId) return byId;
  return await ownDomain(db, userId, ref);
}

function registryView(info: RegistryDomainInfo) {
  return {
    ...registrationSummary(info),
    max_renewal_years: info.maxRenewalYears,
    grace_ends_at: info.graceEndsAt ?? null,
    redemption_ends_at: info.redemptionEndsAt ?? null,
    releases_at: info.releasesAt ?? null,
    transferred_at: info.transferredAt ?? null,
  };
}

export function transferView(transfer: RegistryTransfer) {
  return {
    name: transfer.name,
    direction: transfer.direction,
    status: transfer.status,
    resolved_by: transfer.resolvedBy ?? null,
    requested_at: transfer.requestedAt,
    action_by: transfer.actionBy,
    resolved_at: transfer.resolvedAt ?? null,
    expires_at: transfer.expiresAt,
    years: transfer.years,
  };
}

async function detail(db: D1Database, services: ApiServices, row: UserDomainRow, locale: ApiLocale) {
  const now = services.now();
  const [info, transfer, catalogue] = await Promise.all([
    services.registry.info(row.name),
    services.registry.transferQuery(row.name),
    loadCatalogue(db),
  ]);
  const synced = await syncWithRegistry(db, row, info, now);
  const view = toDomainView(synced, now, locale);
  // What renewing (or restoring, in redemption) costs, shown before the customer adds it.
  const priced = catalogue.byTld.get(row.tld);
  const operation = view.status === "redemption" ? ("restore" as const) : ("renewal" as const);
  const maxYears = operation === "restore" ? 1 : (info?.maxRenewalYears ?? 0);
  const renewable =
    ["active", "expiring_soon", "grace_period", "redemption"].includes(view.status) && heldBy(info, row.user_id);
  const renewal =
    priced && renewable && maxYears > 0
      ? {
          operation,
          max_years: maxYears,
          price_per_year: (priced.renewal_cents + priced.icann_fee_cents) / 100,
          currency: priced.currency,
        }
      : null;
  return {
    ...view,
    registry: info ? registryView(info) : null,
    transfer: transfer ? transferView(transfer) : null,
    renewal,
  };
}

/** ICANN Transfer Policy (issue 14): no transfer within 60 days of registration or of a previous transfer. */
export function transferLockedUntil(row: UserDomainRow, info: RegistryDomainInfo | null): string | null {
  const since = [info?.transferredAt, info?.createdAt ?? row.registered_at]
    .filter((value): value is string => Boolean(value))
    .sort()
    .at(-1);
  if (!since) return null;
  return new Date(Date.parse(since) + TRANSFER_LOCK_DAYS * DAY_MS).toISOString();
}

/** Transfer out: answers the pending request of the gaining registrar (approve at once, or refuse it). */
async function answerTransferOut(
  db: D1Database,
  services: ApiServices,
  userId: string,
  domain: string,
  answer: "approve" | "reject",
): Promise<RegistryTransfer> {
  const { now, registry } = services;
  const row = await ownDomain(db, userId, domain);
  const pending = await registry.transferQuery(row.name);
  if (!pending || pending.direction !== "out" || pending.status !== "pending") {
    throw new ApiError(409, "no_pending_transfer", "There is no pending transfer request for this domain.");
  }
  const transfer =
    answer === "approve" ? await registry.transferApprove(row.name) : await registry.transferReject(row.name);
  if (transfer.status === "approved")
    await updateUserDomain(db, userId, row.id, { status: "transferred_out", auto_renew: 0 }, now());
  return transfer;
}

const router = contractRouter();
router.use("/user-domains", requireAuth);
router.use("/user-domains/*", requireAuth);
router.use("/domains/dns/*", requireAuth);
router.use("/dns/domains/*", requireAuth);

export const myDomainRoutes = router
  .openapi(listDomainsRoute, async (c) => {
    const page = await listUserDomains(
      c.env.DB,
      authOf(c).userId,
      c.req.valid("query"),
      c.var.services.now(),
      localeOf(c),
    );
    return c.json({ success: true as const, data: page }, 200);
  })
  .openapi(domainDetailRoute, async (c) => {
    const row = await ownDomainByRef(c.env.DB, authOf(c).userId, c.req.valid("param").id);
    return c.json({ success: true as const, data: await detail(c.env.DB, c.var.services, row, localeOf(c)) }, 200);
  })
  .openapi(autoRenewRoute, async (c) => {
    const { userId } = authOf(c);
    const { now, payments } = c.var.services;
    const row = await ownDomainByRef(c.env.DB, userId, c.req.valid("param").id);
    const { auto_renew } = c.req.valid("json");
    if (auto_renew) {
      assertManageable(row, now());
      const methods = await listPaymentMethods(c.env.DB, userId, payments.provider);
      if (methods.length === 0) {
        throw new ApiError(
          409,
          "payment_method_required",
          "Auto-renewal needs a saved payment method. Add a card first.",
        );
      }
    }
    const updated = await updateUserDomain(
      c.env.DB,
      userId,
      row.id,
      { auto_renew: auto_renew ? 1 : 0, ...(auto_renew ? {} : { renew_error: null, renew_error_at: null }) },
      now(),
    );
    if (!updated) throw domainNotFound();
    return c.json(
      {
        success: true as const,
        data: toDomainView(updated, now(), localeOf(c)),
        message: auto_renew ? "Auto-renewal turned on." : "Auto-renewal turned off.",
      },
      200,
    );
  })
  .openapi(whoisPrivacyRoute, async (c) => {
    const { userId } = authOf(c);
    const { now } = c.var.services;
    const row = await ownDomainByRef(c.env.DB, userId, c.req.valid("param").id);
    assertManageable(row, now());
    const { whois_privacy } = c.req.valid("json");
    const updated = await updateUserDomain(c.env.DB, userId, row.id, { whois_privacy: whois_privacy ? 1 : 0 }, now());
    if (!updated) throw domainNotFound();
    return c.json(
      {
        success: true as const,
        data: toDomainView(updated, now(), localeOf(c)),
        message: whois_privacy ? "WHOIS privacy turned on." : "WHOIS privacy turned off.",
      },
      200,
    );
  })
  .openapi(dnssecRoute, async (c) => {
    const { userId } = authOf(c);
    const { now } = c.var.services;
    const row = await ownDomainByRef(c.env.DB, userId, c.req.valid("param").id);
    assertManageable(row, now());
    const { dnssec } = c.req.valid("json");
    let updated = await updateUserDomain(c.env.DB, userId, row.id, { dnssec: dnssec ? 1 : 0 }, now());
    if (!updated) throw domainNotFound();
    if (updated.dnssec !== row.dnssec) {
      // The zone is signed or unsigned by the DNS provider, its DS sent to or removed from the registry.
      await bumpZoneSerial(c.env.DB, row.id, now());
      await publishZone(c.env.DB, c.var.services, ourNameservers(c.env), row.id);
      updated = await ownDomainByRef(c.env.DB, userId, row.id);
    }
    return c.json(
      {
        success: true as const,
        data: toDomainView(updated, now(), localeOf(c)),
        message: dnssec ? "DNSSEC turned on." : "DNSSEC turned off.",
      },
      200,
    );
  })
  // Renew (or restore, in redemption) through the cart and checkout: adds the line to the user's
  // cart, years capped at what the registry allows (SPEC §5: at most 10 years ahead).
  .openapi(renewRoute, async (c) => {
    const { userId } = authOf(c);
    const { now, registry } = c.var.services;
    const row = await ownDomainByRef(c.env.DB, userId, c.req.valid("param").id);
    const status = domainStatusOf(row, now());
    const operation = status === "redemption" ? "restore" : "renewal";
    const info = await registry.info(row.name);
    const renewable =
      ["active", "expiring_soon", "grace_period", "redemption"].includes(status) && heldBy(info, userId);
    const maxYears = operation === "restore" ? 1 : (info?.maxRenewalYears ?? 0);
    if (!renewable || maxYears < 1) {
      throw new ApiError(
        409,
        "cannot_renew",
        `${row.unicode} cannot be renewed now (status ${status}; a domain may run at most 10 years ahead).`,
      );
    }
    const catalogue = await loadCatalogue(c.env.DB);
    const priced = catalogue.byTld.get(row.tld);
    if (!priced) throw new ApiError(409, "no_pricing", "Pricing is not available for this extension.");
    const [check] = await registry.check([row.name]);
    const cents = priceCents(priced, check);
    const years = Math.min(c.req.valid("json").years, maxYears);
    const cartId = (await findUserCartId(c.env.DB, userId)) ?? crypto.randomUUID();
    const outcome = await addCartItem(
      c.env.DB,
      cartId,
      {
        name: row.name,
        unicode: row.unicode,
        tld: row.tld,
        operation,
        years,
        max_years: maxYears,
        ...domainLinePriceColumns(priced, check),
      },
      now(),
      userId,
    );
    if (outcome === "duplicate") throw new ApiError(409, "already_in_cart", `${row.unicode} is already in your cart.`);
    if (outcome === "full")
      throw new ApiError(409, "cart_full", "Your cart is full. Check out or remove an item first.");
    return c.json(
      {
        success: true as const,
        data: {
          cart_id: cartId,
          name: row.name,
          operation,
          years,
          max_years: maxYears,
          price: ((cents.renewal + cents.icannFee) * years) / 100,
          currency: priced.currency,
        },
        message:
          operation === "restore"
            ? `${row.unicode} restore added to your cart.`
            : `${row.unicode} renewal added to your cart.`,
      },
      201,
    );
  })
  // SPEC §7: PUT /domains/dns/{domain}/domain-lock — the account password is required (SPEC §5).
  .openapi(domainLockRoute, async (c) => {
    const { userId } = authOf(c);
    const { now, registry } = c.var.services;
    const row = await ownDomain(c.env.DB, userId, c.req.valid("param").domain);
    const { locked, password } = c.req.valid("json");
    await requirePassword(c, userId, password);
    assertManageable(row, now());
    const info = await registry.setLock(row.name, locked);
    const updated = await updateUserDomain(c.env.DB, userId, row.id, { locked: info.locked ? 1 : 0 }, now());
    if (!updated) throw domainNotFound();
    return c.json(
      {
        success: true as const,
        data: toDomainView(updated, now(), localeOf(c)),
        message: locked ? "Domain lock enabled successfully" : "Domain lock disabled successfully",
      },
      200,
    );
  })
  .openapi(nameserversRoute, async (c) => {
    const { userId } = authOf(c);
    const { now, registry } = c.var.services;
    const row = await ownDomain(c.env.DB, userId, c.req.valid("param").domain);
    assertManageable(row, now());
    const info = await registry.setNameservers(row.name, c.req.valid("json").nameservers);
    const updated = await updateUserDomain(
      c.env.DB,
      userId,
      row.id,
      { nameservers: JSON.stringify(info.nameservers) },
      now(),
    );
    if (!updated) throw domainNotFound();
    return c.json(
      { success: true as const, data: toDomainView(updated, now(), localeOf(c)), message: "Nameservers updated." },
      200,
    );
  })
  // Transfer out: the auth code (EPP authInfo) for the new registrar, behind the account password.
  .openapi(authCodeRoute, async (c) => {
    const { userId } = authOf(c);
    const { now, registry } = c.var.services;
    const row = await ownDomain(c.env.DB, userId, c.req.valid("param").domain);
    await requirePassword(c, userId, c.req.valid("json").password);
    assertManageable(row, now());
    const info = await registry.info(row.name);
    if (info?.locked ?? row.locked === 1) {
      throw new ApiError(409, "domain_locked", "Unlock the domain before transferring it to another registrar.");
    }
    const lockedUntil = transferLockedUntil(row, info);
    if (lockedUntil && lockedUntil > now().toISOString()) {
      throw new ApiError(
        409,
        "transfer_too_soon",
        `A domain cannot be transferred within ${TRANSFER_LOCK_DAYS} days of its registration or last transfer (possible from ${lockedUntil.slice(0, 10)}).`,
      );
    }
    const authCode = await registry.getAuthCode(row.name);
    return c.json({ success: true as const, data: { name: row.name, auth_code: authCode } }, 200);
  })
  // Transfer out: answer the pending request of the gaining registrar (approve at once, or refuse it).
  .openapi(transferOutApproveRoute, async (c) => {
    const transfer = await answerTransferOut(
      c.env.DB,
      c.var.services,
      authOf(c).userId,
      c.req.valid("param").domain,
      "approve",
    );
    return c.json({ success: true as const, data: transferView(transfer), message: "Transfer approved." }, 200);
  })
  .openapi(transferOutRejectRoute, async (c) => {
    const transfer = await answerTransferOut(
      c.env.DB,
      c.var.services,
      authOf(c).userId,
      c.req.valid("param").domain,
      "reject",
    );
    return c.json({ success: true as const, data: transferView(transfer), message: "Transfer request refused." }, 200);
  })
  // SPEC §7: DELETE /dns/domains/{domain} — the account password is required (SPEC §5).
  .openapi(deleteDomainRoute, async (c) => {
    const { userId } = authOf(c);
    const { now, registry } = c.var.services;
    const row = await ownDomain(c.env.DB, userId, c.req.valid("param").domain);
    await requirePassword(c, userId, c.req.valid("json").password);
    assertManageable(row, now());
    const info = await registry.delete(row.name);
    const updated = await updateUserDomain(
      c.env.DB,
      userId,
      row.id,
      { deleted_at: now().toISOString(), auto_renew: 0, expires_at: info.expiresAt },
      now(),
    );
    if (!updated) throw domainNotFound();
    return c.json(
      {
        success: true as const,
        data: { ...toDomainView(updated, now(), localeOf(c)), registry: registryView(info) },
        message: "Domain deleted. It can be restored during the redemption period.",
      },
      200,
    );
  });

/** Public (SPEC §6): the latest transfer of a name, in or out. */
export const transferStatusRoutes = contractRouter().openapi(transferStatusRoute, async (c) => {
  const parsed = parseDomainName(c.req.valid("param").domain);
  if (!parsed.ok)
    throw new ApiError(400, parsed.error, "Invalid domain.", [{ path: "domain", message: parsed.detail }]);
  const transfer = await c.var.services.registry.transferQuery(parsed.name.ascii);
  if (!transfer) throw new ApiError(404, "transfer_not_found", "There is no transfer for this domain.");
  // Who asked for it stays private; the state and its dates are what a registry publishes.
  return c.json(
    {
      success: true as const,
      data: {
        name: transfer.name,
        direction: transfer.direction,
        status: transfer.status,
        requested_at: transfer.requestedAt,
        action_by: transfer.actionBy,
        resolved_at: transfer.resolvedAt ?? null,
        expires_at: transfer.expiresAt,
      },
    },
    200,
  );
});
