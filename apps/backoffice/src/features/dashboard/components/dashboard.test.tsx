import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import i18next from '../../../i18n/index';
import { answer } from '../../../test/api';
import { buildDashboard, buildSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

beforeAll(async () => {
  // jsdom lays nothing out: the charts measure their box with a ResizeObserver it lacks.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  // The page's lazy chunk (the charting library with it) is compiled once here, not within a test's wait.
  await import('./dashboard-view');
}, 60_000);

describe('DashboardView', () => {
  it('is the home of an operator whose roles read it', async () => {
    server.use(answer('session', buildSession()), answer('dashboard', buildDashboard()));
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/brands/parlay/dashboard');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it("shows the period's figures, the cashier's counts, and each category's and vendor's", async () => {
    server.use(answer('session', buildSession()), answer('dashboard', buildDashboard()));
    renderApp('/brands/parlay/dashboard');
    const figures = await screen.findByRole('region', { name: 'Figures of the period' });
    const figure = (label: string) =>
      within(figures).getByText(label, { selector: 'dt' }).parentElement?.textContent ?? '';
    expect(figure('Turnover')).toBe('Turnover₩4,200,000400 rounds settled');
    expect(figure('GGR')).toBe('GGR₩360,000Turnover less payouts');
    expect(figure('Deposits')).toBe('Deposits₩00 deposits');
    expect(figure('Active players')).toContain('24');
    expect(figure('New sign-ups')).toBe('New sign-ups3');
    expect(screen.getByText('Parlay · 2026-11-21 to 2026-11-27 · days of Asia/Seoul')).toBeVisible();

    const categories = screen.getByRole('table', { name: 'By game category' });
    const rows = within(categories)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Live casino', '₩3,150,000', '75.0%', '₩250,000', '300', '20'],
      ['Slots', '₩1,050,000', '25.0%', '₩110,000', '100', '9'],
    ]);
    expect(within(screen.getByRole('table', { name: 'By vendor' })).getByText('TCG Sea')).toBeVisible();
    // A day the players won is a loss for the brand, marked as such.
    const byDay = screen.getByRole('table', { name: 'Figures of each day' });
    expect(within(byDay).getByText('-₩50,000')).toHaveAttribute('data-tone', 'loss');
  });

  it('asks for the period chosen and keeps it in the address', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    server.use(
      answer('session', buildSession()),
      answer('dashboard', ({ url }) => {
        asked.push(url.search);
        const period = url.searchParams.get('period');
        return buildDashboard(
          period === 'today'
            ? { from: '2026-11-27', to: '2026-11-27', granularity: 'hour', series: [] }
            : { from: url.searchParams.get('from') ?? '2026-10-29', to: url.searchParams.get('to') ?? '2026-11-27' },
        );
      }),
    );
    renderApp('/brands/parlay/dashboard');
    expect(await screen.findByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: '30 days' }));
    expect(await screen.findByText('Parlay · 2026-10-29 to 2026-11-27 · days of Asia/Seoul')).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/brands/parlay/dashboard?period=30d');

    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(await screen.findByText('Parlay · 2026-11-27 by the hour · Asia/Seoul')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Turnover, payouts and GGR by hour' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Active players and new sign-ups by day' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Custom' }));
    const range = screen.getByRole('form', { name: 'Custom period' });
    await user.type(within(range).getByLabelText('From'), '2026-11-20');
    await user.type(within(range).getByLabelText('To'), '2026-11-01');
    await user.click(within(range).getByRole('button', { name: 'Show' }));
    expect(await within(range).findByRole('alert')).toHaveTextContent('the last not before the first');
    await user.clear(within(range).getByLabelText('To'));
    await user.type(within(range).getByLabelText('To'), '2026-11-25');
    await user.click(within(range).getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('Parlay · 2026-11-20 to 2026-11-25 · days of Asia/Seoul')).toBeVisible();

    expect(asked).toEqual([
      '?period=7d',
      '?period=30d',
      '?period=today',
      '?period=custom&from=2026-11-20&to=2026-11-25',
    ]);
  });

  it('links to the daily report of the same days when the roles read it', async () => {
    server.use(answer('session', buildSession()), answer('dashboard', buildDashboard()));
    renderApp('/brands/parlay/dashboard');
    expect(await screen.findByRole('region', { name: 'Figures of the period' })).toBeVisible();
    const links = screen.getAllByRole('link', { name: 'Daily report' });
    expect(links.map((link) => link.getAttribute('href'))).toContain(
      '/brands/parlay/reports?from=2026-11-21&to=2026-11-27',
    );
  });

  it('refuses a role without dashboard.read and asks nothing', async () => {
    server.use(answer('session', buildSession({ roles: ['content'] })));
    renderApp('/brands/parlay/dashboard');
    expect(await screen.findByText('Your roles do not open this page.')).toBeVisible();
  });

  it('speaks Korean', async () => {
    await i18next.changeLanguage('ko');
    server.use(answer('session', buildSession()), answer('dashboard', buildDashboard()));
    renderApp('/brands/parlay/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: '대시보드' })).toBeVisible();
    expect(await screen.findByRole('table', { name: '게임 카테고리별' })).toBeVisible();
    expect(screen.getAllByText('₩4,200,000', { selector: 'dd' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: '30일' })).toBeVisible();
  });
});
