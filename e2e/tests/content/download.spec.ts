import { expect, test } from '@playwright/test';
import { collectErrors, rememberPreferences } from './content-fixtures';

test.describe('app download page', () => {
  test('/down shows a QR code for each download of the brand and the install guides', async ({ page, baseURL }) => {
    const errors = collectErrors(page);
    await rememberPreferences(page, 'EN', 'dark');
    await page.goto('/down');
    const codes = page.locator('img[data-qr-value]');
    await expect(codes).toHaveCount(3);
    for (const code of await codes.all()) {
      await expect(code).toBeVisible();
      expect(await code.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
      expect(await code.getAttribute('data-qr-value')).toMatch(new RegExp(`^${baseURL ?? ''}/`));
    }
    await expect(page.getByAltText(/QR code for iOS Lite App/i)).toBeVisible();
    for (const id of ['ios', 'ios-lite', 'android']) {
      await expect(page.locator(`section#${id} ol > li`)).toHaveCount(4);
    }
    expect(errors).toEqual([]);
  });

  test("the right bar's download popover draws its QR code, whose library loads only then", async ({ page }) => {
    await rememberPreferences(page, 'EN', 'dark');
    await page.setViewportSize({ width: 1280, height: 900 });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/index');
    const trigger = page
      .getByRole('complementary', { name: 'Quick links' })
      .getByRole('button', { name: 'Android app' });
    await expect(trigger).toBeVisible();
    await page.waitForLoadState('networkidle');
    const before = scripts.length;
    await trigger.click();
    const code = page.getByRole('img', { name: 'QR code for the Android app' });
    await expect(code).toBeVisible();
    expect(await code.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    // The library came with the hover or the click, not with the page.
    expect(scripts.slice(before).length).toBeGreaterThan(0);
  });

  test('a scanned QR code lands on its install guide', async ({ page }) => {
    await rememberPreferences(page, 'KO', 'dark');
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/down#android');
    await expect(page.locator('section#android')).toBeInViewport();
  });
});
