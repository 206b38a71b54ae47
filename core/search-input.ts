/**
 * The home search box (SPEC §5 "Home search"), browser side: the trimmed input must be non-empty,
 * else nothing happens (null); it is lower-cased. No IDN table ships to the browser: the results
 * page's loader converts the query to its display form (core/domain-name.ts `normaliseSearchInput`,
 * "xn--bcher-kva.com" is shown as "bücher.com").
 */
export function trimSearchInput(raw: string | null | undefined): string | null {
  const trimmed = (raw ?? "").trim();
  return trimmed === "" ? null : trimmed.toLowerCase();
}

/** The path the home search navigates to. */
export function domainSearchPath(query: string): string {
  return `/domain-search?q=${encodeURIComponent(query)}`;
}

/**
 * SPEC §2: `/{domain}` is the domain detail page only when the parameter contains a dot and
 * neither starts nor ends with one; everything else (and any unknown path) is the 404 page.
 */
export function isDomainPath(splat: string): boolean {
  return splat.includes(".") && !splat.startsWith(".") && !splat.endsWith(".") && !splat.includes("/");
}
