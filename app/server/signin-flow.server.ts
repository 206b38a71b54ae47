import { createCookie, type AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import { cookieSecret, readCookie } from "./cookies.server";

/**
 * The second sign-in step (two-factor on): the API's short-lived challenge token (5 minutes,
 * signed by the API, useless without the 6-digit code), the remember-me choice and where to go
 * next, kept between the two form posts in a signed HttpOnly cookie so the step works on reload
 * and without JavaScript. Cleared when the step ends.
 */
const challengeSchema = z.object({
  challengeToken: z.string().min(1),
  rememberMe: z.boolean(),
  redirectTo: z.string(),
  username: z.string(),
});
export type SignInChallenge = z.output<typeof challengeSchema>;

function challengeCookie(context: AppLoadContext, request: Request) {
  const { hostname } = new URL(request.url);
  return createCookie("signin_2fa", {
    // Path "/" rather than "/signin": single-fetch data requests go to "/signin.data", which a
    // "/signin" cookie path would not match.
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: hostname !== "localhost" && hostname !== "127.0.0.1",
    maxAge: 5 * 60,
    secrets: [cookieSecret(context)],
  });
}

export async function readChallenge(request: Request, context: AppLoadContext): Promise<SignInChallenge | null> {
  const value = await readCookie(challengeCookie(context, request), request);
  const parsed = challengeSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function saveChallenge(request: Request, context: AppLoadContext, challenge: SignInChallenge): Promise<string> {
  return challengeCookie(context, request).serialize(challenge);
}

export function clearChallenge(request: Request, context: AppLoadContext): Promise<string> {
  return challengeCookie(context, request).serialize("", { maxAge: 0 });
}
