import { requireAuth, sessionAuthOf } from "../auth/middleware";
import { createApiTokenRoute, listApiTokensRoute, MAX_API_TOKENS, revokeApiTokenRoute } from "../contract/api-tokens";
import { createApiToken, listApiTokens, revokeApiToken, toApiTokenView } from "../db/api-tokens";
import { ApiError } from "../errors";
import { contractRouter } from "../validate";

const DAY_MS = 24 * 60 * 60_000;

const router = contractRouter();
router.use("/account/api-tokens", requireAuth);
router.use("/account/api-tokens/*", requireAuth);

/**
 * Personal API tokens (issue 20): list, create (the secret is answered once), revoke. Only a
 * session manages them: a personal token is refused here (403 insufficient_scope).
 */
export const apiTokenRoutes = router
  .openapi(listApiTokensRoute, async (c) => {
    const rows = await listApiTokens(c.env.DB, sessionAuthOf(c).userId);
    return c.json({ success: true as const, data: { tokens: rows.map(toApiTokenView) } }, 200);
  })
  .openapi(createApiTokenRoute, async (c) => {
    const { userId } = sessionAuthOf(c);
    const { name, scopes, expires_in_days } = c.req.valid("json");
    const now = c.var.services.now();
    const expiresAt = expires_in_days ? new Date(now.getTime() + expires_in_days * DAY_MS) : null;
    const created = await createApiToken(c.env.DB, { userId, name, scopes, expiresAt }, now);
    if (!created) {
      throw new ApiError(
        409,
        "too_many_api_tokens",
        `You already have ${MAX_API_TOKENS} API tokens. Revoke one first.`,
      );
    }
    return c.json(
      {
        success: true as const,
        data: { ...toApiTokenView(created.row), token: created.secret },
        message: "API token created. Copy it now: it will not be shown again.",
      },
      201,
    );
  })
  .openapi(revokeApiTokenRoute, async (c) => {
    const { userId } = sessionAuthOf(c);
    const revoked = await revokeApiToken(c.env.DB, userId, c.req.valid("param").id, c.var.services.now());
    if (!revoked) throw new ApiError(404, "api_token_not_found", "No such API token.");
    return c.json({ success: true as const, data: null, message: "API token revoked." }, 200);
  });
