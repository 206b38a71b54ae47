// The EPP gateway's callback (issue 23): each poll message of a registry (a transfer asked,
// approved or refused, a deletion, a pending action settled) arrives here once per message id.
// The message itself is not trusted for the outcome: the domain it names is read again from the
// registry and the customer's row follows it through the same reconciliation as the "my domains"
// pages and the lifecycle job (domain-registry-sync.ts), so a notice and a page view agree.
import { isAsciiTld, isLdhLabel } from "../../../core/domain-name";
import { bearerMatches } from "../auth/bearer-secret";
import { registryNoticeRoute, type RegistryNotice } from "../contract/registry";
import { markRegistryNoticeHandled, receiveRegistryNotice } from "../db/registry-notices";
import type { UserDomainRow } from "../db/user-domains";
import { markReleased, syncWithRegistry } from "../domain-registry-sync";
import { ApiError } from "../errors";
import type { ApiServices } from "../services";
import { contractRouter } from "../validate";

const router = contractRouter();

/** The shared secret, checked before the body is read: unset → 503 (the callback is off), another token → 401. */
router.use("/registry/notices", async (c, next) => {
  const secret = c.env.REGISTRY_CALLBACK_TOKEN?.trim();
  if (!secret) {
    throw new ApiError(
      503,
      "service_not_configured",
      "The registry callback is not configured (set the REGISTRY_CALLBACK_TOKEN secret).",
    );
  }
  if (!bearerMatches(c.req.header("authorization"), secret)) {
    throw new ApiError(401, "unauthorized", "The registry callback token is missing or wrong.");
  }
  await next();
});

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** A name as EPP data carries it: text, or an element with attributes (`{ "#text": …, paResult }`). */
function nameText(value: unknown): string | null {
  if (typeof value === "string") return value;
  const element = record(value);
  for (const key of ["#text", "value", "name"]) {
    const inner = element?.[key];
    if (typeof inner === "string") return inner;
  }
  return null;
}

/**
 * The domain a message names: `resData.name` (transfer and info data as the gateway flattens
 * them), or the name inside a nested notice (`trnData`, `panData`, `infData`, …), one level down.
 * Only a valid ASCII name counts; anything else is a message about no domain of ours.
 */
export function noticeDomain(resData: Record<string, unknown> | null | undefined): string | null {
  if (!resData) return null;
  const candidates = [resData.name, ...Object.values(resData).map((value) => record(value)?.name)];
  for (const candidate of candidates) {
    const name = nameText(candidate)?.trim().toLowerCase().replace(/\.$/, "");
    // Only a domain name counts (not a contact or host id): "label.tld", as the registry port takes it.
    const dot = name?.lastIndexOf(".") ?? -1;
    if (name && dot > 0 && name.length <= 253 && isLdhLabel(name.slice(0, dot)) && isAsciiTld(name.slice(dot + 1)))
      return name;
  }
  return null;
}

/** Brings the customer's row of `domain` (one row per name) in line with the registry; false when there is none. */
async function refreshDomain(db: D1Database, services: ApiServices, domain: string): Promise<boolean> {
  const row = await db.prepare("SELECT * FROM user_domains WHERE name = ?1").bind(domain).first<UserDomainRow>();
  if (!row) return false;
  const now = services.now();
  const info = await services.registry.info(domain);
  if (info === null) await markReleased(db, row, now);
  else await syncWithRegistry(db, row, info, now);
  return true;
}

export const registryNoticeRoutes = router.openapi(registryNoticeRoute, async (c) => {
  const body: RegistryNotice = c.req.valid("json");
  const { services } = c.var;
  const resData = body.resData ?? null;
  const domain = noticeDomain(resData);
  const state = await receiveRegistryNotice(
    c.env.DB,
    { registry: body.registry, id: body.id, qDate: body.qDate ?? null, msg: body.msg ?? null, resData, domain },
    services.now(),
  );
  if (state === "handled")
    return c.json({ success: true as const, data: { received: true as const, duplicate: true as const } }, 200);
  // A registry refusal here (unreachable) is a 5xx: the gateway delivers the message again later.
  const refreshed = domain ? await refreshDomain(c.env.DB, services, domain) : false;
  await markRegistryNoticeHandled(c.env.DB, body.registry, body.id, services.now());
  return c.json({ success: true as const, data: { received: true as const, domain, refreshed } }, 200);
});
