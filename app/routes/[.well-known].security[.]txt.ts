import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

export const SECURITY_CONTACT = "mailto:security@trinity.domains";
/** RFC 9116 asks for an Expires under a year ahead; the file is generated, so it never goes stale. */
const EXPIRES_AFTER_DAYS = 180;

/** /.well-known/security.txt (RFC 9116): where to report vulnerabilities (see /security). */
export function loader({ request }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  const expires = new Date(Date.now() + EXPIRES_AFTER_DAYS * 86_400_000);
  expires.setUTCHours(0, 0, 0, 0);
  const body = [
    `Contact: ${SECURITY_CONTACT}`,
    `Expires: ${expires.toISOString()}`,
    "Preferred-Languages: en, tr",
    `Canonical: ${origin}/.well-known/security.txt`,
    `Policy: ${origin}/security`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
