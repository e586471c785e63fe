import { expect, test } from '@playwright/test';
import path from 'node:path';
import { collectErrors, SCREENSHOT_DIR, type Language, type Theme } from './content-fixtures';
import { loadLazyImages, storeChoices } from '../../support/shell';

const PAGES = [
  { path: '/noticePage', name: 'notice-page', ready: '[aria-label^="Notices, page"], [aria-label^="공지사항, "]' },
  { path: '/help', name: 'help', ready: 'section#terms' },
  { path: '/helpmc', name: 'helpmc', ready: 'section#terms' },
  { path: '/down', name: 'down', ready: 'img[data-qr-value]' },
  { path: '/join', name: 'join', ready: 'h1' },
];
const WIDTHS = [375, 1280];
const THEMES: Theme[] = ['dark', 'light'];
const LANGUAGES: Language[] = ['KO', 'EN'];

for (const target of PAGES) {
  for (const width of WIDTHS) {
    test(`${target.path} renders at ${width}px in both themes and languages with no console error`, async ({
      browser,
      baseURL,
    }) => {
      // One visitor, four loads with another stored theme and language: the bundles come from the cache.
      const context = await browser.newContext({ viewport: { width, height: width < 768 ? 780 : 900 }, baseURL });
      const tab = await context.newPage();
      const errors = collectErrors(tab);
      await tab.goto('/readyz');
      for (const theme of THEMES) {
        for (const language of LANGUAGES) {
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
      }
      await context.close();
    });
  }
}
