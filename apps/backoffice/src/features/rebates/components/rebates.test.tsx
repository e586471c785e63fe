import type { BoRebatePayoutPage, BoRebateSettings } from '@parlay/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/api';
import { buildSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

const SETTINGS: BoRebateSettings = {
  enabled: true,
  period: 'weekly',
  autoPay: false,
  pendingPeriod: null,
  pendingFrom: null,
  version: 1,
  updatedAt: '2026-11-27T10:00:00.000Z',
  updatedBy: 'seed',
  currency: 'KRW',
  currencyExponent: 0,
  timeZone: 'Asia/Seoul',
  levels: [
    { rankLevel: 0, name: 'Bronze', rebateBp: { LIVE: 10, RNG: 20 } },
    { rankLevel: 2, name: 'Gold', rebateBp: { LIVE: 30, RNG: 40, SPORTS: 20 } },
  ],
};

const PAYOUTS: BoRebatePayoutPage = {
  currency: 'KRW',
  currencyExponent: 0,
  items: [
    {
      id: 9,
      memberId: 7,
      account: 'demo',
      periodStart: '2026-11-16',
      periodEnd: '2026-11-22',
      validBetMinor: 300_000,
      amountMinor: 1_100,
      way: 'claim',
      paidAt: '2026-11-28T03:00:00.000Z',
    },
  ],
  nextCursor: null,
};

const signedIn = (roles: ('finance' | 'readOnly')[]) =>
  answer('session', buildSession({ roles, brands: [{ code: 'parlay', name: 'Parlay' }] }));

describe('the cashback page', () => {
  it("saves the period and auto-pay with the version opened, and shows the levels' rates and the paid rebates", async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    const accounts: (string | null)[] = [];
    server.use(
      signedIn(['finance']),
      answer('rebateSettings', SETTINGS),
      answer('saveRebateSettings', async ({ request }) => {
        const body = (await request.json()) as { period: 'weekly' | 'daily'; autoPay: boolean; enabled: boolean };
        bodies.push(body);
        return {
          ...SETTINGS,
          ...body,
          period: 'weekly',
          pendingPeriod: 'daily',
          pendingFrom: '2026-11-30',
          version: 2,
        };
      }),
      answer('rebatePayouts', ({ url }) => {
        accounts.push(url.searchParams.get('account'));
        return PAYOUTS;
      }),
    );
    renderApp('/brands/parlay/rebates');
    const form = await screen.findByRole('form', { name: 'Period and payment' });
    const rates = screen.getByRole('table', { name: 'Rates by VIP level' });
    expect(within(rates).getByRole('row', { name: /Gold/ })).toHaveTextContent('0.3%');
    expect(await screen.findByText('demo')).toBeVisible();
    await user.selectOptions(within(form).getByLabelText('Cashback period'), 'daily');
    await user.click(within(form).getByLabelText(/Pay finished periods automatically/));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Cashback settings saved.')).toBeVisible();
    expect(bodies).toEqual([{ version: 1, enabled: true, autoPay: true, period: 'daily' }]);
    expect(await screen.findByText('Daily from 2026-11-30; Weekly (Monday to Sunday) until then.')).toBeVisible();
    await user.type(screen.getByLabelText('Member login'), 'demo');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await screen.findByText('demo');
    expect(accounts).toContain('demo');
  });

  it('shows the settings read-only to a role without deposits.write', async () => {
    server.use(signedIn(['readOnly']), answer('rebateSettings', SETTINGS), answer('rebatePayouts', PAYOUTS));
    renderApp('/brands/parlay/rebates');
    const form = await screen.findByRole('form', { name: 'Period and payment' });
    expect(within(form).getByLabelText('Cashback period')).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
