import { expect, test } from '@playwright/test';
import { collectErrors, rememberPreferences } from './content-fixtures';

test.describe('help centre', () => {
  test('/help#terms scrolls to the terms once the help items have loaded', async ({ page }) => {
    const errors = collectErrors(page);
    await rememberPreferences(page, 'EN', 'dark');
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/help#terms');
    const terms = page.locator('section#terms');
    await expect(terms.getByRole('heading', { level: 2 })).toBeVisible();
    await expect(terms).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    // The site around it is there on /help.
    await expect(page.getByRole('banner')).toHaveCount(1);
    expect(errors).toEqual([]);
  });

  test('/helpmc shows the same help content with no header, menus or footer', async ({ page }) => {
    const errors = collectErrors(page);
    await rememberPreferences(page, 'KO', 'light');
    await page.goto('/helpmc');
    await expect(page.getByRole('heading', { level: 1, name: '고객센터' })).toBeVisible();
    await expect(page.locator('section#terms')).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('a question of the FAQ opens and closes', async ({ page }) => {
    await rememberPreferences(page, 'EN', 'dark');
    await page.goto('/help#faq');
    const faq = page.locator('section#faq');
    const question = faq.getByRole('button').first();
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(faq.getByRole('region').first()).toBeVisible();
  });
});
