import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { rememberChoices, THEMES, waitForShell } from '../../support/shell';

test.describe.configure({ mode: 'parallel' });

for (const path of ['/index', '/help']) {
  for (const theme of THEMES) {
    for (const width of [375, 1280]) {
      test(`axe finds no serious or critical violation on ${path} (${theme}, ${width} px)`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await rememberChoices(page, theme, 'KO');
        await page.goto(path);
        await waitForShell(page);
        await page.waitForLoadState('networkidle');
        const results = await new AxeBuilder({ page }).analyze();
        const blocking = results.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => ({
            id: violation.id,
            impact: violation.impact,
            nodes: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
          }));
        expect(blocking).toEqual([]);
      });
    }
  }
}
