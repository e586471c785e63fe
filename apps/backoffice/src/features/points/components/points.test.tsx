import type { BoPointConfig, BoPointLedger } from '@parlay/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/api';
import { buildSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

const CONFIG: BoPointConfig = {
  enabled: true,
  rates: { LIVE: 7000, SPORTS: 10000, FISH: 12000, RNG: 12000, PVP: 10000, LOTTERY: null, ESPORTS: null },
  depositRateBp: 500,
  period: 'monthly',
  conversionMinorPerPoint: 1,
  conversionMinPointsMinor: 100_000,
  version: 3,
  updatedAt: '2026-11-27T10:00:00.000Z',
  updatedBy: 'seed',
  currency: 'KRW',
  currencyExponent: 0,
};

const LEDGER: BoPointLedger = {
  memberId: 7,
  account: 'demo',
  balancePointsMinor: 512_050,
  items: [
    {
      transactionNo: 'P9',
      type: 'slots',
      pointsMinor: 12_050,
      balanceAfterPointsMinor: 512_050,
      at: '2026-11-27T11:00:00.000Z',
      ref: 'feed:1:2',
      note: null,
    },
  ],
  nextCursor: null,
};

const finance = () =>
  answer('session', buildSession({ roles: ['finance'], brands: [{ code: 'parlay', name: 'Parlay' }] }));

describe('the point pages', () => {
  it('save the rates as basis points with the version opened', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    server.use(
      finance(),
      answer('pointConfig', CONFIG),
      answer('savePointConfig', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        return { ...CONFIG, ...body, version: 4 };
      }),
    );
    renderApp('/brands/parlay/points');
    const form = await screen.findByRole('form', { name: 'Points' });
    const lottery = within(form).getByLabelText('Lottery');
    expect(within(form).getByLabelText('Live casino')).toHaveValue('0.7');
    await user.type(lottery, '0.5');
    await user.selectOptions(within(form).getByLabelText('Credit and report period'), 'weekly');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Point settings saved.')).toBeVisible();
    expect(bodies).toEqual([
      expect.objectContaining({
        version: 3,
        period: 'weekly',
        depositRateBp: 500,
        rates: expect.objectContaining({ LIVE: 7000, LOTTERY: 5000, ESPORTS: null }),
        conversionMinPointsMinor: 100_000,
      }),
    ]);
  });

  it("show a member's ledger and adjust with a reason and a key kept for a retry", async () => {
    const user = userEvent.setup();
    const bodies: { pointsMinor: number; reason: string; idempotencyKey: string }[] = [];
    server.use(
      finance(),
      answer('pointLedger', LEDGER),
      answer('adjustPoints', async ({ request }) => {
        const body = (await request.json()) as (typeof bodies)[number];
        bodies.push(body);
        return {
          entry: { ...LEDGER.items[0]!, type: 'adjustment', pointsMinor: body.pointsMinor },
          balancePointsMinor: 510_000,
        };
      }),
    );
    renderApp('/brands/parlay/points/members/7');
    expect(await screen.findByRole('heading', { name: 'Points of demo' })).toBeVisible();
    expect(screen.getByTestId('point-balance')).toHaveTextContent('5,120.5');
    const table = screen.getByRole('table', { name: 'Point entries, newest first' });
    expect(within(table).getByText('+120.5')).toBeVisible();
    const form = screen.getByRole('form', { name: 'Adjust points' });
    await user.type(within(form).getByLabelText(/Points/), '-20.5');
    await user.type(within(form).getByLabelText(/Reason/), 'Duplicate bonus');
    await user.click(within(form).getByRole('button', { name: 'Adjust' }));
    expect(await screen.findByText('-20.5 points written; the balance is 5,100.')).toBeVisible();
    expect(bodies).toEqual([
      { pointsMinor: -2050, reason: 'Duplicate bonus', idempotencyKey: expect.stringMatching(/^bo-/) },
    ]);
  });
});
