import type { Locator, Page } from "@playwright/test";

/**
 * Perceived lightness (0 = black, 1 = white) of a computed CSS colour. Chromium reports
 * Tailwind 4's palette as oklch(...) and plain colours as rgb(...).
 */
export function lightness(color: string): number {
  const oklch = /^oklch\(\s*([\d.]+)(%?)/.exec(color);
  if (oklch) return Number(oklch[1]) / (oklch[2] === "%" ? 100 : 1);
  const rgb = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)/.exec(color);
  if (rgb) {
    const [r, g, b] = rgb.slice(1, 4).map((channel) => Number(channel) / 255);
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  }
  throw new Error(`unexpected colour format: ${color}`);
}

/** The page background the user sees: the body's computed background colour. */
export async function bodyBackground(page: Page): Promise<string> {
  return page.locator("body").evaluate((body) => getComputedStyle(body).backgroundColor);
}

export async function backgroundOf(locator: Locator): Promise<string> {
  return locator.evaluate((element) => getComputedStyle(element).backgroundColor);
}
