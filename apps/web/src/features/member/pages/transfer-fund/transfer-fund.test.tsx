import {
  MerchantWalletResponseSchema,
  WALLET_CALLS,
  WalletRecallResponseSchema,
  WalletTransferResponseSchema,
  type MerchantWallet,
} from '@parlay/contract';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../../i18n/index';
import { useSessionStore } from '../../../../lib/session-store';
import { fail, ok } from '../../../../test/api';
import { renderWithShell } from '../../../../test/render-with-shell';
import { server } from '../../../../test/server';
import TransferFundPage from './index';

const MULTI: MerchantWallet = {
  isSingle: false,
  currency: 'KRW',
  wallets: [
    { walletCode: 'MAIN', displayName: 'Main wallet', balanceMinor: 10_000 },
    { walletCode: 'HOUSE', displayName: 'Parlay Originals', balanceMinor: 2_500, acceptsTransfers: true },
    { walletCode: 'DS88', displayName: 'DS88 Sports', balanceMinor: 0, acceptsTransfers: false },
  ],
};

function answerWallets(value: MerchantWallet) {
  return http.get(WALLET_CALLS.merchantWallet.path, () => ok(MerchantWalletResponseSchema, value));
}

describe('TransferFundPage', () => {
  beforeEach(async () => {
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 0, account: 'demo' });
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    useSessionStore.getState().endSession();
  });

  it('shows the one balance of a single-wallet brand and says there is nothing to transfer', async () => {
    server.use(
      answerWallets({
        isSingle: true,
        currency: 'KRW',
        wallets: [{ walletCode: 'MAIN', displayName: 'Main wallet', balanceMinor: 1_000_000 }],
      }),
    );
    renderWithShell(<TransferFundPage />);
    expect(await screen.findByText('This site plays every game from one wallet, so there is nothing to transfer.'));
    expect(screen.getByLabelText('Total balance')).toHaveTextContent('₩1,000,000');
    expect(screen.queryByRole('button', { name: 'Transfer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Move all to main wallet' })).toBeNull();
  });

  it('lists the wallets, marks one under maintenance, and checks the amount before anything is sent', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    server.use(
      answerWallets(MULTI),
      http.post(WALLET_CALLS.walletTransfer.path, async ({ request }) => {
        sent.push(await request.json());
        return fail('WALLET_INSUFFICIENT_BALANCE');
      }),
    );
    renderWithShell(<TransferFundPage />);
    const list = await screen.findByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Main wallet₩10,000', 'Parlay Originals₩2,500', 'DS88 Sports₩0Under maintenance']);
    expect(screen.getByLabelText('Total balance')).toHaveTextContent('₩12,500');

    const amount = screen.getByLabelText('Amount (KRW)');
    await user.type(amount, '10001');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('That is more than the ₩10,000 in this wallet.')).toBeInTheDocument();
    // A message shown is put in words again when the member changes the language.
    await act(() => i18n.changeLanguage('ko'));
    expect(await screen.findByText('이 지갑의 잔액 ₩10,000보다 많습니다.')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    await user.clear(amount);
    await user.type(amount, '0');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Enter a whole amount above 0.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Game wallet'), 'DS88');
    await user.clear(amount);
    await user.type(amount, '5');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(
      await screen.findByText('This provider is under maintenance: nothing can go into its wallet now.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('sends a transfer with its requestId, shows the wallets after it, and keeps the id for a retry of no answer', async () => {
    const user = userEvent.setup();
    const sent: { fromWallet: string; toWallet: string; amountMinor: number; requestId: string }[] = [];
    let answered = false;
    server.use(
      answerWallets(MULTI),
      http.post(WALLET_CALLS.walletTransfer.path, async ({ request }) => {
        sent.push((await request.json()) as (typeof sent)[number]);
        if (!answered) {
          answered = true;
          return fail('SERVICE_UNAVAILABLE');
        }
        return ok(WalletTransferResponseSchema, {
          ...MULTI,
          wallets: [
            { walletCode: 'MAIN', displayName: 'Main wallet', balanceMinor: 7_000 },
            { walletCode: 'HOUSE', displayName: 'Parlay Originals', balanceMinor: 5_500, acceptsTransfers: true },
            { walletCode: 'DS88', displayName: 'DS88 Sports', balanceMinor: 0, acceptsTransfers: false },
          ],
        });
      }),
    );
    renderWithShell(<TransferFundPage />);
    await user.type(await screen.findByLabelText('Amount (KRW)'), '3000');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByRole('status')).toHaveTextContent('₩3,000 moved from Main wallet to Parlay Originals.');
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ fromWallet: 'MAIN', toWallet: 'HOUSE', amountMinor: 3_000 });
    expect(sent[0]?.requestId).toMatch(/^[\w.:-]{8,128}$/);
    expect(sent[1]?.requestId).toBe(sent[0]?.requestId);
    expect(screen.getByRole('list')).toHaveTextContent('Main wallet₩7,000');

    // The balances after the transfer are the ones a next one is checked against.
    await user.type(screen.getByLabelText('Amount (KRW)'), '7001');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('That is more than the ₩7,000 in this wallet.')).toBeInTheDocument();
    expect(sent).toHaveLength(2);

    // The other way, all of it: a new request, a new id.
    await user.click(screen.getByLabelText('Game wallet → main wallet'));
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getByLabelText('Amount (KRW)')).toHaveValue('5500');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    await screen.findByText('₩5,500 moved from Parlay Originals to Main wallet.');
    expect(sent[2]).toMatchObject({ fromWallet: 'HOUSE', toWallet: 'MAIN', amountMinor: 5_500 });
    expect(sent[2]?.requestId).not.toBe(sent[0]?.requestId);
  });

  it("moves every game wallet's money back to main, and shows a refusal in the member's language", async () => {
    const user = userEvent.setup();
    let calls = 0;
    server.use(
      answerWallets(MULTI),
      http.post(WALLET_CALLS.walletRecall.path, () => {
        calls += 1;
        return calls === 1
          ? fail('WALLET_SINGLE_MODE')
          : ok(WalletRecallResponseSchema, {
              ...MULTI,
              wallets: MULTI.wallets.map((wallet) => ({
                ...wallet,
                balanceMinor: wallet.walletCode === 'MAIN' ? 12_500 : 0,
              })),
            });
      }),
    );
    renderWithShell(<TransferFundPage />);
    await user.click(await screen.findByRole('button', { name: 'Move all to main wallet' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This site uses one wallet for every game, so no transfer is needed.',
    );
    await user.click(screen.getByRole('button', { name: 'Move all to main wallet' }));
    expect(await screen.findByText('Everything is back in your main wallet.')).toBeInTheDocument();
    expect(screen.getByRole('list')).toHaveTextContent('Main wallet₩12,500');
    expect(screen.getByRole('button', { name: 'Move all to main wallet' })).toBeDisabled();
  });
});
