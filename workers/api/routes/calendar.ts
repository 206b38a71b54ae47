// The private expiry calendar (issue 14): an .ics feed of the account's domain expiry dates at
// an unguessable URL a calendar app can subscribe to (no bearer token: the token in the path is
// the key, stored hashed; making a new link replaces the old one).
import { sha256Hex } from "../../../core/auth/password";
import { authOf, requireAuth } from "../auth/middleware";
import { ApiError } from "../errors";
import { calendarFeedRoute, calendarFileParamSchema, createCalendarRoute } from "../contract/my-domains";
import { contractRouter, zValidate } from "../validate";

function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** RFC 5545 text value: backslash, semicolon, comma and newlines escaped. */
function icsText(text: string): string {
  return text.replace(/[\\;,]/g, (char) => `\\${char}`).replace(/\n/g, "\\n");
}

const icsDate = (iso: string) => iso.slice(0, 10).replace(/-/g, "");
const icsStamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

const router = contractRouter();
router.use("/user-domains/calendar", requireAuth);

export const calendarRoutes = router
  .openapi(createCalendarRoute, async (c) => {
    const { userId } = authOf(c);
    const token = newToken();
    await c.env.DB.prepare(
      `INSERT INTO user_calendar_tokens (user_id, token_hash, created_at) VALUES (?1, ?2, ?3)
       ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash, created_at = excluded.created_at`,
    )
      .bind(userId, await sha256Hex(token), c.var.services.now().toISOString())
      .run();
    return c.json(
      {
        success: true as const,
        data: { path: `/api/v1/calendar/${token}.ics` },
        message: "Calendar link created. The previous link no longer works.",
      },
      201,
    );
  })
  // The feed is iCalendar, not JSON: a plain route, documented below.
  .get("/calendar/:file", zValidate("param", calendarFileParamSchema), async (c) => {
    const token = c.req.valid("param").file.slice(0, -4);
    const owner = await c.env.DB.prepare("SELECT user_id FROM user_calendar_tokens WHERE token_hash = ?1")
      .bind(await sha256Hex(token))
      .first<string>("user_id");
    if (!owner) throw new ApiError(404, "calendar_not_found", "No such calendar.");
    const { results } = await c.env.DB.prepare(
      "SELECT id, name, unicode, expires_at FROM user_domains WHERE user_id = ?1 AND status IN ('active', 'transfer_out_pending') AND deleted_at IS NULL AND expires_at IS NOT NULL ORDER BY expires_at LIMIT 10000",
    )
      .bind(owner)
      .all<{ id: string; name: string; unicode: string; expires_at: string }>();
    const stamp = icsStamp(c.var.services.now());
    const lines = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Trinity//My domains//EN",
      "CALSCALE:GREGORIAN",
      "X-WR-CALNAME:Domain expiry dates",
    ];
    for (const domain of results) {
      const day = icsDate(domain.expires_at);
      const next = icsDate(new Date(Date.parse(domain.expires_at) + 86_400_000).toISOString());
      lines.push(
        "BEGIN:VEVENT",
        `UID:${domain.id}-${day}@trinity`,
        `DTSTAMP:${stamp}`,
        `DTSTART;VALUE=DATE:${day}`,
        `DTEND;VALUE=DATE:${next}`,
        `SUMMARY:${icsText(`${domain.unicode} expires`)}`,
        `DESCRIPTION:${icsText(`Renew ${domain.unicode} in My domains before it expires.`)}`,
        "BEGIN:VALARM",
        "ACTION:DISPLAY",
        `DESCRIPTION:${icsText(`${domain.unicode} expires in 7 days`)}`,
        "TRIGGER:-P7D",
        "END:VALARM",
        "END:VEVENT",
      );
    }
    lines.push("END:VCALENDAR");
    return c.body(`${lines.join("\r\n")}\r\n`, 200, {
      "content-type": "text/calendar; charset=utf-8",
      "cache-control": "private, max-age=300",
    });
  });

router.openAPIRegistry.registerPath(calendarFeedRoute);
