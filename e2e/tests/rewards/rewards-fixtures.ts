import { expect, type Page } from '@playwright/test';
import path from 'node:path';
import { SCREENSHOT_DIR as ROOT, shoot, switchByEvents } from '../../support/shell';

/** Where the reward journeys' pictures go (written only with E2E_SCREENSHOTS=1). */
export const SCREENSHOT_DIR = path.join(ROOT, 'rewards');

/** Each width in both themes and both languages, across four pictures of a step. */
export const SHOTS = [
  { width: 1280, theme: 'dark', language: 'EN' },
  { width: 1280, theme: 'light', language: 'KO' },
  { width: 375, theme: 'light', language: 'EN' },
  { width: 375, theme: 'dark', language: 'KO' },
] as const;

/** The key step `name` in each of SHOTS, none scrolling sideways; back at 1280, dark, English after. */
export async function shootSteps(page: Page, name: string): Promise<void> {
  for (const shot of SHOTS) {
    await page.setViewportSize({ width: shot.width, height: shot.width === 375 ? 812 : 900 });
    await switchByEvents(page, shot.theme, shot.language);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect
      .soft(overflow, `${name} ${shot.width} ${shot.theme} ${shot.language} scrolls sideways`)
      .toBeLessThanOrEqual(0);
    await shoot(page, { path: path.join(SCREENSHOT_DIR, `${name}-${shot.width}-${shot.theme}-${shot.language}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await switchByEvents(page, 'dark', 'EN');
}
