// The one ASCII label / TLD / host rule (registry form), apart from the IDN parsing
// (domain-name.ts, which re-exports these and holds the UTS #46 tables): schemas that run in the
// browser check hosts with these and load no IDN table.

/** An LDH label: 1–63 letters, digits, hyphens, no hyphen at either end. */
export const LDH_LABEL_PATTERN = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** A TLD as the catalogue stores it: letters, or an A-label ("com", "xn--p1ai"). */
export const TLD_PATTERN = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
/** A host name as registries take it: LDH labels, a dot, a real-looking TLD, at most 253 octets. */
export const HOST_PATTERN = /^(?=.{1,253}$)(?:(?!-)[a-z0-9-]{1,63}(?<!-)\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** An ASCII label registries take: LDH, and "--" in positions 3–4 only for an A-label. */
export function isLdhLabel(label: string): boolean {
  return LDH_LABEL_PATTERN.test(label) && (label.slice(2, 4) !== "--" || label.startsWith("xn--"));
}

export function isAsciiTld(tld: string): boolean {
  return TLD_PATTERN.test(tld);
}

export function isHostName(host: string): boolean {
  return HOST_PATTERN.test(host);
}

export function isALabel(label: string): boolean {
  return label.startsWith("xn--");
}

/** A host as typed or published ("NS1.Example.COM. ") → "ns1.example.com": trimmed, lower case, no final dot. */
export function normaliseHost(value: string): string {
  return value.trim().toLowerCase().replace(/\.$/, "");
}
