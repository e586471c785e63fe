import { expect, test } from '@playwright/test';
import { createDataDir, startServer, type RunningServer } from '../../support/server';
import { screenshot, seriousViolations, settled, showView, signedInContext, watchErrors } from './backoffice-fixtures';

// The brand's agent settings under the Agent contracts page, on a server of its own over a copy of the seeded data:
// the other journeys' agents make sub-agents and settle dividends with the defaults. The owner finds both switches on
// (the brand never saved), turns both off, saves, finds them saved after a reload, and turns them on again. The agent
// centre's refusal once sub-agents are off: agent-settings.bo-routes.test.ts.
test.describe.configure({ timeout: 240_000 });

/** Each width in both themes and both languages across four pictures; axe checks each. */
const SHOTS = [
  { width: 1280, theme: 'dark', language: 'KO' },
  { width: 1280, theme: 'light', language: 'EN' },
  { width: 375, theme: 'light', language: 'KO' },
  { width: 375, theme: 'dark', language: 'EN' },
] as const;

let server: RunningServer | undefined;
test.afterAll(async () => {
  await server?.stop();
});

test("the owner turns the demo brand's agent settings off and on again", async ({ browser }) => {
  server = await startServer(createDataDir());
  const { context, page } = await signedInContext(browser, server.url, 'demo-owner');
  const errors = watchErrors(page);

  await page.goto('/backoffice/brands/parlay/agent-contracts');
  await settled(page);
  const form = page.getByRole('form', { name: 'Agent settings' });
  const subAgents = form.getByRole('switch', { name: /^Agents may create sub-agents/ });
  const carry = form.getByRole('switch', { name: /^A dividend's loss carries/ });
  await expect(subAgents).toBeChecked();
  await expect(carry).toBeChecked();
  await expect(form).toContainText('Never saved: both are on (the defaults).');

  await subAgents.uncheck();
  await carry.uncheck();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Agent settings saved.')).toBeVisible();
  await page.reload();
  await settled(page);
  await expect(subAgents).not.toBeChecked();
  await expect(carry).not.toBeChecked();
  await expect(form).toContainText(/Version 1, last saved/);
  await expect(form).toContainText('Off: agents can make members only');

  for (const view of SHOTS) {
    await showView(page, view);
    await screenshot(page, `agent-settings-${view.width}-${view.theme}-${view.language}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect.soft(overflow, `overflow ${JSON.stringify(view)}`).toBe(false);
    expect.soft(await seriousViolations(page), `agent settings ${JSON.stringify(view)}`).toEqual([]);
  }

  await showView(page, { width: 1280, theme: 'dark', language: 'EN' });
  await subAgents.check();
  await carry.check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toContainText(/Version 2, last saved/);
  await expect(subAgents).toBeChecked();
  expect(errors).toEqual([]);
  await context.close();
});
