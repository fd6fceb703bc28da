// Screenshots of the screens for people to look at, phone and desktop widths, under screenshots/ (gitignored).
// Taken only when asked (SHOTS=1): nothing compares them, and full-page captures are among the slowest steps
// of a run. What they show is asserted on the page itself (texts, roles, the chart's bars and table).
import type { Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';

export const SHOTS = process.env.SHOTS === '1';

export const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/** page.screenshot when SHOTS=1, after the page has settled; nothing otherwise. */
export async function shot(page: Page, file: string, opts: { fullPage?: boolean } = {}) {
  if (!SHOTS) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.waitForTimeout(150);
  await page.screenshot({ path: file, fullPage: opts.fullPage ?? false, animations: 'disabled' });
}

/** Full-page screenshots at 390 px and 1280 px when SHOTS=1: screenshots/<name>-<lang>-<width>.png */
export async function shootWidths(page: Page, name: string, lang: string) {
  if (!SHOTS) return;
  const original = page.viewportSize();
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w.width, height: w.height });
    await shot(page, `screenshots/${name}-${lang}-${w.width}.png`, { fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}
