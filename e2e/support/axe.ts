import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { WIDTHS } from './shots';

/**
 * An axe scan (WCAG 2.x A/AA and best practices): no serious or critical violation. A control's accessible name must
 * also contain its visible text (label-content-name-mismatch, WCAG 2.5.3), which axe counts as experimental and leaves
 * out of its tags, so it is enabled by name: a speech user says what they see.
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string) {
  // One analysis for both: an explicitly enabled rule runs beside the tags (axe's runOnly by tag yields to
  // options.rules), so axe's source is injected and the page walked once, not twice.
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join('\n  ')}`,
    )
    .join('\n');
  expect(bad, `${label}\n${report}`).toEqual([]);
}

/**
 * The same scan at phone width (390 x 844) and then at desktop width (1280 x 800), in the page as it is: a layout
 * of its own at each width (the drawer, tables that scroll sideways, stacked forms) gets its own check, for the price
 * of one page load. Both widths are scanned even when the first fails, so one run names every violation.
 */
export async function expectNoSeriousA11yViolationsAtWidths(page: Page, label: string) {
  const original = page.viewportSize();
  const failures: string[] = [];
  for (const w of WIDTHS) {
    await page.setViewportSize({ width: w.width, height: w.height });
    // Two frames: whatever the new width changes (a media query, a resize observer) is drawn before the scan.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await expectNoSeriousA11yViolations(page, `${label} at ${w.width} px`).catch((e: Error) => failures.push(e.message));
  }
  if (original) await page.setViewportSize(original);
  expect(failures, failures.join('\n\n')).toEqual([]);
}
