import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { rememberPreferences, signIn as signInMember, useSession, type Session } from '../games/games-fixtures';
import {
  screenshot as backofficeScreenshot,
  seriousViolations,
  settled,
  showView,
  signedInContext,
  VIEWS,
  watchErrors,
} from '../backoffice/backoffice-fixtures';
import { SCREENSHOT_DIR, settleAnimations, shoot } from '../../support/shell';

// The support chat (docs/product/site-shell-and-routes.md#support-chat): the demo member opens it from the right
// bar and writes; the demo admin finds it in the back office's Support inbox and replies; the member's open chat
// shows the reply without a reload. Then the chat at 375 and 1280 px, dark and light, KO and EN, and a visitor's way
// in from the help page.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const PICTURES = path.join(SCREENSHOT_DIR, 'support');
const stamp = Date.now().toString(36);
let operator: { context: BrowserContext; page: Page };
let member: { context: BrowserContext; page: Page };
let session: Session;
let errors: string[];

test.beforeAll(async ({ browser, baseURL }) => {
  operator = await signedInContext(browser, baseURL!, 'demo-admin');
  errors = watchErrors(operator.page);
  session = await signInMember(baseURL!);
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await useSession(page, session);
  await rememberPreferences(page, 'EN', 'dark');
  member = { context, page };
});

test.afterAll(async () => {
  await operator?.context.close();
  await member?.context.close();
});

const chatOf = (page: Page) => page.getByRole('dialog', { name: /^(Customer support|고객센터)$/ });

test('a member writes from the right bar; an operator replies from the inbox; the reply arrives live', async () => {
  const { page } = member;
  await page.goto('/index');
  // The right bar's button (the side menu has one of the same name).
  await page
    .getByRole('complementary', { name: 'Quick links' })
    .getByRole('button', { name: 'Customer service' })
    .click();
  const chat = chatOf(page);
  await expect(chat).toBeVisible({ timeout: 30_000 });
  const question = `Where is my deposit? ${stamp}`;
  await chat.getByRole('textbox', { name: 'Message' }).fill(question);
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByText(question)).toBeVisible();
  await expect(chat.getByRole('textbox', { name: 'Message' })).toHaveValue('');

  // The operator's inbox lists it with its unread count.
  const { page: bo } = operator;
  await showView(bo, { width: 1280, theme: 'dark', language: 'EN' });
  await bo.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Support chat' }).click();
  await expect(bo).toHaveURL(/\/backoffice\/brands\/parlay\/support$/);
  await settled(bo);
  const entry = bo.getByRole('button').filter({ hasText: stamp });
  await expect(entry).toBeVisible({ timeout: 15_000 });
  await expect(entry.getByLabel('1 unread messages')).toBeVisible();
  await entry.click();
  await expect(bo.getByRole('heading', { name: 'demo' })).toBeVisible();
  const answer = `It arrived a minute ago, please check your balance ${stamp}`;
  await bo.getByRole('textbox', { name: 'Reply' }).fill(answer);
  await bo.getByRole('button', { name: 'Send reply' }).click();
  await expect(bo.getByText(answer)).toBeVisible();

  // The member's page, untouched: the reply comes over the socket.
  await expect(chat.getByText(answer)).toBeVisible({ timeout: 15_000 });
  // With the inbox open, the chat says support is online (after it reopens; the state is read on open).
  await shoot(page, { path: path.join(PICTURES, 'chat-reply-1280-dark-EN.png') });

  for (const view of VIEWS) {
    await showView(bo, view);
    await backofficeScreenshot(bo, `support-${view.width}-${view.theme}-${view.language}`);
    if (view.axe) {
      expect.soft(await seriousViolations(bo), `support ${view.width} ${view.theme} ${view.language}`).toEqual([]);
    }
  }
  expect(errors).toEqual([]);
});

test('the chat keeps its history at 375 and 1280 px, dark and light, KO and EN', async ({ browser, baseURL }) => {
  for (const width of [375, 1280] as const) {
    for (const theme of ['dark', 'light'] as const) {
      for (const language of ['KO', 'EN'] as const) {
        const context = await browser.newContext({ baseURL, viewport: { width, height: width < 768 ? 780 : 900 } });
        const page = await context.newPage();
        await useSession(page, session);
        await rememberPreferences(page, language, theme);
        // A phone has no right bar: the help page's invitation opens the chat.
        await page.goto('/help');
        await page.getByRole('button', { name: language === 'EN' ? 'Chat with support' : '채팅 상담하기' }).click();
        const chat = chatOf(page);
        await expect(chat).toBeVisible({ timeout: 30_000 });
        await expect(chat.getByText(`Where is my deposit? ${stamp}`)).toBeVisible();
        await expect(chat.getByText(/It arrived a minute ago/)).toBeVisible();
        if (width === 375) {
          // The panel covers the phone's screen, its composer in view.
          const box = await chat.boundingBox();
          expect(box?.width).toBe(375);
          await expect(chat.getByRole('button', { name: language === 'EN' ? 'Send' : '보내기' })).toBeInViewport();
        }
        await settleAnimations(page);
        await shoot(page, { path: path.join(PICTURES, `chat-${width}-${theme}-${language}.png`) });
        await context.close();
      }
    }
  }
});

test('a visitor opens the chat from the help page, and is told honestly when no one is online', async ({
  browser,
  baseURL,
}) => {
  // No operator has the inbox open now.
  await operator.page.goto('about:blank');
  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 780 } });
  const page = await context.newPage();
  await rememberPreferences(page, 'EN', 'light');
  await page.goto('/help');
  await page.getByRole('button', { name: 'Chat with support' }).click();
  const chat = chatOf(page);
  await expect(chat).toBeVisible({ timeout: 30_000 });
  await expect(chat.getByText(/No one from our support team is online/)).toBeVisible();
  await chat.getByRole('textbox', { name: 'Message' }).fill(`Can I try the games before registering? ${stamp}`);
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByText(`Can I try the games before registering? ${stamp}`)).toBeVisible();
  await shoot(page, { path: path.join(PICTURES, 'chat-visitor-offline-375-light-EN.png') });
  // The conversation outlives a reload (the visitor's token is kept).
  await page.reload();
  await page.getByRole('button', { name: 'Chat with support' }).click();
  await expect(chatOf(page).getByText(`Can I try the games before registering? ${stamp}`)).toBeVisible();
  await context.close();
});
