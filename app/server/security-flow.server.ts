import { createCookie, type AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import { cookieSecret, readCookie } from "./cookies.server";

/**
 * The two-factor setup between its form posts (so every step works without JavaScript and on
 * reload): the pending secret and its otpauth URI while the user scans and confirms, then the
 * fresh recovery codes until "I saved them", and a new personal API token's secret until "I copied
 * it" (the API answers it once; it is never read back). A signed, HttpOnly cookie for the settings pages only,
 * 15 minutes long, bound to the user it was made for (another user at this browser never sees it).
 * The path is /dashboard/settings (not …/security) so that the page's `.data` requests carry it.
 */
const flowSchema = z.object({
  userId: z.string(),
  setup: z.object({ secret: z.string(), uri: z.string() }).optional(),
  recovery: z.array(z.string()).optional(),
  /** A personal API token just created (issue 20): its secret until "I copied it". */
  apiToken: z.object({ id: z.string(), name: z.string(), token: z.string() }).optional(),
});
export type SecurityFlow = z.infer<typeof flowSchema>;

function flowCookie(context: AppLoadContext, request: Request) {
  const { hostname } = new URL(request.url);
  return createCookie("security_flow", {
    path: "/dashboard/settings",
    httpOnly: true,
    sameSite: "lax",
    secure: hostname !== "localhost" && hostname !== "127.0.0.1",
    maxAge: 15 * 60,
    secrets: [cookieSecret(context)],
  });
}

export async function readSecurityFlow(
  request: Request,
  context: AppLoadContext,
  userId: string,
): Promise<SecurityFlow | null> {
  const raw = await readCookie(flowCookie(context, request), request);
  const parsed = flowSchema.safeParse(raw);
  return parsed.success && parsed.data.userId === userId ? parsed.data : null;
}

export function commitSecurityFlow(request: Request, context: AppLoadContext, flow: SecurityFlow): Promise<string> {
  return flowCookie(context, request).serialize(flow);
}

export function clearSecurityFlow(request: Request, context: AppLoadContext): Promise<string> {
  return flowCookie(context, request).serialize("", { maxAge: 0 });
}
