import { expect, test } from '@playwright/test';
import path from 'node:path';
import { collectErrors, SCREENSHOT_DIR } from './content-fixtures';
import { loadLazyImages, PAIRS, storeChoices, VIEWPORTS } from '../../support/shell';

const PAGES = [
  { path: '/noticePage', name: 'notice-page', ready: '[aria-label^="Notices, page"], [aria-label^="공지사항, "]' },
  { path: '/help', name: 'help', ready: 'section#terms' },
  { path: '/helpmc', name: 'helpmc', ready: 'section#terms' },
  { path: '/down', name: 'down', ready: 'img[data-qr-value]' },
  { path: '/join', name: 'join', ready: 'h1' },
];

for (const target of PAGES) {
  for (const { name, width, height } of VIEWPORTS) {
    test(`${target.path} renders at ${width}px in both themes and languages with no console error`, async ({
      browser,
      baseURL,
    }) => {
      // One visitor, a load for each pair with another stored theme and language: the bundles come from
      // the cache.
      const context = await browser.newContext({ viewport: { width, height }, baseURL });
      const tab = await context.newPage();
      const errors = collectErrors(tab);
      await tab.goto('/readyz');
      for (const [theme, language] of PAIRS[name]) {
        await storeChoices(tab, theme, language);
        await tab.goto(target.path);
        await expect(tab.locator(target.ready).first()).toBeVisible();
        await expect(tab.locator('html')).toHaveAttribute('data-theme', theme);
        // The page's content fits the screen: nothing in it scrolls sideways on a phone.
        const overflow = await tab.evaluate(() => {
          const main = document.querySelector('main');
          return main ? main.scrollWidth - main.clientWidth : Number.POSITIVE_INFINITY;
        });
        expect(overflow, `${target.path} ${width} ${theme} ${language} overflows sideways`).toBeLessThanOrEqual(0);
        await loadLazyImages(tab);
        await tab.screenshot({
          path: path.join(SCREENSHOT_DIR, `${target.name}-${width}-${theme}-${language}.png`),
          fullPage: true,
        });
        expect(errors, `${target.path} ${width} ${theme} ${language}`).toEqual([]);
      }
      await context.close();
    });
  }
}
