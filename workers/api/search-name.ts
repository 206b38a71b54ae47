// A name as typed in a search, a cart line or a transfer → the registrable name under one of our
// extensions, or the API's 400 with the domain rules' code (core/domain-name.ts).
import { DOMAIN_ERROR_MESSAGES, parseDomainName, type ParsedDomainName } from "../../core/domain-name";
import type { CatalogueIndex } from "./db/catalogue";
import { nameFromParts } from "./domain-quote";
import { ApiError } from "./errors";

/**
 * A name as typed → the registrable name under one of our extensions. "www.example.com" is
 * searched as "example.com" (names are registered directly under an extension).
 */
export function parseSearchName(input: string, catalogue: CatalogueIndex): ParsedDomainName {
  const parsed = parseDomainName(input, (tld) => catalogue.byTld.has(tld));
  if (!parsed.ok) {
    throw new ApiError(400, parsed.error, DOMAIN_ERROR_MESSAGES[parsed.error], [
      { path: "domain", message: parsed.detail },
    ]);
  }
  return registrableName(parsed.name, catalogue);
}

/** "www.example.com" → "example.com": the label right under the extension (the registry checks only those). */
export function registrableName(name: ParsedDomainName, catalogue: CatalogueIndex): ParsedDomainName {
  if (!name.label.includes(".")) return name;
  const row = catalogue.byTld.get(name.tld);
  const asciiLabel = name.label.slice(name.label.lastIndexOf(".") + 1);
  const unicodeLabel = name.labelUnicode.slice(name.labelUnicode.lastIndexOf(".") + 1);
  return row ? nameFromParts({ ascii: asciiLabel, unicode: unicodeLabel }, row) : name;
}
