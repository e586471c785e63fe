import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { watchForErrors } from '../../support/shell';
import { signedInContext } from '../backoffice/backoffice-fixtures';
import { register, rememberPreferences, seeded, useSession } from '../games/games-fixtures';
import { call, SCREENSHOT_DIR, shootSteps } from './rewards-fixtures';

// Application promotions (issue 36, decision 0052): a new member finds the demo brand's SHAREWIN on /promotions,
// applies with a comment and a PNG through the dialog; an operator approves it through the back office's API (the
// page has its own journey, backoffice/applications.spec.ts); the member sees "Issued" with the reward paid, and the
// mailbox message.

const PASSWORD = 'Parlay1234!';
const CODE = 'SHAREWIN';

interface Offers {
  items: { code: string; title: string; rewardMinor: number; state: string }[];
}

/** A small PNG (64 × 40, an orange gradient), as a screenshot of a win would be. */
const WIN_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAoCAYAAABOzvzpAAAAf0lEQVR4AeXBAQGAMAAEIXZpjGhsG7ggD+d7n18IIYQQQgghhBBCCCGEEEIIIYQQQgghhBBCCCGEEEIIIYQQQgghhBAZl3EZl3EZl3EZl3EZl3EZl3EZl3EZl3EZl3EZl3EZl3EZl3EZl3EZl3EZl3EZl3EZl3EZl3EZl3EZdwGxoANdxRI1cAAAAABJRU5ErkJggg==',
  'base64',
);

test('a member applies with a PNG, an operator approves it, and the member sees it issued and the message', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const session = await register(baseURL!, { prefix: 'apply', password: PASSWORD });
  const offers = await call<Offers>(baseURL!, session.token, '/wps/promotions/applications');
  const offer = seeded(
    offers.items.find((item) => item.code === CODE),
    'the application promotion SHAREWIN',
  );
  expect(offer.state).toBe('join');

  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const { errors } = watchForErrors(page);
  await rememberPreferences(page, 'EN', 'dark');
  await useSession(page, session);

  // 1. /promotions lists the offer once, as the hub's card, with its one action (decision 0058).
  await page.goto('/promotions');
  const card = page.getByTestId(`promotion-${CODE}`);
  await expect(page.getByText(offer.title, { exact: true })).toHaveCount(1);
  await expect(card).toContainText(offer.title);
  await expect(card).toContainText('Open');
  await shootSteps(page, 'application-offers');

  // 2. The dialog: a comment with its counter, a PNG with its preview.
  await card.getByRole('button', { name: 'Apply' }).click();
  const dialog = page.locator('[data-modal="application-apply"]');
  await dialog.getByRole('textbox', { name: 'Comment' }).fill('Hit the jackpot on Dice tonight!');
  await expect(dialog.getByTestId('comment-counter')).toHaveText('32 / 140');
  await dialog.getByTestId('apply-images').setInputFiles({ name: 'win.png', mimeType: 'image/png', buffer: WIN_PNG });
  await expect(dialog.getByRole('img', { name: 'win.png' })).toBeVisible();
  await shootSteps(page, 'application-dialog');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText('Applying');

  // 3. An operator approves it through the back office's API, from a signed-in back-office page.
  const mine = await call<{ items: { id: number; status: string; imageIds: number[] }[] }>(
    baseURL!,
    session.token,
    '/wps/member/applications',
  );
  const application = seeded(mine.items[0], 'the application just sent');
  expect(application).toMatchObject({ status: 'applying' });
  expect(application.imageIds).toHaveLength(1);
  const operator = await signedInContext(browser, baseURL!, 'demo-finance');
  const approved = await operator.page.evaluate(async (id) => {
    const response = await fetch(`/bo/api/brands/parlay/applications/${id}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return (await response.json()) as { success: boolean; code: string; value: { status: string } };
  }, application.id);
  expect(approved, JSON.stringify(approved)).toMatchObject({ success: true, value: { status: 'issued' } });
  await operator.context.close();

  // 4. The member sees it issued with the reward paid, and the mailbox message.
  await page.reload();
  await expect(card).toContainText('Issued');
  await expect(page.getByTestId(`application-${application.id}`)).toContainText(
    `${offer.rewardMinor.toLocaleString('en-US')} paid to your balance`,
  );
  await shootSteps(page, 'application-issued');
  const messages = await call<{ items: { title: string; body: string }[] }>(
    baseURL!,
    session.token,
    '/wps/member/messages',
  );
  expect(messages.items.map((message) => message.title)).toEqual(
    expect.arrayContaining([expect.stringMatching(/Application approved|이벤트 신청 승인/)]),
  );
  expect(errors).toEqual([]);
  await context.close();
});
