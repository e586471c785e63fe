import {
  TRANSFER_CALLS,
  UplineOverviewResponseSchema,
  UplineTransferResponseSchema,
  type UplineOverview,
} from '@parlay/contract';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../../i18n/index';
import { useSessionStore } from '../../../../lib/session-store';
import { fail, ok } from '../../../../test/api';
import { buildSystemStatus } from '../../../../test/fixtures';
import { renderWithShell } from '../../../../test/render-with-shell';
import { server } from '../../../../test/server';
import TransferUplinePage from './index';

const OVERVIEW: UplineOverview = {
  upline: { account: 'agent', nickname: 'Agent' },
  limits: { minMinor: 1_000, maxMinor: 20_000, dailyMaxMinor: 30_000 },
  sentTodayMinor: 5_000,
  balanceMinor: 50_000,
  currency: 'KRW',
};

function answerOverview(value: UplineOverview) {
  return http.get(TRANSFER_CALLS.uplineOverview.path, () => ok(UplineOverviewResponseSchema, value));
}

describe('TransferUplinePage', () => {
  beforeEach(async () => {
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 0, account: 'demo' });
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    useSessionStore.getState().endSession();
  });

  it('names the upline, the balance and what is left of today, and checks the amount before sending', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    server.use(
      answerOverview(OVERVIEW),
      http.post(TRANSFER_CALLS.transferUpline.path, async ({ request }) => {
        sent.push(await request.json());
        return ok(UplineTransferResponseSchema, {
          transferNo: '901',
          amountMinor: 12_000,
          currency: 'KRW',
          uplineAccount: 'agent',
          balanceMinor: 38_000,
          at: '2026-11-27T10:00:00.000Z',
          repeated: false,
        });
      }),
    );
    renderWithShell(<TransferUplinePage />);
    expect(await screen.findByText('agent')).toBeInTheDocument();
    expect(screen.getByText('Left today').nextSibling).toHaveTextContent('25,000');

    const amount = screen.getByLabelText('Amount (KRW)');
    const password = screen.getByLabelText('Payment password');
    await user.type(amount, '999');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText(/The least you can send is/)).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '26000');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText(/The most you can send at once is/)).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '12000');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Enter your 6-digit payment password.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(password, '135790');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    const result = await screen.findByRole('status');
    expect(result).toHaveTextContent('Transfer complete');
    expect(result).toHaveTextContent(/12,000 was sent to agent/);
    expect(result).toHaveTextContent(/38,000/);
    expect(sent).toMatchObject([{ amountMinor: 12_000, paymentPassword: '135790' }]);
  });

  it("shows the server's refusal, and offers to set a payment password when there is none", async () => {
    const user = userEvent.setup();
    server.use(
      answerOverview(OVERVIEW),
      http.post(TRANSFER_CALLS.transferUpline.path, () => fail('PAYMENT_PASSWORD_NOT_SET')),
    );
    renderWithShell(<TransferUplinePage />);
    await user.type(await screen.findByLabelText('Amount (KRW)'), '2000');
    await user.type(screen.getByLabelText('Payment password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set a payment password' })).toBeInTheDocument();
  });

  it('tells a member without an upline that there is no one to send to, and offers no form', async () => {
    server.use(answerOverview({ ...OVERVIEW, upline: null }));
    renderWithShell(<TransferUplinePage />);
    expect(await screen.findByText('You have no upline agent')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Transfer' })).toBeNull();
  });

  it("writes every amount with the brand's own symbol, the one the header shows", async () => {
    server.use(answerOverview(OVERVIEW));
    const status = buildSystemStatus();
    renderWithShell(<TransferUplinePage />, { status: { ...status, brand: { ...status.brand, currencySymbol: 'P' } } });
    expect(await screen.findByText('P50,000')).toBeInTheDocument();
    expect(screen.getByText('Left today').nextSibling).toHaveTextContent('P25,000');
    expect(screen.queryByText(/₩/)).toBeNull();
  });
});
