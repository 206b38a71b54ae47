/**
 * Security headers (DESIGN §9). Documents get a CSP with a per-request nonce for the inline
 * scripts React/Remix emit; every response gets the rest.
 */
export const BASE_SECURITY_HEADERS: Record<string, string> = {
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains; preload",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(self)",
};

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    // Stripe's Payment Element (loaded only on the payment pages when a publishable key is set):
    // its API calls and its iframes (card field, 3-D Secure).
    "connect-src 'self' https://api.stripe.com",
    "frame-src https://js.stripe.com https://hooks.stripe.com",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** A fresh base64 nonce from 16 random bytes. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** Returns the response with the base headers added (and the CSP when a nonce is given). */
export function withSecurityHeaders(response: Response, nonce?: string): Response {
  const secured = new Response(response.body, response);
  for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) secured.headers.set(name, value);
  if (nonce && (secured.headers.get("content-type") ?? "").includes("text/html")) {
    secured.headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  } else if (!secured.headers.has("Content-Security-Policy")) {
    secured.headers.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
  }
  return secured;
}
