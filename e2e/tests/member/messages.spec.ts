import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { rememberPreferences, signIn, useSession } from '../games/games-fixtures';
import { shoot, switchByEvents, watchForErrors } from '../../support/shell';
import { SCREENSHOT_DIR, expectNoSeriousAxe } from './member-fixtures';

/** The count an unread text says ("3 unread messages", "읽지 않은 메시지 3개"). */
const countIn = (text: string | null) => Number(/(\d+)/.exec(text ?? '')?.[1] ?? Number.NaN);

test('the demo member reads, deletes and marks all read, the badge following; a visitor sends feedback', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const session = await signIn(baseURL!);
  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  const { errors } = watchForErrors(page);
  await useSession(page, session);
  await rememberPreferences(page, 'EN', 'dark');
  await page.goto('/index?mc=messageV2');

  const panel = page.getByRole('dialog');
  await expect(panel.getByRole('heading', { name: 'Messages', level: 2, exact: true })).toBeVisible({
    timeout: 30_000,
  });
  const mailbox = panel.getByRole('list', { name: 'Mailbox' });
  await expect(mailbox.getByRole('listitem').first()).toBeVisible();
  // The seed's messages, in the member's language (Korean): system notices, an operator's message, a broadcast,
  // support's answer to feedback.
  await expect(mailbox).toContainText('입금 완료');
  const unreadText = panel.getByText(/^\d+ unread messages?$/);
  // Polled: the count shows 0 until the member's unread count has come (a race CI met once).
  await expect
    .poll(async () => countIn(await unreadText.textContent()), { message: 'the demo member has unread messages' })
    .toBeGreaterThan(0);
  // The bottom navigation's badge (behind the panel on a phone) says the same, from the member's socket. The back
  // office's journey may write to this member meanwhile: the two are compared, never a count kept from before.
  const badge = page.locator(
    'nav[aria-label="Main navigation"] [aria-label$="unread messages"], nav[aria-label="Main navigation"] [aria-label$="unread message"]',
  );
  const inStep = async () => ({
    page: countIn(await unreadText.textContent()),
    badge: (await badge.count()) === 0 ? 0 : countIn(await badge.textContent()),
  });
  await expect
    .poll(async () => {
      const now = await inStep();
      return now.page === now.badge;
    })
    .toBe(true);

  // Opening an unread message reads it: it is unread no more, and the badge follows without a reload.
  const first = mailbox.getByRole('button', { name: /^Unread:/ }).first();
  const opened = (await first.getAttribute('aria-controls')) ?? '';
  const before = await inStep();
  await first.click();
  const openedButton = mailbox.locator(`[aria-controls="${opened}"]`);
  await expect(openedButton).toHaveAttribute('aria-expanded', 'true');
  await expect(openedButton).not.toHaveAccessibleName(/^Unread:/);
  await expect.poll(async () => (await inStep()).badge).toBeLessThan(before.badge + 1);
  await expect
    .poll(async () => {
      const now = await inStep();
      return now.page === now.badge;
    })
    .toBe(true);
  await shoot(page, { path: path.join(SCREENSHOT_DIR, 'messages-open-375-dark-EN.png') });

  // Deleting asks first, then the message leaves the mailbox.
  const items = await mailbox.getByRole('listitem').count();
  await panel.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this message?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(openedButton).toHaveCount(0);
  expect(await mailbox.getByRole('listitem').count()).toBeLessThanOrEqual(items);

  // Mark all read: nothing unread, and the badge is gone.
  await panel.getByRole('button', { name: 'Mark all read' }).click();
  await expect(unreadText).toHaveText('0 unread messages');
  await expect(badge).toHaveCount(0);
  await expect(mailbox.getByRole('button', { name: /^Unread:/ })).toHaveCount(0);

  // Reopen the newest message so the screenshots show a body.
  await mailbox.getByRole('button').first().click();
  for (const width of [1280, 375] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    for (const [theme, language] of [
      ['dark', 'KO'],
      ['light', 'KO'],
      ['light', 'EN'],
      ['dark', 'EN'],
    ] as const) {
      await switchByEvents(page, theme, language);
      await expect(
        panel.getByRole('heading', { name: language === 'KO' ? '메시지' : 'Messages', level: 2, exact: true }),
      ).toBeVisible();
      await expect(panel.getByRole('tab', { name: language === 'KO' ? /메일함/ : /Mailbox/ })).toBeVisible();
      const overflow = await panel.evaluate((element) => element.scrollWidth - element.clientWidth);
      expect(overflow, `${width} ${theme} ${language} overflows sideways`).toBeLessThanOrEqual(0);
      await shoot(page, { path: path.join(SCREENSHOT_DIR, `messages-${width}-${theme}-${language}.png`) });
      if (language === 'EN') {
        await expectNoSeriousAxe(page, `${width} ${theme}`);
      }
    }
  }

  // Platform information: the brand's notices, in the page's language.
  await page.setViewportSize({ width: 1280, height: 900 });
  await panel.getByRole('tab', { name: 'Platform information' }).click();
  await expect(panel.getByRole('list', { name: 'Platform information' }).getByRole('listitem').first()).toBeVisible();
  await shoot(page, { path: path.join(SCREENSHOT_DIR, 'messages-notices-1280-dark-EN.png') });
  expect(errors).toEqual([]);
  await context.close();

  // A visitor sends feedback from the help centre: the proof of work is solved in the browser as it is sent.
  const visitor = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } });
  const help = await visitor.newPage();
  const visitorErrors = watchForErrors(help).errors;
  await rememberPreferences(help, 'EN', 'light');
  await help.goto('/help#feedback');
  const form = help.getByRole('form', { name: 'Send us feedback' });
  await form.getByRole('button', { name: 'Send feedback' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please enter content.');
  await form
    .getByRole('textbox', { name: /Your feedback/ })
    .fill('The help centre answered my question about withdrawals quickly, thank you for that.');
  await expect(form.getByText('13 words of 500')).toBeVisible();
  await form.getByRole('button', { name: 'Send feedback' }).click();
  await expect(form.getByRole('status')).toHaveText('Thank you, your feedback has been sent.', { timeout: 30_000 });
  await form.scrollIntoViewIfNeeded();
  await shoot(help, { path: path.join(SCREENSHOT_DIR, 'feedback-visitor-375-light-EN.png') });
  await expectNoSeriousAxe(help, 'feedback 375 light EN', '#feedback');
  expect(visitorErrors).toEqual([]);
  await visitor.close();
});
