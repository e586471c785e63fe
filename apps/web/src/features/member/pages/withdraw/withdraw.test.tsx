import {
  BankAccountRemovedResponseSchema,
  BankAccountResponseSchema,
  ProofUploadedResponseSchema,
  WITHDRAWAL_CALLS,
  WithdrawalOverviewResponseSchema,
  WithdrawalPageResponseSchema,
  WithdrawalResponseSchema,
  type Withdrawal,
  type WithdrawalOverview,
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
import WithdrawPage from './index';

const ACCOUNT = {
  id: 7,
  bankCode: 'KB',
  bankName: 'KB Kookmin Bank',
  accountNumberMasked: '*******8901',
  holderName: '홍길동',
  createdAt: '2026-11-20T10:00:00.000Z',
};
const OVERVIEW: WithdrawalOverview = {
  currency: 'KRW',
  currencyExponent: 0,
  balanceMinor: 120_000,
  rules: {
    minMinor: 10_000,
    maxMinor: 5_000_000,
    dailyCount: 3,
    usedToday: 1,
    paymentPasswordRequired: true,
    maxBankAccounts: 3,
    confirmMinutes: 1440,
  },
  turnover: { percent: 100, requiredMinor: 50_000, wageredMinor: 30_000, shortMinor: 20_000 },
  banks: [
    { code: 'KB', name: 'KB Kookmin Bank' },
    { code: 'SHINHAN', name: 'Shinhan Bank' },
  ],
  bankAccounts: [ACCOUNT],
  payeeNameSet: true,
  paymentPasswordSet: true,
};
const PAID: Withdrawal = {
  id: 41,
  amountMinor: 50_000,
  currency: 'KRW',
  status: 'paid',
  bankName: 'KB Kookmin Bank',
  accountNumberMasked: '*******8901',
  createdAt: '2026-11-27T09:00:00.000Z',
  paidAt: '2026-11-27T09:30:00.000Z',
  confirmDueAt: '2026-11-28T09:30:00.000Z',
  confirmedAt: null,
  missingMinor: null,
  rejectReason: null,
  caseStatus: null,
  caseReason: null,
  caseRefundMinor: null,
  proofCount: 0,
};

function answer(overview: WithdrawalOverview = OVERVIEW, withdrawals: Withdrawal[] = []) {
  return [
    http.get(WITHDRAWAL_CALLS.overview.path, () => ok(WithdrawalOverviewResponseSchema, overview)),
    http.get(WITHDRAWAL_CALLS.withdrawals.path, () =>
      ok(WithdrawalPageResponseSchema, { items: withdrawals, nextCursor: null }),
    ),
  ];
}

describe('WithdrawPage', () => {
  beforeEach(async () => {
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 0, account: 'demo' });
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    useSessionStore.getState().endSession();
  });

  it('shows the masked account, the rules and the turnover progress, and checks the amount before sending', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    server.use(
      ...answer(),
      http.post(WITHDRAWAL_CALLS.createWithdrawal.path, async ({ request }) => {
        sent.push(await request.json());
        return ok(WithdrawalResponseSchema, {
          ...PAID,
          status: 'requested',
          paidAt: null,
          confirmDueAt: null,
          amountMinor: 20_000,
        });
      }),
    );
    renderWithShell(<WithdrawPage />);
    expect(await screen.findByTestId('bank-account')).toHaveTextContent('*******8901');
    expect(screen.getByText('Requests today: 1 of 3')).toBeInTheDocument();
    expect(screen.getByText('₩30,000 of ₩50,000')).toBeInTheDocument();
    expect(screen.getByText(/Bet ₩20,000 more to withdraw/)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Amount (KRW)'), '5000');
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter an amount between ₩10,000 and ₩5,000,000.');
    await user.clear(screen.getByLabelText('Amount (KRW)'));
    await user.type(screen.getByLabelText('Amount (KRW)'), '20000');
    await user.type(screen.getByLabelText('Payment password'), '135790');
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your withdrawal of ₩20,000 was requested.');
    expect(sent).toEqual([
      expect.objectContaining({ bankAccountId: 7, amountMinor: 20_000, paymentPassword: '135790' }),
    ]);
    // The notice follows a change of language: it is written when drawn, not kept as the text of the moment.
    await act(() => i18n.changeLanguage('ko'));
    expect(screen.getByRole('status')).toHaveTextContent('₩20,000 출금이 신청되었습니다.');
  });

  it("shows the server's refusal in its words", async () => {
    const user = userEvent.setup();
    server.use(
      ...answer(),
      http.post(WITHDRAWAL_CALLS.createWithdrawal.path, () => fail('WITHDRAWAL_INSUFFICIENT_BALANCE')),
    );
    renderWithShell(<WithdrawPage />);
    await user.type(await screen.findByLabelText('Amount (KRW)'), '20000');
    await user.type(screen.getByLabelText('Payment password'), '135790');
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your balance is not enough.');
  });

  it('binds an account and removes one with the payment password', async () => {
    const user = userEvent.setup();
    const bound: unknown[] = [];
    const removed: unknown[] = [];
    server.use(
      ...answer(),
      http.post(WITHDRAWAL_CALLS.bindBankAccount.path, async ({ request }) => {
        bound.push(await request.json());
        return ok(BankAccountResponseSchema, { ...ACCOUNT, id: 8 });
      }),
      http.post(WITHDRAWAL_CALLS.removeBankAccount.path, async ({ request }) => {
        removed.push(await request.json());
        return ok(BankAccountRemovedResponseSchema, null);
      }),
    );
    renderWithShell(<WithdrawPage />);
    await user.click(await screen.findByRole('button', { name: 'Add a bank account' }));
    const form = screen.getByRole('form', { name: 'Add a bank account' });
    await user.selectOptions(within(form).getByLabelText('Bank'), 'SHINHAN');
    await user.type(within(form).getByLabelText('Account number'), '110-222-333333');
    await user.type(within(form).getByLabelText(/Account holder/), '홍길동');
    await user.click(within(form).getByRole('button', { name: 'Add account' }));
    expect(await screen.findByText('The bank account was added.')).toBeInTheDocument();
    expect(bound).toEqual([{ bankCode: 'SHINHAN', accountNumber: '110-222-333333', holderName: '홍길동' }]);

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    const account = screen.getByTestId('bank-account');
    await user.type(within(account).getByLabelText('Payment password'), '135790');
    await user.click(within(account).getByRole('button', { name: 'Remove account' }));
    expect(await screen.findByText('The bank account was removed.')).toBeInTheDocument();
    expect(removed).toEqual([{ bankAccountId: 7, paymentPassword: '135790' }]);
  });

  it('confirms a paid withdrawal partly received with the missing amount and a proof', async () => {
    const user = userEvent.setup();
    let proofs = 0;
    let after: Partial<Withdrawal> = {};
    const confirmed: unknown[] = [];
    server.use(
      http.get(WITHDRAWAL_CALLS.overview.path, () => ok(WithdrawalOverviewResponseSchema, OVERVIEW)),
      http.get(WITHDRAWAL_CALLS.withdrawals.path, () =>
        ok(WithdrawalPageResponseSchema, { items: [{ ...PAID, proofCount: proofs, ...after }], nextCursor: null }),
      ),
      http.put('/wps/member/withdrawals/41/proofs', () => {
        proofs += 1;
        return ok(ProofUploadedResponseSchema, { proofCount: proofs });
      }),
      http.post('/wps/member/withdrawals/41/confirm', async ({ request }) => {
        confirmed.push(await request.json());
        after = { status: 'partly_received', missingMinor: 10_000, caseStatus: 'open' };
        return ok(WithdrawalResponseSchema, { ...PAID, ...after });
      }),
    );
    renderWithShell(<WithdrawPage />);
    const row = await screen.findByTestId('withdrawal-row');
    expect(row).toHaveTextContent('Paid: please confirm');
    await user.click(within(row).getByRole('button', { name: 'Confirm receipt' }));
    const panel = screen.getByTestId('confirm-receipt');
    await user.click(within(panel).getByLabelText('Partly received'));
    await user.type(within(panel).getByLabelText('Amount not received (KRW)'), '60000');
    await user.click(within(panel).getByRole('button', { name: 'Send' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent('Enter the amount that did not arrive');
    await user.clear(within(panel).getByLabelText('Amount not received (KRW)'));
    await user.type(within(panel).getByLabelText('Amount not received (KRW)'), '10000');
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'proof.png', { type: 'image/png' });
    await user.upload(within(panel).getByLabelText('Upload image'), file);
    expect(await within(panel).findByText('1 of 3 uploaded')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Not received: ₩10,000')).toBeInTheDocument();
    expect(screen.getByTestId('withdrawal-row')).toHaveTextContent('Partly received');
    expect(confirmed).toEqual([{ outcome: 'partlyReceived', missingMinor: 10_000 }]);
  });
});
