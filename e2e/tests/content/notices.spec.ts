import { expect, test } from '@playwright/test';
import path from 'node:path';
import { collectErrors, rememberPreferences, SCREENSHOT_DIR } from './content-fixtures';
import { shoot } from '../../support/shell';

test.describe('notices', () => {
  test('a notice opened from the lobby marquee shows in the notice modal, which pages through the list', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await rememberPreferences(page, 'EN', 'dark');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/index');

    const marquee = page.getByRole('region', { name: 'Announcements' });
    const items = marquee.getByRole('button', { name: /.+/ }).filter({ hasNot: page.getByText('All notices') });
    await expect(items.first()).toBeVisible();
    const count = await marquee.locator('ul:not([aria-hidden]) button').count();
    const chosen = marquee.locator('ul:not([aria-hidden]) button').nth(count - 1);
    const title = (await chosen.textContent())?.trim() ?? '';
    expect(title).not.toBe('');
    // Focus stops the scrolling, as it does for a keyboard user, so the click lands on a still target.
    await chosen.focus();
    await chosen.click();

    const dialog = page.getByRole('dialog', { name: 'Notices' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: title, exact: true })).toBeVisible();
    await expect(dialog.locator('time').last()).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await shoot(page, { path: path.join(SCREENSHOT_DIR, 'notice-modal-1280-dark-EN.png') });

    const list = dialog.getByRole('list', { name: /^Notices, page/ });
    const pages = dialog.getByRole('navigation', { name: 'Notice pages' });
    await expect(pages, 'the demo brand has more than 9 notices').toBeVisible();
    const current = pages.locator('[aria-current="page"]');
    const before = await current.textContent();
    const firstRowBefore = await list.getByRole('button').first().textContent();
    const step = before === '1' ? 'Next' : 'Previous';
    await pages.getByRole('button', { name: step }).click();
    await expect(current).not.toHaveText(before ?? '');
    await expect(list.getByRole('button').first()).not.toHaveText(firstRowBefore ?? '');
    expect(await list.getByRole('button').count()).toBeLessThanOrEqual(9);

    await list.getByRole('button').first().click();
    const picked = (await list.getByRole('button').first().locator('span').first().textContent()) ?? '';
    await expect(dialog.getByRole('heading', { name: picked, exact: true })).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(errors).toEqual([]);
  });

  test('the notice page lists 9 notices a page with first and last buttons', async ({ page }) => {
    const errors = collectErrors(page);
    await rememberPreferences(page, 'EN', 'light');
    await page.goto('/noticePage');
    const list = page.getByRole('list', { name: /^Notices, page 1 of \d+/ });
    await expect(list).toBeVisible();
    expect(await list.getByRole('button').count()).toBe(9);
    const pages = page.getByRole('navigation', { name: 'Notice pages' });
    await pages.getByRole('button', { name: 'Last' }).click();
    await expect(pages.getByRole('button', { name: 'Last' })).toBeDisabled();
    await expect(pages.getByRole('button', { name: 'First' })).toBeEnabled();
    expect(errors).toEqual([]);
  });
});
