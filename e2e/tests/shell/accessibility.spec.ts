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

/** WCAG contrast ratio of two `rgb(r, g, b)` colours. */
function contrast(one: string, other: string): number {
  const luminance = (colour: string) => {
    const [r, g, b] = (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((part) => {
      const channel = Number(part) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(one), luminance(other)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

// The brand gold (#f6c544) is 1.4:1 on the light theme's surfaces; icons in it use --brand-ink, 3:1 or
// more on both themes (WCAG 1.4.11).
for (const theme of THEMES) {
  test(`the gold icons of the lobby rows and of an empty page hold 3:1 on their surface (${theme})`, async ({
    page,
  }) => {
    await rememberChoices(page, theme, 'EN');
    const icons = [
      { path: '/index', icon: page.getByRole('heading', { level: 2, name: 'Hot games' }).locator('svg') },
      { path: '/esports', icon: page.getByText('No e-sports yet').locator('xpath=preceding-sibling::span[1]') },
    ];
    for (const { path, icon } of icons) {
      await page.goto(path);
      await expect(icon).toBeVisible();
      const [ink, surface] = await icon.evaluate((element) => {
        let node: Element | null = element;
        let background = 'rgba(0, 0, 0, 0)';
        while (node && /rgba\(.*, 0\)|transparent/.test(background)) {
          background = getComputedStyle(node).backgroundColor;
          node = node.parentElement;
        }
        return [getComputedStyle(element).color, background];
      });
      expect(contrast(ink, surface), `${path}: ${ink} on ${surface}`).toBeGreaterThanOrEqual(3);
    }
  });
}
