import { safeRedirectPath } from "../safe-redirect";

/** Pages of the account flow itself: never where a finished sign-in or sign-up goes. */
const FLOW_PAGES = ["/signin", "/signup", "/createkey", "/verify-email"];

/**
 * Where the sign-in / sign-up flow ends (issue 19): the `redirect` parameter when it is a same-site
 * path (`safeRedirectPath`) outside the flow's own pages, else the dashboard.
 */
export function flowTarget(value: File | string | null | undefined): string {
  const path = safeRedirectPath(value ?? null, "/dashboard");
  return FLOW_PAGES.some((page) => path.startsWith(page)) ? "/dashboard" : path;
}

/** The `?redirect=` that carries `target` to the next step of the flow ("" for the dashboard). */
export function redirectQuery(target: string): string {
  return target === "/dashboard" ? "" : `?redirect=${encodeURIComponent(target)}`;
}
