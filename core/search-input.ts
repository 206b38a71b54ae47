import { toUnicode } from "punycode/punycode.es6.js";

/**
 * Home search normalisation (SPEC §5 "Home search"): the trimmed input must be non-empty, else
 * nothing happens (null). The text is converted to its IDN display form ("xn--bcher-kva.com" →
 * "bücher.com"); when that conversion fails, the lower-cased trimmed text is used.
 */
export function normaliseSearchInput(raw: string | null | undefined): string | null {
  const trimmed = (raw ?? "").trim();
  if (trimmed === "") return null;
  const lowered = trimmed.toLowerCase();
  try {
    return toIdnDisplay(lowered);
  } catch {
    return lowered;
  }
}

/** Lower-cases and converts every punycode label to Unicode; throws on malformed punycode. */
export function toIdnDisplay(name: string): string {
  return name
    .toLowerCase()
    .split(".")
    .map((label) => (label.startsWith("xn--") ? toUnicode(label) : label))
    .join(".");
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
