import type { DailyReportRow } from '@parlay/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { answer } from '../../../test/api';
import { buildSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

function buildRow(overrides: Partial<DailyReportRow> = {}): DailyReportRow {
  return {
    day: '2026-11-27',
    vassalage: 'TCG_SEA',
    vendorName: 'TCG Sea',
    gameCode: 'BAC01',
    gameName: 'Baccarat',
    gameType: 'LIVE',
    turnoverMinor: 150_000,
    validBetMinor: 150_000,
    payoutMinor: 175_000,
    ggrMinor: -25_000,
    rounds: 12,
    players: 4,
    signups: null,
    depositMinor: null,
    withdrawalMinor: null,
    ...overrides,
  };
}

const page = (items: DailyReportRow[], nextCursor: string | null = null) => ({
  items,
  nextCursor,
  currency: 'KRW',
  currencyExponent: 0,
});

const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((cell) => cell.textContent);

// The page's lazy chunk is compiled once here, not within a test's wait.
beforeAll(async () => {
  await import('./daily-report');
}, 60_000);

describe('DailyReport', () => {
  it('lists the rows of the period asked, and downloads the same rows as CSV', async () => {
    const asked: Record<string, string>[] = [];
    server.use(
      answer('session', buildSession()),
      answer('dailyReport', ({ url }) => {
        asked.push(Object.fromEntries(url.searchParams));
        return page([buildRow()], 'next-page');
      }),
    );
    renderApp('/brands/parlay/reports?from=2026-11-01&to=2026-11-27');
    const table = await screen.findByRole('table', { name: 'Daily report by game' });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(cells(row!)).toEqual([
      '2026-11-27',
      'TCG Sea',
      'Baccarat BAC01',
      'Live casino',
      '₩150,000',
      '₩150,000',
      '₩175,000',
      '-₩25,000',
      '12',
      '4',
    ]);
    expect(within(row!).getByText('-₩25,000')).toHaveAttribute('data-tone', 'loss');
    expect(asked[0]).toEqual({ from: '2026-11-01', to: '2026-11-27', level: 'game', limit: '50' });
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/bo/api/brands/parlay/reports/daily/export?from=2026-11-01&to=2026-11-27&level=game',
    );
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('asks for the level and filters chosen; the CSV link follows them', async () => {
    const user = userEvent.setup();
    const asked: Record<string, string>[] = [];
    server.use(
      answer('session', buildSession()),
      answer('dailyReport', ({ url }) => {
        asked.push(Object.fromEntries(url.searchParams));
        return url.searchParams.get('level') === 'brand'
          ? page([
              buildRow({
                vassalage: null,
                vendorName: null,
                gameCode: null,
                gameName: null,
                gameType: null,
                signups: 3,
                depositMinor: 0,
                withdrawalMinor: 0,
              }),
            ])
          : page([buildRow()]);
      }),
    );
    renderApp('/brands/parlay/reports?from=2026-11-01&to=2026-11-27');
    const filters = await screen.findByRole('search', { name: 'Report filters' });
    await user.selectOptions(within(filters).getByLabelText('One row per day and'), 'vendor');
    await user.type(within(filters).getByLabelText(/^Vendor code/), 'TCG_SEA');
    await user.selectOptions(within(filters).getByLabelText('Category'), 'LIVE');
    await user.click(within(filters).getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('table', { name: 'Daily report by vendor' })).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/brands/parlay/reports?from=2026-11-01&to=2026-11-27&level=vendor&vassalage=TCG_SEA&gameType=LIVE',
    );
    expect(asked.at(-1)).toEqual({
      from: '2026-11-01',
      to: '2026-11-27',
      level: 'vendor',
      vassalage: 'TCG_SEA',
      gameType: 'LIVE',
      limit: '50',
    });
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/bo/api/brands/parlay/reports/daily/export?from=2026-11-01&to=2026-11-27&level=vendor&vassalage=TCG_SEA&gameType=LIVE',
    );

    // The brand's level has the day's sign-ups and the cashier's columns.
    await user.selectOptions(screen.getByLabelText('One row per day and'), 'brand');
    await user.clear(screen.getByLabelText(/^Vendor code/));
    await user.selectOptions(screen.getByLabelText('Category'), '');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    const table = await screen.findByRole('table', { name: 'Daily report by brand' });
    expect(within(table).getByRole('columnheader', { name: 'Sign-ups' })).toBeVisible();
    expect(cells(within(table).getAllByRole('row')[1]!)).toEqual([
      '2026-11-27',
      '₩150,000',
      '₩150,000',
      '₩175,000',
      '-₩25,000',
      '12',
      '4',
      '3',
      '₩0',
      '₩0',
    ]);
  });

  it('refuses a period the server would refuse, and asks nothing more', async () => {
    const user = userEvent.setup();
    let calls = 0;
    server.use(
      answer('session', buildSession()),
      answer('dailyReport', () => {
        calls += 1;
        return page([]);
      }),
    );
    renderApp('/brands/parlay/reports?from=2026-11-01&to=2026-11-27');
    expect(await screen.findByText('No figures for these days')).toBeVisible();
    const filters = screen.getByRole('search', { name: 'Report filters' });
    await user.clear(within(filters).getByLabelText('From'));
    await user.type(within(filters).getByLabelText('From'), '2024-01-01');
    await user.click(within(filters).getByRole('button', { name: 'Show' }));
    expect(await within(filters).findByRole('alert')).toHaveTextContent('at most a year apart');
    expect(calls).toBe(1);
  });

  it('is refused to a role without reports.read', async () => {
    server.use(answer('session', buildSession({ roles: ['support'] })));
    renderApp('/brands/parlay/reports');
    expect(await screen.findByText('Your roles do not open this page.')).toBeVisible();
  });
});
