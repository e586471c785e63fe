import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { signIn as signInMember, type Session } from '../games/games-fixtures';
import {
  screenshot,
  seriousViolations,
  settled,
  showView,
  signedInContext,
  VIEWS,
  watchErrors,
} from './backoffice-fixtures';

// VIP ranks in the back office (decision 0046), on the shared journey server: the demo brand's six levels, an edit
// of the top level's birthday bonus (a level no journey's member holds) that the player site's level table shows at
// once, the demo member at Gold among the members by level, and its change in the level changes.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

let context: BrowserContext;
let page: Page;
let errors: string[];
let member: Session;

async function memberLevels(baseURL: string) {
  const response = await fetch(`${baseURL}/wps/member/vip/levels`, {
    headers: { authorization: `Bearer ${member.token}` },
  });
  return (
    (await response.json()) as { value: { levels: { name: string; benefits: { birthdayBonusMinor: number } }[] } }
  ).value.levels;
}

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  ({ context, page } = await signedInContext(browser, baseURL!, 'demo-admin'));
  errors = watchErrors(page);
  member = await signInMember(baseURL!);
});

test.afterAll(async () => {
  await context?.close();
});

test('the levels: six demo levels; an edit saved with its version shows on the player site', async ({ baseURL }) => {
  await page.goto('/backoffice/brands/parlay/vip');
  await settled(page);
  const table = page.getByRole('table', { name: 'VIP levels, lowest first' });
  for (const name of ['Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond', 'Royal']) {
    await expect(table.getByText(name, { exact: true })).toBeVisible();
  }

  await table.getByRole('button', { name: 'Edit Royal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Level 5: Royal' });
  await dialog.getByLabel('Birthday bonus (KRW)').fill('350000');
  await dialog.getByRole('button', { name: 'Save level' }).click();
  await expect(page.getByText('Royal saved')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(table.getByText('Birthday ₩350,000')).toBeVisible();
  // The member's level table reads the same row: no restart, no cache to wait for.
  const royal = (await memberLevels(baseURL!)).find((level) => level.name === 'Royal');
  expect(royal?.benefits.birthdayBonusMinor).toBe(350_000);

  for (const view of VIEWS) {
    await showView(page, view);
    await screenshot(page, `vip-levels-${view.width}-${view.theme}-${view.language}`);
    if (view.axe) expect.soft(await seriousViolations(page), `levels ${JSON.stringify(view)}`).toEqual([]);
  }
  expect(errors).toEqual([]);
});

test('members by level and the level changes show the demo member at Gold', async () => {
  await showView(page, { width: 1280, theme: 'light', language: 'EN' });
  await page.goto('/backoffice/brands/parlay/vip-members?rankLevel=2');
  await settled(page);
  const members = page.getByRole('table', { name: 'VIP members' });
  await expect(members.getByRole('cell', { name: 'demo', exact: true })).toBeVisible();
  await screenshot(page, 'vip-members-1280-light-EN');
  expect.soft(await seriousViolations(page), 'members').toEqual([]);

  await page.goto('/backoffice/brands/parlay/vip-changes?account=demo');
  await settled(page);
  const changes = page.getByRole('table', { name: 'Level changes' });
  await expect(changes.getByText('Bronze → Gold')).toBeVisible();
  await expect(changes.getByText('Upgrade').first()).toBeVisible();
  await showView(page, { width: 768, theme: 'dark', language: 'KO' });
  await expect(page.getByRole('table', { name: '등급 변경 내역' })).toBeVisible();
  await screenshot(page, 'vip-changes-768-dark-KO');
  expect.soft(await seriousViolations(page), 'changes').toEqual([]);
  expect(errors).toEqual([]);
});
