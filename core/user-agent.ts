// A sign-in's device as the owner sees it in their login history (issue 18): a short name made
// only of known words and digits ("Firefox 128 · Linux"), never the raw User-Agent header — a
// failed sign-in by anyone writes a row to the owner's history, so its text must not reach them.

/** The longest device name: a browser and a system out of the lists below. */
export const DEVICE_MAX_LENGTH = 60;

const BROWSERS: readonly (readonly [RegExp, string])[] = [
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
  [/\bpython-requests\/(\d+)/u, "Python requests"],
  [/\bWget\/(\d+)/u, "Wget"],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\b(?:iPhone|iPad|iPod)\b/u, "iOS"],
  [/\bAndroid\b/u, "Android"],
  [/\bCrOS\b/u, "ChromeOS"],
  [/\bWindows\b/u, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/u, "macOS"],
  [/\bLinux\b/u, "Linux"],
];

const BROWSER_NAMES = [...new Set(BROWSERS.map(([, name]) => name))];
const SYSTEM_NAMES = [...new Set(SYSTEMS.map(([, name]) => name))];
const alternatives = (names: readonly string[]) =>
  names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&")).join("|");
/** What deviceName answers: "Browser N · System", "Browser N" or "System". */
const DEVICE_NAME = new RegExp(
  `^(?:(?:${alternatives(BROWSER_NAMES)}) \\d{1,4}(?: · (?:${alternatives(SYSTEM_NAMES)}))?|(?:${alternatives(SYSTEM_NAMES)}))$`,
  "u",
);

/**
 * The short device name of a User-Agent header ("Chrome 120 · Windows", "curl 8", "Android"), or
 * null when neither a known browser nor a known system is in it. A value that already is such a
 * name (a stored row) answers itself, so the function may run on stored and raw values alike.
 */
export function deviceName(userAgent: string | null | undefined): string | null {
  const ua = userAgent?.trim().slice(0, 1024);
  if (!ua) return null;
  if (DEVICE_NAME.test(ua)) return ua;
  let browser: string | null = null;
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      browser = `${name} ${(match[1] ?? "").slice(0, 4)}`;
      break;
    }
  }
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  if (browser && system) return `${browser} · ${system}`;
  return browser ?? system;
}
