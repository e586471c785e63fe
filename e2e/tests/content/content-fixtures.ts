import path from 'node:path';
import type { Page } from '@playwright/test';

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../screenshots/content');

export type Language = 'KO' | 'EN';
export type Theme = 'dark' | 'light';

/** Starts the page in a language and theme, as a returning visitor would have them remembered. */
export async function rememberPreferences(page: Page, language: Language, theme: Theme) {
  await page.addInitScript(
    ([lang, chosenTheme]) => {
      localStorage.setItem('lang', lang);
      localStorage.setItem('theme', chosenTheme);
    },
    [language, theme] as const,
  );
}

/** Collects console errors and uncaught exceptions; a page with any fails its test. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
