// Screenshots of the screens, kept by the test run under screenshots/ (gitignored): phone and desktop widths.
import type { Page } from '@playwright/test';
import fs from 'node:fs';

export const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/** Full-page screenshots at 390 px and 1280 px: screenshots/<name>-<lang>-<width>.png */
export async function shootWidths(page: Page, name: string, lang: string, ready?: () => Promise<void>) {
  fs.mkdirSync('screenshots', { recursive: true });
  const original = page.viewportSize();
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w.width, height: w.height });
    if (ready) await ready();
    await page.waitForTimeout(150);
    await page.screenshot({ path: `screenshots/${name}-${lang}-${w.width}.png`, fullPage: true, animations: 'disabled' });
  }
  if (original) await page.setViewportSize(original);
}
