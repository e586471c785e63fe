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

/**
 * Whether the journeys save their screenshots: `E2E_SCREENSHOTS=1`, for a person who looks at the pages
 * (CONTRIBUTING.md, "Screenshots"). Without it a journey still checks every width, theme and language it
 * visits; only the pictures, which nobody reads in a plain `npm test`, are not drawn (684 of them cost the
 * journeys about 1.5 minutes of a run).
 */
export const SAVE_SCREENSHOTS = process.env['E2E_SCREENSHOTS'] === '1';

/** `target.screenshot(options)` when SAVE_SCREENSHOTS, else nothing. */
export async function shoot(
  target: { screenshot(options: { path: string; fullPage?: boolean }): Promise<unknown> },
  options: { path: string; fullPage?: boolean },
): Promise<void> {
  if (SAVE_SCREENSHOTS) await target.screenshot(options);
}

/** A full-page screenshot of `page` as read to its end, named `name`, when SAVE_SCREENSHOTS. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!SAVE_SCREENSHOTS) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await loadLazyImages(page);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** Waits until the shell has drawn the page: the status call answered and no loader is left. */
export async function waitForShell(page: Page): Promise<void> {
  await expect(page.locator('main, [data-page]').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-page-loader]')).toHaveCount(0, { timeout: 30_000 });
}

/**
 * Waits until the page has had no request in flight for half a second: what `networkidle` waits for after a
 * load, here after an in-page change (a theme or language switch whose queries fetch again). Call it before
 * the change, then await what it returns after.
 */
export function trackNetwork(page: Page): () => Promise<void> {
  let inFlight = 0;
  let lastActivity = Date.now();
  const started = () => {
    inFlight += 1;
    lastActivity = Date.now();
  };
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return async () => {
    await expect
      .poll(() => inFlight === 0 && Date.now() - lastActivity >= 500, { message: 'the network quiet', timeout: 30_000 })
      .toBe(true);
  };
}

/**
 * Switches the page to `theme` and `language` with the site's own header controls, as a visitor does: the theme
 * toggle (shown at desktop widths) and the language select. The page then shows the pair without a new load.
 */
export async function switchInPage(page: Page, theme: string, language: string): Promise<void> {
  const html = page.locator('html');
  if ((await html.getAttribute('data-theme')) !== theme) {
    const toggle = page.locator('[data-site-header] [data-theme-toggle]').first();
    await toggle.click();
  }
  const select = page.locator('[data-site-header] [data-language-select]');
  if ((await select.inputValue()) !== language) await select.selectOption(language);
  await expect(html).toHaveAttribute('data-theme', theme);
  await expect(html).toHaveAttribute('lang', language.toLowerCase());
  // The select follows i18next once the language's texts are in.
  await expect(select).toHaveValue(language);
  await settleAnimations(page);
}

/**
 * switchInPage's pair set by dispatched events rather than clicks, for where a visitor's pointer cannot reach the
 * controls: at 375 px the header's theme toggle is hidden (the side menu has its own), and under a modal panel its
 * overlay stands in front of the header (the controls are reached as an assistive tool's keyboard would).
 */
export async function switchByEvents(page: Page, theme: 'dark' | 'light', language: 'KO' | 'EN'): Promise<void> {
  const html = page.locator('html');
  if ((await html.getAttribute('data-theme')) !== theme) {
    await page.locator('[data-site-header] [data-theme-toggle]').first().dispatchEvent('click');
  }
  await page
    .locator('[data-site-header] [data-language-select]')
    .first()
    .evaluate((select, value) => {
      const element = select as HTMLSelectElement;
      if (element.value === value) return;
      // React's own setter, so its change listener sees the new value as a person's choice.
      Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set?.call(element, value);
      element.dispatchEvent(new Event('change', { bubbles: true }));
    }, language);
  await expect(html).toHaveAttribute('data-theme', theme);
  await expect(html).toHaveAttribute('lang', language.toLowerCase());
  await settleAnimations(page);
}

/**
 * Waits for two frames to be drawn (after a resize or a switch) and for the colour transitions a theme switch
 * starts to end: what is measured or pictured then is the state the page settles in.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const transitions = document.getAnimations().filter((animation) => animation instanceof CSSTransition);
    await Promise.all(transitions.map((transition) => transition.finished.catch(() => undefined)));
  });
}
