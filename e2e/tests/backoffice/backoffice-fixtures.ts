import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { axe } from '../../support/axe';
import { expect, type Browser, type Page } from '@playwright/test';
import { settleAnimations, shoot } from '../../support/shell';

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../screenshots/backoffice');
/** The demo operators' password and authenticator secret, as README lists them (demo only). */
export const DEMO_PASSWORD = 'parlay-demo-operator';
export const DEMO_TOTP_SECRET = 'PARLAYDEMOTOTPSECRETNOTFORPROD22';
export const THEMES = ['dark', 'light'] as const;
export const LANGUAGES = ['KO', 'EN'] as const;

function decodeBase32(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/\s+/g, '').toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** The 6 digits an authenticator shows for `secret` at a 30-second step (RFC 6238, as every app computes it). */
export function totpAt(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac('sha1', decodeBase32(secret)).update(counter).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

const lastStep = new Map<string, number>();

/**
 * A code the server takes for `login` now. It takes each step once, and only a step after the last one used (the
 * current one or one either side, for clock drift): a second sign-in within 30 s uses the next step, and a third
 * waits for the clock. Never the step before: the server's clock may have passed into the next step since. One
 * operator per spec file where the roles allow, so workers rarely share one (signedInContext tries again when they
 * do).
 */
export async function nextCode(login: string, secret = DEMO_TOTP_SECRET): Promise<string> {
  for (;;) {
    const now = Math.floor(Date.now() / 30_000);
    const step = Math.max(now, (lastStep.get(login) ?? -Infinity) + 1);
    if (step <= now + 1) {
      lastStep.set(login, step);
      return totpAt(secret, step);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** Stores a theme and language as the back office's own toggles do, before any of its scripts runs. */
export async function rememberChoices(page: Page, theme: string, language: string): Promise<void> {
  await page.addInitScript(
    (stored) => {
      localStorage.setItem('bo.theme', stored.theme);
      localStorage.setItem('bo.lang', stored.language);
    },
    { theme, language },
  );
}

/** Signs in at /backoffice/sign-in with the password, then the authenticator's code. */
export async function signIn(page: Page, login: string, options: { secret?: string } = {}): Promise<void> {
  await page.getByLabel(/^(Login|아이디)/).fill(login);
  await page.getByLabel(/^(Password|비밀번호)/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /^(Continue|계속)$/ }).click();
  await page.getByLabel(/^(Authenticator code|인증 코드)/).fill(await nextCode(login, options.secret));
  await page.getByRole('button', { name: /^(Sign in|로그인)$/ }).click();
}

/** A new browser context signed in as `login`, in English and the dark theme unless told otherwise. */
export async function signedInContext(browser: Browser, baseURL: string, login: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/backoffice/sign-in');
  // Stored once, as the toggles store them: a journey may change them later.
  await page.evaluate(() => {
    localStorage.setItem('bo.theme', 'dark');
    localStorage.setItem('bo.lang', 'EN');
  });
  await page.reload();
  const sections = page.getByRole('navigation', { name: 'Sections' });
  // Another journey file may sign in as this operator with the same step's code, which the server takes once: each
  // further try takes the next step's code (nextCode). Two tries were not always enough with two workers busy.
  for (let attempt = 1; ; attempt += 1) {
    if (attempt > 1) await page.goto('/backoffice/sign-in');
    await signIn(page, login);
    try {
      await expect(sections).toBeVisible();
      break;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
  return { context, page };
}

/** Waits until the page has drawn: no loader left and its heading shown. */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('[data-page-loader]')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('h1').first()).toBeVisible();
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await shoot(page, { path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** axe's serious and critical findings on the page as it is drawn now. */
export async function seriousViolations(page: Page) {
  const results = await axe(page).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      nodes: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
    }));
}

/** Collects the page's script errors; a failed call the page shows is not one. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

export interface View {
  width: number;
  theme: (typeof THEMES)[number];
  language: (typeof LANGUAGES)[number];
  /** Whether axe checks the page in this view: once per theme at each width (VIEWS says why). */
  axe: boolean;
}

/**
 * The states a back-office page is drawn in: both themes and both languages at 1280 px, and two pairs at 768 px.
 * A page is loaded once and reaches each state by the top bar's own toggles and a resize (showView).
 *
 * Each is pictured; axe checks each theme at each width, in one language or the other. What axe finds depends on
 * the colours and on what the width draws (at 768 px the sections behind a menu button, a wide table scrolling in
 * a box of its own, which must then take focus), not on the language: both languages have every text, none empty
 * (apps/backoffice/src/i18n/catalogue.test.ts), and each is checked at each width. A check in every view was two in
 * six of a back-office journey's time over the same rules.
 */
export const VIEWS: readonly View[] = [
  { width: 1280, theme: 'dark', language: 'KO', axe: true },
  { width: 1280, theme: 'light', language: 'KO', axe: false },
  { width: 1280, theme: 'light', language: 'EN', axe: true },
  { width: 768, theme: 'light', language: 'EN', axe: true },
  { width: 1280, theme: 'dark', language: 'EN', axe: false },
  { width: 768, theme: 'dark', language: 'KO', axe: true },
];

/**
 * Shows the open page in `view` without loading it again, as an operator switches: the theme and language by the
 * top bar's toggles (switched at 1280 px, where the top bar shows them), then the width. Returns once the page
 * has redrawn in that language and its colours have finished changing.
 */
export async function showView(page: Page, view: Omit<View, 'axe'>): Promise<void> {
  const html = page.locator('html');
  await page.setViewportSize({ width: 1280, height: 900 });
  if ((await html.getAttribute('data-theme')) !== view.theme) {
    await page.getByRole('button', { name: /^(Use the (light|dark) theme|(밝은|어두운) 테마로 보기)$/ }).click();
  }
  const languageButton = page.getByRole('button', { name: /^(Switch to English|한국어로 보기)$/ });
  if ((await html.getAttribute('lang')) !== view.language.toLowerCase()) await languageButton.click();
  await expect(html).toHaveAttribute('data-theme', view.theme);
  await expect(html).toHaveAttribute('lang', view.language.toLowerCase());
  // The toggle names the other language once the page's texts are in this one.
  await expect(languageButton).toHaveAccessibleName(view.language === 'KO' ? 'Switch to English' : '한국어로 보기');
  await page.setViewportSize({ width: view.width, height: 900 });
  await settled(page);
  await settleAnimations(page);
}
