import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { rememberPreferences, signIn as signInMember, useSession, type Session } from '../games/games-fixtures';
import {
  SCREENSHOT_DIR,
  screenshot,
  seriousViolations,
  settled,
  showView,
  signedInContext,
  VIEWS,
  watchErrors,
} from './backoffice-fixtures';
import { shoot } from '../../support/shell';

// The Messages and Feedback pages, as the demo support operator (messages.write), of this file alone. The `demo`
// member's site is open beside it: what the operator sends arrives in the member's mailbox without a reload.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

let support: { context: BrowserContext; page: Page };
let player: { context: BrowserContext; page: Page };
let session: Session;
let errors: string[];
const stamp = Date.now().toString(36);

test.beforeAll(async ({ browser, baseURL }) => {
  support = await signedInContext(browser, baseURL!, 'demo-support');
  errors = watchErrors(support.page);
  session = await signInMember(baseURL!);
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await useSession(page, session);
  await rememberPreferences(page, 'EN', 'dark');
  await page.goto('/index?mc=messageV2');
  await expect(page.getByRole('dialog').getByRole('list', { name: 'Mailbox' })).toBeVisible({ timeout: 30_000 });
  player = { context, page };
});

test.afterAll(async () => {
  await support?.context.close();
  await player?.context.close();
});

test("support writes to the demo member, and it arrives in the member's open mailbox", async () => {
  const { page } = support;
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Messages' }).click();
  await expect(page).toHaveURL(/\/backoffice\/brands\/parlay\/messages$/);
  await settled(page);
  const title = `About your withdrawal ${stamp}`;
  await page.getByRole('combobox', { name: 'To' }).selectOption('member');
  await page.getByRole('textbox', { name: /Member account/ }).fill('demo');
  await page.getByRole('textbox', { name: /Title/ }).fill(title);
  await page.getByRole('textbox', { name: /^Message/ }).fill('It left our bank this morning.\nThank you for waiting.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Sent to 1 member')).toBeVisible();
  const sent = page.getByRole('table', { name: 'Sent messages' });
  await expect(sent.getByRole('row').filter({ hasText: title })).toContainText('Member demo');

  // The member's page, untouched: the socket's new count brings the message in.
  const mailbox = player.page.getByRole('dialog').getByRole('list', { name: 'Mailbox' });
  await expect(mailbox.getByRole('button', { name: new RegExp(title) })).toBeVisible({ timeout: 15_000 });
  await expect(mailbox.getByRole('button', { name: new RegExp(`^Unread: ${title}`) })).toBeVisible();
  await shoot(player.page, { path: path.join(SCREENSHOT_DIR, 'messages-arrived-player.png') });

  // A broadcast asks first.
  await page.getByRole('combobox', { name: 'To' }).selectOption('all');
  await page.getByRole('textbox', { name: /Title/ }).fill(`Everyone ${stamp}`);
  await page.getByRole('textbox', { name: /^Message/ }).fill('A word to every member.');
  await page.getByRole('button', { name: 'Send message' }).click();
  const confirm = page.getByRole('dialog', { name: 'Send to many members?' });
  await expect(confirm).toBeVisible();
  await screenshot(page, 'messages-confirm');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();

  for (const view of VIEWS) {
    await showView(page, view);
    await screenshot(page, `messages-${view.width}-${view.theme}-${view.language}`);
    if (view.axe)
      expect.soft(await seriousViolations(page), `messages ${view.width} ${view.theme} ${view.language}`).toEqual([]);
  }
});

test("support answers the demo member's feedback: the answer lands in the mailbox", async ({ baseURL }) => {
  // The member writes (through the site's call, by session); support finds it open in the inbox.
  const content = `The evening lobby loads slowly on my phone, could you look into it please ${stamp}`;
  const response = await fetch(`${baseURL}/wps/feedback`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}`, language: 'EN' },
    body: JSON.stringify({ content }),
  });
  expect(response.status).toBe(200);

  const { page } = support;
  await showView(page, { width: 1280, theme: 'dark', language: 'EN' });
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Feedback' }).click();
  await expect(page).toHaveURL(/\/backoffice\/brands\/parlay\/feedback$/);
  await settled(page);
  await page.getByRole('combobox', { name: 'Show' }).selectOption('open');
  const table = page.getByRole('table', { name: 'Feedback' });
  const row = table.getByRole('row').filter({ hasText: stamp });
  await expect(row).toContainText('Not answered');
  await row.getByRole('button', { name: /read and answer/ }).click();
  await page
    .getByRole('textbox', { name: 'Your answer' })
    .fill('We added servers for the evening; it should be quick now.');
  await page.getByRole('button', { name: 'Send answer' }).click();
  await expect(page.getByText("The answer is in the member's mailbox.")).toBeVisible();

  const mailbox = player.page.getByRole('dialog').getByRole('list', { name: 'Mailbox' });
  // In the member's own language (the demo member's is Korean), whatever the page's.
  const answer = mailbox.getByRole('button', { name: /의견에 대한 답변|Answer to your feedback/ }).first();
  await expect(answer).toBeVisible({ timeout: 15_000 });
  await answer.click();
  await expect(player.page.getByRole('dialog').getByText(/We added servers for the evening/)).toBeVisible();
  await shoot(player.page, { path: path.join(SCREENSHOT_DIR, 'feedback-answer-player.png') });

  await page.getByRole('combobox', { name: 'Show' }).selectOption('');
  for (const view of VIEWS) {
    await showView(page, view);
    await screenshot(page, `feedback-${view.width}-${view.theme}-${view.language}`);
    if (view.axe)
      expect.soft(await seriousViolations(page), `feedback ${view.width} ${view.theme} ${view.language}`).toEqual([]);
  }
  expect(errors).toEqual([]);
});
