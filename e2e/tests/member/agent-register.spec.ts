import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { rememberPreferences, signIn, useSession, type Session } from '../games/games-fixtures';
import { shoot, switchByEvents, watchForErrors } from '../../support/shell';
import { SCREENSHOT_DIR, expectNoSeriousAxe, shootEveryWay } from './member-fixtures';

/** The demo agent (apps/server/src/db/seed-accounts.ts) and its seeded invitation link (seed-agents.ts). */
const DEMO_AGENT = { username: 'agent', password: 'Agent1234!' };
const DEMO_AGENT_LINK_LABEL = 'Demo link';

interface InviteLink {
  id: number;
  code: string;
  label: string;
  url: string | null;
  registrations: number;
  active: boolean;
}

async function inviteLinks(baseURL: string, session: Session): Promise<InviteLink[]> {
  const response = await fetch(`${baseURL}/wps/agent/invite-links`, {
    headers: { authorization: `Bearer ${session.token}`, language: 'EN' },
  });
  const answer = (await response.json()) as { success: boolean; value: { items: InviteLink[] }; code?: string };
  if (!answer.success) throw new Error(`invite-links: ${answer.code}`);
  return answer.value.items;
}

/** The page shown in the panel's area has loaded: its chunk and its data (no loader left). */
async function expectPageShown(panel: Locator) {
  await expect(panel.locator('section [data-page-loader]')).toHaveCount(0, { timeout: 30_000 });
}

/** The QR dialog at every width, theme and language: screenshots, no sideways scroll, axe in English. */
async function shootQrDialog(page: Page, dialog: Locator): Promise<void> {
  for (const width of [1280, 375] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    for (const [theme, language] of [
      ['dark', 'EN'],
      ['light', 'EN'],
      ['light', 'KO'],
      ['dark', 'KO'],
    ] as const) {
      await switchByEvents(page, theme, language);
      await expect(dialog.getByRole('img')).toBeVisible();
      const overflow = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
      expect(overflow, `QR ${width} ${theme} ${language} overflows sideways`).toBeLessThanOrEqual(0);
      await shoot(page, { path: path.join(SCREENSHOT_DIR, `agent-register-qr-${width}-${theme}-${language}.png`) });
      if (language === 'EN') await expectNoSeriousAxe(page, `QR ${width} ${theme}`, '[data-modal="inviteLinkQr"]');
    }
  }
}

test('the demo agent makes an invitation link, a visitor registers through it and joins the team; the agent creates a sub-agent directly', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(360_000);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const tag = Date.now().toString(36).slice(-5);
  const session = await signIn(baseURL!, DEMO_AGENT);
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const page = await context.newPage();
  const { errors } = watchForErrors(page);
  await useSession(page, session);
  await rememberPreferences(page, 'KO', 'dark');
  await page.goto('/index');

  await page.getByRole('button', { name: '계정 메뉴' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: '에이전트 센터' }).click();
  const panel = page.locator('[data-modal="agentCentre"]');
  await expect(panel).toBeVisible({ timeout: 30_000 });
  await panel.locator('[data-page="registerCenter"]').click();
  await expectPageShown(panel);
  await expect(panel.getByRole('heading', { name: '계정 개설', level: 2 }).last()).toBeVisible();

  // The seeded link is there; a new one, for members, comes first.
  const links = panel.getByRole('table');
  const rowOf = (label: string) => links.getByTestId('invite-link').filter({ hasText: label });
  await expect(rowOf(DEMO_AGENT_LINK_LABEL)).toBeVisible({ timeout: 30_000 });
  const label = `Cafe ${tag}`;
  await panel.getByRole('textbox', { name: '이름' }).fill(label);
  await panel.getByRole('combobox', { name: '가입 유형' }).selectOption('member');
  await panel.getByRole('button', { name: '링크 만들기' }).click();
  await expect(links.getByTestId('invite-link').first()).toContainText(label);
  const made = (await inviteLinks(baseURL!, session)).find((link) => link.label === label)!;
  expect(made.url).toBe(`${baseURL}/register?affiliateCode=${made.code}`);
  await expect(rowOf(label)).toContainText(made.code);
  await shootEveryWay(page, panel, 'agent-register', { KO: '계정 개설', EN: 'Accounts' });
  // The links as cards on a phone (where shootEveryWay ends: dark, Korean).
  await links.scrollIntoViewIfNeeded();
  await shoot(page, { path: path.join(SCREENSHOT_DIR, 'agent-register-links-375-dark-KO.png') });

  // Copy the link, then its QR code in a dialog.
  await page.setViewportSize({ width: 1280, height: 900 });
  await switchByEvents(page, 'dark', 'KO');
  await rowOf(label)
    .getByRole('button', { name: `${label} 링크 복사` })
    .click();
  await expect(rowOf(label).getByRole('button', { name: `${label} 링크 복사` })).toHaveText('복사됨');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(made.url);
  await rowOf(label)
    .getByRole('button', { name: `${label} 링크의 QR 코드` })
    .click();
  const qr = page.locator('[data-modal="inviteLinkQr"]');
  await expect(qr.getByRole('img', { name: `${label} 초대 링크의 QR 코드` })).toBeVisible();
  await shootQrDialog(page, qr);
  await page.keyboard.press('Escape');
  await expect(qr).toBeHidden();

  // A visitor opens the link in a browser of its own: the code is filled in; the registration joins the agent's team.
  const visitor = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const registration = await visitor.newPage();
  await registration.addInitScript(() => localStorage.setItem('lang', 'EN'));
  await registration.goto(made.url!);
  const register = registration.locator('[data-modal="registerModal"]');
  await expect(register.getByRole('textbox', { name: 'Invitation code' })).toHaveValue(made.code);
  const newcomer = `link${tag}`;
  await register.getByRole('textbox', { name: 'Username', exact: true }).fill(newcomer);
  await register.getByRole('textbox', { name: 'Password', exact: true }).fill('Parlay1234!');
  await register.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('Parlay1234!');
  await register.getByRole('button', { name: 'Create account', exact: true }).click();
  await expect(register).toBeHidden({ timeout: 30_000 });
  await visitor.close();
  expect((await inviteLinks(baseURL!, session)).find((link) => link.id === made.id)?.registrations).toBe(1);

  // Create a sub-agent directly: it signs in with the password the agent gave it.
  await page.setViewportSize({ width: 1280, height: 900 });
  await switchByEvents(page, 'dark', 'KO');
  const kid = `kid${tag}`;
  await panel.getByLabel(/^아이디/).fill(kid);
  await panel.getByLabel(/^비밀번호/).fill('Parlay1234!');
  await panel.getByLabel(/^닉네임/).fill('Kid');
  await panel.getByRole('radio', { name: '하위 에이전트' }).check();
  await panel.getByRole('button', { name: '계정 만들기' }).click();
  await expect(panel.getByRole('status').filter({ hasText: kid })).toContainText('하위 에이전트', { timeout: 15_000 });
  await shootEveryWay(page, panel, 'agent-register-created', { KO: '계정 개설', EN: 'Accounts' });
  const kidSession = await signIn(baseURL!, { username: kid, password: 'Parlay1234!' });
  expect(kidSession.isAgent).toBe(2);

  // Both are direct members in team management: the link's registrant a member, the account made here an agent.
  await page.setViewportSize({ width: 1280, height: 900 });
  await switchByEvents(page, 'dark', 'KO');
  await panel.locator('[data-page="downlineManagmentView"]').click();
  await expectPageShown(panel);
  const team = panel.getByRole('table');
  for (const [account, type] of [
    [newcomer, '회원'],
    [kid, '에이전트'],
  ] as const) {
    await panel.getByRole('searchbox').fill(account);
    await panel.getByRole('button', { name: '검색' }).click();
    const row = team.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${account}`) }) });
    await expect(row).toBeVisible({ timeout: 30_000 });
    await expect(row.locator('td[data-label="단계"]')).toHaveText('1');
    await expect(row.locator('td[data-label="유형"]')).toHaveText(type);
  }

  // Disabling the link, asked once more: its code is refused from then on.
  await panel.locator('[data-page="registerCenter"]').click();
  await expectPageShown(panel);
  // The registration counted on its link.
  await expect(rowOf(label).locator('td[data-label="가입 수"]')).toHaveText('1');
  await rowOf(label)
    .getByRole('button', { name: `${label} 링크 중지` })
    .click();
  await rowOf(label).getByRole('button', { name: '중지', exact: true }).click();
  await expect(rowOf(label)).toContainText('중지됨');
  const check = await fetch(`${baseURL}/wps/agent/affiliate?code=${made.code}`, { headers: { language: 'EN' } });
  expect(((await check.json()) as { code: string }).code).toBe('INVITATION_CODE_ERROR');

  expect(errors).toEqual([]);
  await context.close();
});
