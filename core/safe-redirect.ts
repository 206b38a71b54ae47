/**
 * A same-site path to go back to after a form post, or `fallback`. Rejects absolute and
 * protocol-relative URLs so a crafted form cannot redirect off-site.
 */
export function safeRedirectPath(value: File | string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) {
    return fallback;
  }
  return value;
}
