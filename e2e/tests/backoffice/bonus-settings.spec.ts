import { expect, test, type Page } from '@playwright/test';
import { createDataDir, startServer, type RunningServer } from '../../support/server';
import { switchByEvents, watchForErrors } from '../../support/shell';
import { register, rememberPreferences, useSession } from '../games/games-fixtures';
import { shootEveryWay } from '../member/member-fixtures';
import { call, shootSteps } from '../rewards/rewards-fixtures';
import { screenshot, seriousViolations, settled, showView, signedInContext, watchErrors } from './backoffice-fixtures';

// Where a brand pays bonus money (decision 0063), on a server of its own over a copy of the seeded data: the other
// journeys share the demo brand paid 'locked', and a member registered elsewhere while this one has it 'separate'
// would be paid apart. The owner switches the demo brand to a separate bonus balance, saves, finds it saved after a
// reload; a member registered meanwhile has the sign-up bonus in a bonus balance of its own, which the player site's
// bonusDetails shows with what a forfeit takes back; the owner switches the brand back to the main balance.
test.describe.configure({ timeout: 360_000 });

/** Each width in both themes and both languages across four pictures; axe checks each (width and theme differ). */
const SHOTS = [
  { width: 1280, theme: 'dark', language: 'KO' },
  { width: 1280, theme: 'light', language: 'EN' },
  { width: 375, theme: 'light', language: 'KO' },
  { width: 375, theme: 'dark', language: 'EN' },
] as const;

interface Bonuses {
  bonusBalanceMinor: number;
  lockedMinor: number;
  items: { kind: string; status: string; amountMinor: number; balanceMode: 'locked' | 'separate' }[];
}

let server: RunningServer | undefined;
test.afterAll(async () => {
  await server?.stop();
});

/** The bonus money panel's form, and a save of the mode chosen in it that the page confirms. */
async function chooseAndSave(page: Page, mode: RegExp): Promise<void> {
  const form = page.getByRole('form', { name: 'Bonus money' });
  await form.getByRole('radio', { name: mode }).check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Bonus money settings saved.')).toBeVisible();
}

test('the owner pays the demo brand’s bonuses into a separate bonus balance, and back into the main one', async ({
  browser,
}) => {
  server = await startServer(createDataDir());
  const baseURL = server.url;
  const { context, page } = await signedInContext(browser, baseURL, 'demo-owner');
  const errors = watchErrors(page);

  await page.goto('/backoffice/brands/parlay/bonuses/promotions');
  await settled(page);
  const form = page.getByRole('form', { name: 'Bonus money' });
  const locked = form.getByRole('radio', { name: /^Main balance, locked until wagered/ });
  const separate = form.getByRole('radio', { name: /^Separate bonus balance/ });
  // The seed pays into the main balance, as decision 0050 did before the choice.
  await expect(locked).toBeChecked();

  await chooseAndSave(page, /^Separate bonus balance/);
  // A member who signs up now has the sign-up bonus paid into a bonus balance; the brand goes back afterwards.
  const member = await register(baseURL, { prefix: 'bbal', password: 'Parlay1234!' });
  await page.reload();
  await settled(page);
  await expect(separate).toBeChecked();
  await expect(form).toContainText(/Version \d+, last saved by demo-owner at/);
  await screenshot(page, 'bonus-settings-separate');

  await chooseAndSave(page, /^Main balance, locked until wagered/);
  await page.reload();
  await settled(page);
  await expect(locked).toBeChecked();
  for (const view of SHOTS) {
    await showView(page, view);
    await screenshot(page, `bonus-settings-${view.width}-${view.theme}-${view.language}`);
    expect.soft(await seriousViolations(page), `bonus settings ${JSON.stringify(view)}`).toEqual([]);
  }
  expect(errors).toEqual([]);
  await context.close();

  // The member's bonus kept the mode it was paid in: bonusDetails shows the bonus balance and what a forfeit takes.
  const bonuses = await call<Bonuses>(baseURL, member.token, '/wps/member/bonuses');
  const signup = bonuses.items.find((bonus) => bonus.kind === 'signup_bonus');
  expect(signup, "the demo brand's sign-up bonus (the seed's SIGNUP5000)").toMatchObject({
    status: 'active',
    balanceMode: 'separate',
  });
  expect(bonuses.bonusBalanceMinor).toBe(signup!.amountMinor);
  expect(bonuses.lockedMinor).toBe(0);
  const grouped = `₩${bonuses.bonusBalanceMinor.toLocaleString('en-US')}`;

  const site = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const web = await site.newPage();
  const watch = watchForErrors(web);
  await rememberPreferences(web, 'EN', 'dark');
  await useSession(web, member);
  await web.goto('/index?mc=bonusDetails');
  const panel = web.locator('[data-modal="memberCentre"]');
  await expect(panel.locator('h2:not([data-panel-title])', { hasText: 'Bonus details' })).toBeVisible({
    timeout: 30_000,
  });
  const balance = panel.getByTestId('bonus-balance');
  await expect(balance).toContainText('Bonus balance');
  await expect(balance).toContainText(grouped);
  await expect(panel.getByTestId('bonus').first()).toContainText(/Paid into\s*Bonus balance/);
  await expect(panel.getByTestId('bonus-locked')).toHaveCount(0);
  await shootEveryWay(web, panel, 'bonus-balance', { KO: '보너스 내역', EN: 'Bonus details' });
  await web.setViewportSize({ width: 1280, height: 900 });
  await switchByEvents(web, 'dark', 'EN');

  // Its only bonus being wagered: a forfeit would take the whole bonus balance back, its winnings too. Kept.
  await panel.getByTestId('bonus').first().getByRole('button', { name: 'Forfeit' }).click();
  const forfeit = web.getByRole('alertdialog');
  await shootSteps(web, 'bonus-balance-forfeit-dialog');
  await expect(forfeit).toContainText(`Your bonus balance of ${grouped}, its winnings included, is taken back.`);
  await forfeit.getByRole('button', { name: 'Keep the bonus' }).click();
  await expect(forfeit).toBeHidden();
  expect(watch.errors).toEqual([]);
  await site.close();
});
