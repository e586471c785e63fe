import { axe } from '../../support/axe';
import { expect, type Locator, type Page } from '@playwright/test';
import path from 'node:path';
import { SCREENSHOT_DIR as ROOT, shoot, switchByEvents } from '../../support/shell';

/** Where the member centre's journeys keep their screenshots. */
export const SCREENSHOT_DIR = path.join(ROOT, 'member');

/** Axe over the open panel (or another part of the page): nothing serious or critical, reported softly. */
export async function expectNoSeriousAxe(page: Page, where: string, scope = '[role="dialog"]'): Promise<void> {
  const results = await axe(page).include(scope).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect.soft(serious, where).toEqual([]);
}

/** Every width, theme and language of one page, switched in the page: screenshots, no sideways scroll, axe. */
export async function shootEveryWay(
  page: Page,
  panel: Locator,
  name: string,
  heading: { KO: string; EN: string },
): Promise<void> {
  for (const width of [1280, 375] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    for (const [theme, language] of [
      ['dark', 'EN'],
      ['light', 'EN'],
      ['light', 'KO'],
      ['dark', 'KO'],
    ] as const) {
      await switchByEvents(page, theme, language);
      // The page's own heading (on a phone the panel's bar names the page too).
      await expect(panel.locator('h2:not([data-panel-title])', { hasText: heading[language] })).toBeVisible();
      const overflow = await panel.evaluate((element) => element.scrollWidth - element.clientWidth);
      expect(overflow, `${name} ${width} ${theme} ${language} overflows sideways`).toBeLessThanOrEqual(0);
      await shoot(page, { path: path.join(SCREENSHOT_DIR, `${name}-${width}-${theme}-${language}.png`) });
      if (language === 'EN') await expectNoSeriousAxe(page, `${name} ${width} ${theme}`);
    }
  }
}

/** The texts of the panel's level-2 headings drawn on screen: one kept for a screen reader only is 1 px wide. */
export async function drawnTitles(panel: Locator): Promise<string[]> {
  return panel
    .locator('h2')
    .evaluateAll((headings) =>
      headings
        .filter((heading) => heading.getBoundingClientRect().width > 1)
        .map((heading) => heading.textContent?.trim() ?? ''),
    );
}
