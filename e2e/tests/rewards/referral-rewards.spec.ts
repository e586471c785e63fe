import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { shoot, switchByEvents, watchForErrors } from '../../support/shell';
import {
  screenshot as boScreenshot,
  seriousViolations,
  settled,
  showView,
  signedInContext,
  watchErrors,
} from '../backoffice/backoffice-fixtures';
import { rememberPreferences, signIn, useSession } from '../games/games-fixtures';
import { SCREENSHOT_DIR, SHOTS, shootSteps } from './rewards-fixtures';

// Referral rewards and abuse flags (issue 36, decision 0057). The demo seed switched the demo brand's referral rules
// on: one of the demo member's invited players qualified and the demo member was paid; another signed in from the
// demo member's address, so its reward waits in the abuse queue (apps/server/src/db/seed-referral-rewards.ts). An
// operator finds the flag with its evidence, releases it with a reason, and the demo member's referral page shows
// both rewards earned.

/** The demo brand's inviter's reward (seed-referral-rewards.ts), in won. */
const REWARD = 30_000;
const won = (minor: number) => `₩${new Intl.NumberFormat('en').format(minor)}`;

test('an operator releases the held referral reward, and the demo member sees both rewards earned', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });

  // 1. The queue: the demo member's held reward, with the address it shares with its invited player.
  const operator = await signedInContext(browser, baseURL!, 'demo-admin');
  const boErrors = watchErrors(operator.page);
  await operator.page.goto('/backoffice/brands/parlay/bonuses/abuse-flags');
  await settled(operator.page);
  const table = operator.page.getByRole('table', { name: 'Abuse flags' });
  const row = table.getByRole('row').filter({ hasText: 'Referral reward' }).filter({ hasText: 'demo' }).first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row.getByTestId('flag-evidence')).toContainText('203.0.113.24');
  await expect(row).toContainText(won(REWARD));
  for (const view of [
    { width: 1280, theme: 'dark', language: 'EN' },
    { width: 1280, theme: 'light', language: 'KO' },
  ] as const) {
    await showView(operator.page, view);
    await boScreenshot(operator.page, `abuse-flags-${view.width}-${view.theme}-${view.language}`);
    expect.soft(await seriousViolations(operator.page), `abuse flags ${JSON.stringify(view)}`).toEqual([]);
  }
  await showView(operator.page, { width: 1280, theme: 'dark', language: 'EN' });

  // 2. Released with a reason: paid now, once; the flag leaves the open queue for the released one.
  const flagName = await row.getByRole('button', { name: /^Release flag #\d+$/ }).getAttribute('aria-label');
  const flagId = flagName!.replace(/\D/g, '');
  await row.getByRole('button', { name: `Release flag #${flagId}` }).click();
  const dialog = operator.page.getByRole('dialog', { name: new RegExp(`Release flag #${flagId}`) });
  await expect(dialog).toContainText(`${won(REWARD)} is paid to demo now, once.`);
  const release = dialog.getByRole('button', { name: 'Release' });
  await expect(release).toBeDisabled();
  await dialog.getByRole('textbox', { name: /Reason/ }).fill('Same household, checked with the member by phone');
  await boScreenshot(operator.page, 'abuse-flags-release-1280-dark-EN');
  await release.click();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole('button', { name: `Release flag #${flagId}` })).toHaveCount(0);
  await operator.page.getByRole('button', { name: 'Released', exact: true }).click();
  const released = operator.page
    .getByRole('table', { name: 'Abuse flags' })
    .getByRole('row', { name: new RegExp(`#${flagId}`) });
  await expect(released).toContainText('Same household, checked with the member by phone');

  // 3. The rules the brand set, with its figures.
  await operator.page.goto('/backoffice/brands/parlay/bonuses/referrals');
  await settled(operator.page);
  await expect(operator.page.getByRole('checkbox', { name: 'Referral rewards on' })).toBeChecked();
  await expect(operator.page.getByLabel(/^Inviter's reward/)).toHaveValue('30000');
  await boScreenshot(operator.page, 'referral-settings-1280-dark-EN');
  expect(boErrors).toEqual([]);
  await operator.context.close();

  // 4. The demo member's referral page: the terms, both rewards earned, each invited player's state.
  const session = await signIn(baseURL!);
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const { errors } = watchForErrors(page);
  await useSession(page, session);
  await rememberPreferences(page, 'EN', 'dark');
  await page.goto('/index?mc=referral');
  const panel = page.getByRole('dialog');
  const rewards = panel.getByRole('region', { name: 'Referral reward' });
  await expect(rewards).toContainText(`Earn ${won(REWARD)} for each friend`, { timeout: 30_000 });
  await expect(rewards.getByTestId('referral-earned')).toHaveText(won(2 * REWARD));
  const rows = panel.getByRole('table').getByRole('row');
  await expect(rows.filter({ hasText: 'de*********7' })).toContainText(`Rewarded ${won(REWARD)}`);
  await expect(rows.filter({ hasText: 'de*********3' })).toContainText(`Rewarded ${won(REWARD)}`);
  await expect(rows.filter({ hasText: 'de*********4' }).getByRole('progressbar')).toHaveCount(2);
  await shootSteps(page, 'referral-rewards');
  // And the friends' list, further down the panel: each one's progress and reward, at each width and theme.
  for (const shot of SHOTS) {
    await page.setViewportSize({ width: shot.width, height: shot.width === 375 ? 812 : 900 });
    await switchByEvents(page, shot.theme, shot.language);
    await rows.last().scrollIntoViewIfNeeded();
    const overflow = await panel.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect
      .soft(overflow, `progress ${shot.width} ${shot.theme} ${shot.language} scrolls sideways`)
      .toBeLessThanOrEqual(0);
    await shoot(page, {
      path: path.join(SCREENSHOT_DIR, `referral-progress-${shot.width}-${shot.theme}-${shot.language}.png`),
    });
  }
  expect(errors).toEqual([]);
  await context.close();
});
