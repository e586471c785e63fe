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
// and back (its audit row and the refusal of a cycle: agents.bo-routes.test.ts).
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
