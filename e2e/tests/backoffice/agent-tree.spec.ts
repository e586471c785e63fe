import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  screenshot,
  seriousViolations,
  settled,
  showView,
  signedInContext,
  VIEWS,
  watchErrors,
} from './backoffice-fixtures';

// The downline tree in the back office (decision 0059), on the shared journey server: the demo agent's downline as
// seeded (seed-agents.ts), a node opened and its child opened under it, and a demo player moved under another agent
// and back (its audit row and the refusal of a cycle: agents.bo-routes.test.ts). Then the agent contracts page
// (decision 0066): the demo agent's brand contracts as seeded (seed-agent-contracts.ts), and its brand dividend set
// again by the owner.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

let context: BrowserContext;
let page: Page;
let errors: string[];

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  ({ context, page } = await signedInContext(browser, baseURL!, 'demo-admin'));
  errors = watchErrors(page);
});

test.afterAll(async () => {
  await context?.close();
});

test("the demo agent's tree: its members, a node opened and its child's opened under it", async () => {
  await page.goto('/backoffice/brands/parlay/agent-tree?agents=true');
  await settled(page);
  await showView(page, { width: 1280, theme: 'light', language: 'EN' });
  const table = page.getByRole('table', { name: 'Downline tree' });
  const agent = table.getByRole('row', { name: /\bagent\s*#\d/ });
  await expect(agent).toContainText('Top (no upline)');
  await expect(agent.getByTestId('tree-counts')).toContainText('4 direct9 in all');
  await agent.getByRole('button', { name: 'Members under agent' }).click();
  const children = page.getByRole('list', { name: 'Members under it' }).first();
  await expect(children).toContainText('subagent');
  await children.getByRole('button', { name: 'Members under subagent' }).click();
  await expect(children.getByText('subagent2')).toBeVisible();

  for (const view of VIEWS) {
    await showView(page, view);
    await screenshot(page, `agent-tree-${view.width}-${view.theme}-${view.language}`);
    if (view.axe) expect.soft(await seriousViolations(page), `tree ${JSON.stringify(view)}`).toEqual([]);
  }
  expect(errors).toEqual([]);
});

test('a demo player moved under another agent and back, a cycle refused in the dialog', async () => {
  await page.goto('/backoffice/brands/parlay/agent-tree');
  await showView(page, { width: 1280, theme: 'dark', language: 'EN' });
  await page.getByLabel('Account starts with').fill('demoplayer10');
  await page.getByRole('button', { name: 'Search' }).click();
  const table = page.getByRole('table', { name: 'Downline tree' });
  const row = table.getByRole('row', { name: /demoplayer10/ });
  await expect(row).toContainText('agent');

  await row.getByRole('button', { name: 'Move demoplayer10 under another upline' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move demoplayer10 under another upline' });
  await dialog.getByLabel(/New upline/).fill('subagent2');
  await dialog.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByText('demoplayer10 is now under subagent2.')).toBeVisible();
  await expect(row.getByRole('cell', { name: 'subagent2', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: '3', exact: true })).toBeVisible(); // its level: agent, subagent, subagent2

  // Back where the seed put it, so other journeys find the tree as seeded.
  await row.getByRole('button', { name: 'Move demoplayer10 under another upline' }).click();
  await dialog.getByLabel(/New upline/).fill('agent');
  await dialog.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByText('demoplayer10 is now under agent.')).toBeVisible();

  // The demo agent under its own sub-agent: the server's refusal, in the dialog.
  await page.getByLabel('Account starts with').fill('agent');
  await page.getByRole('button', { name: 'Search' }).click();
  await table
    .getByRole('row', { name: /\bagent\s*#\d/ })
    .getByRole('button', { name: 'Move agent under another upline' })
    .click();
  const refused = page.getByRole('dialog', { name: 'Move agent under another upline' });
  await refused.getByLabel(/New upline/).fill('subagent');
  await refused.getByRole('button', { name: 'Move' }).click();
  await expect(refused.getByText('A member cannot be moved under itself or its own downline.')).toBeVisible();
  await screenshot(page, 'agent-tree-move-refused-1280-dark-EN');
  expect(errors).toEqual([]);
});

test("the demo agent's brand contracts, and its brand dividend set again by the owner", async ({
  browser,
  baseURL,
}) => {
  const owner = await signedInContext(browser, baseURL!, 'demo-owner');
  const ownerPage = owner.page;
  const ownerErrors = watchErrors(ownerPage);
  await ownerPage.goto('/backoffice/brands/parlay/agent-contracts?status=open');
  await settled(ownerPage);
  const table = ownerPage.getByRole('table', { name: 'Agent contracts' });
  const brandRows = table.getByRole('row').filter({ hasText: 'Brand' });
  for (const kind of ['Dividend', 'Daily salary', 'Hourly salary', 'Real-time salary']) {
    await expect(brandRows.filter({ hasText: kind }).first()).toContainText('Active');
  }
  for (const view of [...VIEWS, { width: 375, theme: 'dark', language: 'KO', axe: false } as const]) {
    await showView(ownerPage, view);
    await screenshot(ownerPage, `agent-contracts-${view.width}-${view.theme}-${view.language}`);
    if (view.axe) expect.soft(await seriousViolations(ownerPage), `contracts ${JSON.stringify(view)}`).toEqual([]);
  }

  // The seed's terms again (weekly, 20% to 40%), so that the journeys of the agent centre find the rates as seeded.
  await showView(ownerPage, { width: 1280, theme: 'dark', language: 'EN' });
  await ownerPage.getByRole('button', { name: 'Set brand contract' }).click();
  const dialog = ownerPage.getByRole('dialog', { name: 'Set brand contract' });
  await dialog.getByLabel(/Agent's account/).fill('agent');
  await expect(dialog.getByLabel('Period')).toHaveValue('W');
  const tiers: [rate: string, members: string, validBet: string][] = [
    ['20', '0', '0'],
    ['30', '3', '1000000'],
    ['40', '5', '5000000'],
  ];
  for (const [index, [rate, members, validBet]] of tiers.entries()) {
    if (index > 0) await dialog.getByRole('button', { name: 'Add tier' }).click();
    const tier = dialog.getByRole('listitem', { name: `Tier ${index + 1}` });
    await tier.getByLabel('Rate (%)').fill(rate);
    await tier.getByLabel('Min. active members').fill(members);
    await tier.getByLabel(/Min. valid bet/).fill(validBet);
  }
  await screenshot(ownerPage, 'agent-contracts-set-1280-dark-EN');
  await ownerPage.setViewportSize({ width: 375, height: 900 });
  await screenshot(ownerPage, 'agent-contracts-set-375-dark-EN');
  await ownerPage.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'Set contract' }).click();
  await expect(ownerPage.getByText('Dividend contract with agent set: up to 40%.')).toBeVisible();
  // Newest first: the new brand dividend heads the list, the one it replaced is ended.
  await expect(table.getByRole('row').nth(1)).toContainText(
    /Dividend.*Weekly.*Brand.*agent.*Up to 40% · 3 tiers.*Active/,
  );
  await ownerPage.getByRole('button', { name: 'Ended' }).click();
  await expect(table.getByRole('row').filter({ hasText: 'Replaced by an operator' }).first()).toContainText('Dividend');
  expect(ownerErrors).toEqual([]);
  await owner.context.close();
});
