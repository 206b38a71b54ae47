// Pure helpers of the account-security page (unit-tested in format.test.ts).

/** A TOTP secret for typing by hand: groups of 4 characters separated by spaces. */
export function groupSecret(secret: string): string {
  return (secret.replace(/\s/gu, "").match(/.{1,4}/gu) ?? []).join(" ");
}

/** The recovery codes as a text file (CRLF-free, one code per line, with a short header). */
export function recoveryCodesFile(codes: readonly string[], heading: string): string {
  return `${heading}\n\n${codes.join("\n")}\n`;
}

/** A `data:` URL of a plain-text file: a download link that works without JavaScript. */
export function textDataUrl(text: string): string {
  return `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
}

const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/u, "Edge"],
  [/\bOPR\/(\d+)/u, "Opera"],
  [/\bSamsungBrowser\/(\d+)/u, "Samsung Internet"],
  [/\bFirefox\/(\d+)/u, "Firefox"],
  [/\bFxiOS\/(\d+)/u, "Firefox"],
  [/\bCriOS\/(\d+)/u, "Chrome"],
  [/\bHeadlessChrome\/(\d+)/u, "Headless Chrome"],
  [/\bChrom(?:e|ium)\/(\d+)/u, "Chrome"],
  [/\bVersion\/(\d+)(?:\.\d+)*.*\bSafari\//u, "Safari"],
  [/\bcurl\/(\d+)/u, "curl"],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/u, "iOS"],
  [/\bAndroid\b/u, "Android"],
  [/\bCrOS\b/u, "ChromeOS"],
  [/\bWindows\b/u, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/u, "macOS"],
  [/\bLinux\b/u, "Linux"],
];

/**
 * A short name for a user agent ("Chrome 120 · Windows"); the first 40 characters of an unknown
 * one; null for none.
 */
export function shortUserAgent(userAgent: string | null | undefined): string | null {
  const ua = userAgent?.trim();
  if (!ua) return null;
  let browser: string | null = null;
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  if (browser && system) return `${browser} · ${system}`;
  if (browser) return browser;
  if (system) return system;
  return ua.length > 40 ? `${ua.slice(0, 39)}…` : ua;
}

/**
 * A sign-in time in the reader's language with the time zone named ("22 Nov 2026, 18:42:10 UTC").
 * The server renders it in UTC; the browser re-renders it in its own zone after hydration.
 */
export function formatLoginTime(iso: string, locale: string, timeZone: string = "UTC"): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "long", timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "long", timeZone: "UTC" }).format(date);
  }
}
