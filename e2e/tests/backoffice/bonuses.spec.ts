import { expect, test } from '@playwright/test';
import { screenshot, seriousViolations, settled, showView, signedInContext, watchErrors } from './backoffice-fixtures';

// Bonuses in the back office (decision 0050), on the shared journey server: the demo admin adds a deposit bonus
// promotion (switched off, so that no other journey's member is offered it) and finds it listed with its rules in
// words, then finds the demo member's part-wagered sign-up bonus (the seed's SIGNUP5000) with its progress. Each page
// is loaded once; themes, languages and widths are switched in the page.
test.describe.configure({ timeout: 240_000 });

/** Each width in both themes and both languages across four pictures; axe checks each (width and theme differ). */
const SHOTS = [
  { width: 1280, theme: 'dark', language: 'KO' },
  { width: 1280, theme: 'light', language: 'EN' },
  { width: 375, theme: 'light', language: 'KO' },
  { width: 375, theme: 'dark', language: 'EN' },
] as const;

const CODE = `JOURNEY${Date.now().toString(36).toUpperCase()}`;

test('the admin adds a promotion, sees it listed, and finds the demo member’s bonus with its wagering progress', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await signedInContext(browser, baseURL!, 'demo-admin');
  const errors = watchErrors(page);

  await page.goto('/backoffice/brands/parlay/bonuses/promotions');
  await settled(page);
  const table = page.getByRole('table', { name: 'Bonus promotions' });
  // The demo brand's seeded first-deposit bonus, its rules in words.
  await expect(table.getByRole('row', { name: /WELCOME100/ })).toContainText(
    '100% up to ₩300,000, deposit from ₩10,000, wager 10×, expires in 30 days',
  );

  await page.getByRole('button', { name: 'Add a promotion' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a bonus promotion' });
  await dialog.getByLabel(/^Code/).fill(CODE);
  await dialog.getByLabel(/^Title \(Korean\)/).fill('여정 입금 보너스');
  await dialog.getByLabel(/^Title \(English\)/).fill('Journey deposit bonus');
  await dialog.getByLabel(/^Share of the deposit/).fill('50');
  await dialog.getByLabel('At most (KRW)').fill('100,000');
  await dialog.getByLabel(/^Wager it/).fill('5');
  await dialog.getByLabel('On (members may have it)').uncheck();
  await screenshot(page, 'bonus-promotion-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${CODE} is saved.`)).toBeVisible();
  const row = table.getByRole('row', { name: new RegExp(CODE) });
  await expect(row).toContainText('50% up to ₩100,000, wager 5×, expires in 30 days');
  await expect(row).toContainText('Off');

  for (const view of SHOTS) {
    await showView(page, view);
    await screenshot(page, `bonus-promotions-${view.width}-${view.theme}-${view.language}`);
    expect.soft(await seriousViolations(page), `promotions ${JSON.stringify(view)}`).toEqual([]);
  }

  await showView(page, { width: 1280, theme: 'dark', language: 'EN' });
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: "Members' bonuses" }).click();
  await settled(page);
  await page.getByLabel('Member login').fill('demo');
  await page.getByRole('button', { name: 'Filter' }).click();
  const bonus = page
    .getByRole('table', { name: "Members' bonuses" })
    .getByRole('row', { name: /SIGNUP5000/ })
    .first();
  // Seeded 40 % wagered; the member's rounds in other journeys may have added to it since.
  const progress = bonus.getByRole('progressbar', { name: 'Wagering of SIGNUP5000 for demo' });
  await expect(progress).toBeVisible();
  expect(Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(40);
  await expect(bonus).toContainText(/₩[\d,]+ \/ ₩15,000/);
  await expect(bonus).toContainText(/\d+%/);

  for (const view of SHOTS) {
    await showView(page, view);
    await screenshot(page, `member-bonuses-${view.width}-${view.theme}-${view.language}`);
    expect.soft(await seriousViolations(page), `members' bonuses ${JSON.stringify(view)}`).toEqual([]);
  }
  expect(errors).toEqual([]);
  await context.close();
});
