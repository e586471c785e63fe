import { expect, type ConsoleMessage, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');
export const THEMES = ['dark', 'light'] as const;
export const LANGUAGES = ['KO', 'EN'] as const;
export const VIEWPORTS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

/**
 * The theme and language pairs a page is loaded in at each width: between the two widths every page is
 * seen in all four pairs, and at each width in both themes and both languages. All four at both widths
 * doubled the longest journeys for pairs the other width already shows.
 */
export const PAIRS: Record<
  (typeof VIEWPORTS)[number]['name'],
  [(typeof THEMES)[number], (typeof LANGUAGES)[number]][]
> = {
  phone: [
    ['dark', 'KO'],
    ['light', 'EN'],
  ],
  desktop: [
    ['light', 'KO'],
    ['dark', 'EN'],
  ],
};

/** Runs in the page: stores a theme and language as the site's own toggles do. */
function storeInPage(stored: { theme: string; language: string }): void {
  localStorage.setItem('theme', stored.theme);
  localStorage.setItem('lang', stored.language);
}

/** Sets the theme and language a returning visitor has stored, before any page script runs. */
export async function rememberChoices(page: Page, theme: string, language: string): Promise<void> {
  await page.addInitScript(storeInPage, { theme, language });
}

/** Stores a theme and language on the page's origin, for its next load; the page must be on the site. */
export async function storeChoices(page: Page, theme: string, language: string): Promise<void> {
  await page.evaluate(storeInPage, { theme, language });
}

/**
 * Collects console errors and failed requests. An API call answered 404 is a call whose feature
 * has not landed yet (the page then shows its honest empty state); every other failure counts.
 */
export function watchForErrors(page: Page): { errors: string[]; missingApis: Set<string> } {
  const errors: string[] = [];
  const missingApis = new Set<string>();
  const apiNotFound = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.status() === 404 && /^\/(wps|lgw|lotto)\//.test(url.pathname)) {
      apiNotFound.add(response.url());
      missingApis.add(url.pathname);
    }
  });
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    if (/Failed to load resource/.test(message.text()) && apiNotFound.has(message.location().url)) return;
    errors.push(`${message.text()} @ ${message.location().url}`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? '';
    if (!failure.includes('ERR_ABORTED')) errors.push(`request failed: ${request.url()} ${failure}`);
  });
  return { errors, missingApis };
}

/**
 * Loads the images a visitor would meet scrolling down (footer logos are `loading="lazy"`), so a
 * full-page picture shows the page as it looks once read to the end, not blanks below the fold.
 */
export async function loadLazyImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const images = Array.from(document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]'));
    for (const image of images) image.loading = 'eager';
    await Promise.all(
      images
        .filter((image) => !image.complete)
        .map(
          (image) =>
            new Promise((resolve) => {
              image.addEventListener('load', resolve, { once: true });
              image.addEventListener('error', resolve, { once: true });
              setTimeout(resolve, 3_000);
            }),
        ),
    );
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await loadLazyImages(page);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** Waits until the shell has drawn the page: the status call answered and no loader is left. */
export async function waitForShell(page: Page): Promise<void> {
  await expect(page.locator('main, [data-page]').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-page-loader]')).toHaveCount(0, { timeout: 30_000 });
}
