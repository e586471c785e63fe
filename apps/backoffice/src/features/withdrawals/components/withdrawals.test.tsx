import type { BoWithdrawal, WithdrawalSettingsView } from '@parlay/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/api';
import { buildSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

function buildWithdrawal(overrides: Partial<BoWithdrawal> = {}): BoWithdrawal {
  return {
    id: 12,
    memberId: 3,
    account: 'demo',
    amountMinor: 50_000,
    currency: 'KRW',
    status: 'requested',
    bankCode: 'KB',
    bankName: 'KB국민은행',
    accountNumber: '11022233344',
    holderName: '홍길동',
    ip: '10.0.0.9',
    turnoverRequiredMinor: 0,
    turnoverWageredMinor: 0,
    riskFlags: ['newBankAccount', 'sharedIp'],
    payoutMethod: null,
    payoutFailure: null,
    rejectReason: null,
    reviewedBy: null,
    createdAt: '2026-11-27T10:00:00.000Z',
    reviewedAt: null,
    paidAt: null,
    confirmedAt: null,
    missingMinor: null,
    memberNote: null,
    caseStatus: null,
    caseReason: null,
    caseRefundMinor: null,
    proofIds: [],
    version: 4,
    ...overrides,
  };
}

describe('the withdrawal queue', () => {
  it('shows finance the risk flags and rejects with a reason and the version it opened', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    server.use(
      answer('session', buildSession({ roles: ['finance'], brands: [{ code: 'parlay', name: 'Parlay' }] })),
      answer('withdrawalQueue', { items: [buildWithdrawal()], nextCursor: null }),
      answer('rejectWithdrawal', async ({ request }) => {
        bodies.push(await request.json());
        return buildWithdrawal({ status: 'rejected', rejectReason: 'Documents needed', version: 5 });
      }),
    );
    renderApp('/brands/parlay/withdrawals');
    const table = await screen.findByRole('table', { name: 'Review' });
    expect(within(table).getByText('₩50,000')).toBeVisible();
    expect(within(table).getByText('New account')).toBeVisible();
    expect(within(table).getByText('Shared IP')).toBeVisible();
    expect(within(table).getByText('11022233344')).toBeVisible();
    await user.click(within(table).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject withdrawal 12 of demo?' });
    await user.type(within(dialog).getByRole('textbox'), 'Documents needed');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(
      await screen.findByText("Withdrawal 12 rejected; the amount is back in the player's balance."),
    ).toBeVisible();
    expect(bodies).toEqual([{ version: 4, reason: 'Documents needed' }]);
  });

  it('approves through the provider with the version it opened', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    server.use(
      answer('session', buildSession({ roles: ['finance'], brands: [{ code: 'parlay', name: 'Parlay' }] })),
      answer('withdrawalQueue', { items: [buildWithdrawal()], nextCursor: null }),
      answer('approveWithdrawal', async ({ request }) => {
        bodies.push(await request.json());
        return buildWithdrawal({ status: 'paying', version: 5 });
      }),
    );
    renderApp('/brands/parlay/withdrawals');
    await user.click(await screen.findByRole('button', { name: 'Approve and pay withdrawal 12' }));
    expect(await screen.findByText('Withdrawal 12 approved and sent to the provider.')).toBeVisible();
    expect(bodies).toEqual([{ version: 4, payout: 'provider' }]);
  });
});

describe('the withdrawal settings', () => {
  it('saves the rules with the version they were opened at, amounts in minor units', async () => {
    const user = userEvent.setup();
    const settings: WithdrawalSettingsView = {
      paymentPasswordRequired: true,
      minMinor: 10_000,
      maxMinor: 5_000_000,
      dailyCount: 3,
      confirmMinutes: 1440,
      turnoverPercent: 100,
      maxBankAccounts: 3,
      largeAmountMinor: 1_000_000,
      banks: null,
      version: 2,
      currency: 'KRW',
      defaultBanks: [{ code: 'KB', name: 'KB국민은행' }],
    };
    const bodies: unknown[] = [];
    server.use(
      answer('session', buildSession({ roles: ['finance'], brands: [{ code: 'parlay', name: 'Parlay' }] })),
      answer('withdrawalSettings', settings),
      answer('saveWithdrawalSettings', async ({ request }) => {
        bodies.push(await request.json());
        return { ...settings, dailyCount: 5, version: 3 };
      }),
    );
    renderApp('/brands/parlay/withdrawal-settings');
    const daily = await screen.findByLabelText('Requests a day');
    await user.clear(daily);
    await user.type(daily, '5');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The withdrawal settings are saved.')).toBeVisible();
    expect(bodies).toEqual([
      expect.objectContaining({ version: 2, dailyCount: 5, minMinor: 10_000, maxMinor: 5_000_000, banks: null }),
    ]);
  });
});
