import {
  BONUS_CALLS,
  BonusOffersResponseSchema,
  CASHIER_CALLS,
  DepositMethodsResponseSchema,
  DepositOrderResponseSchema,
  DepositPageResponseSchema,
  type BonusOffer,
  type DepositOrder,
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
import DepositPage from './index';

const METHODS = {
  currency: 'KRW',
  items: [
    {
      id: 1,
      name: 'Sandbox pay',
      kind: 'provider' as const,
      minAmountMinor: 10_000,
      maxAmountMinor: 1_000_000,
      feeFixedMinor: 0,
      feePerMille: 0,
    },
    {
      id: 2,
      name: 'Bank transfer',
      kind: 'manual_bank' as const,
      minAmountMinor: 50_000,
      maxAmountMinor: 5_000_000,
      feeFixedMinor: 1_000,
      feePerMille: 10,
    },
  ],
};
const ORDER_BASE: DepositOrder = {
  orderNo: 'D261127ABCDEF1234',
  methodName: 'Sandbox pay',
  methodKind: 'provider',
  amountMinor: 50_000,
  feeMinor: 0,
  creditMinor: 50_000,
  currency: 'KRW',
  state: 'pending',
  instructions: { kind: 'redirect', url: 'http://localhost:8082/pay/D261127ABCDEF1234' },
  failureReason: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  expiresAt: '2026-11-27T10:15:00.000Z',
  creditedAt: null,
};

const WELCOME: BonusOffer = {
  code: 'WELCOME100',
  title: 'Welcome bonus 100%',
  summary: 'Double your first deposit.',
  percentBp: 10_000,
  maxBonusMinor: 300_000,
  minDepositMinor: 20_000,
  wageringMultiplier: 10,
  contributionBp: { RNG: 10_000, LIVE: 1_000 },
  expiryDays: 30,
  endsAt: null,
};

function answerLists(orders: DepositOrder[] = [], offers: BonusOffer[] = []) {
  return [
    http.get(CASHIER_CALLS.depositMethods.path, () => ok(DepositMethodsResponseSchema, METHODS)),
    http.get(CASHIER_CALLS.deposits.path, () => ok(DepositPageResponseSchema, { items: orders, nextCursor: null })),
    http.get(BONUS_CALLS.offers.path, () =>
      ok(BonusOffersResponseSchema, { currency: 'KRW', currencyExponent: 0, items: offers }),
    ),
  ];
}

describe('DepositPage', () => {
  beforeEach(async () => {
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 0, account: 'demo' });
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    useSessionStore.getState().endSession();
  });

  it('lists the methods with their limits, checks the amount before sending, and opens the provider page', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    server.use(
      ...answerLists(),
      http.post(CASHIER_CALLS.createDeposit.path, async ({ request }) => {
        sent.push(await request.json());
        return ok(DepositOrderResponseSchema, ORDER_BASE);
      }),
    );
    renderWithShell(<DepositPage />);
    expect(await screen.findByText('Sandbox pay')).toBeInTheDocument();
    expect(screen.getByText('Online payment · ₩10,000 to ₩1,000,000')).toBeInTheDocument();
    expect(screen.getByText('Fee ₩1,000 + 1%')).toBeInTheDocument();
    expect(screen.getByText('No deposits yet.')).toBeInTheDocument();
    // No bonus is offered to this member: the form has no bonus choice.
    expect(screen.queryByTestId('deposit-bonus')).toBeNull();

    const amount = screen.getByLabelText('Amount (KRW)');
    await user.type(amount, '9999');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter an amount between ₩10,000 and ₩1,000,000.');
    expect(sent).toEqual([]);

    await user.click(
      within(screen.getByRole('group', { name: 'Quick amounts' })).getByRole('button', { name: '₩50,000' }),
    );
    expect(amount).toHaveValue('50000');
    expect(screen.getByTestId('deposit-receive')).toHaveTextContent('Credited to your balance: ₩50,000');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    const link = await screen.findByRole('link', { name: 'Go to the payment page' });
    expect(link).toHaveAttribute('href', 'http://localhost:8082/pay/D261127ABCDEF1234');
    expect(sent).toEqual([{ methodId: 1, amountMinor: 50_000 }]);
  });

  it('shows the bank account and the reference of a bank transfer, in Korean too', async () => {
    const user = userEvent.setup();
    server.use(
      ...answerLists(),
      http.post(CASHIER_CALLS.createDeposit.path, () =>
        ok(DepositOrderResponseSchema, {
          ...ORDER_BASE,
          methodName: 'Bank transfer',
          methodKind: 'manual_bank',
          amountMinor: 100_000,
          feeMinor: 2_000,
          creditMinor: 98_000,
          instructions: {
            kind: 'bank',
            bankName: 'Parlay Bank',
            accountNumber: '110-234-567890',
            holderName: 'Parlay Ltd',
            reference: 'K7PQ2MXA',
          },
        }),
      ),
    );
    renderWithShell(<DepositPage />);
    await user.click(await screen.findByLabelText(/Bank transfer/));
    await user.type(screen.getByLabelText('Amount (KRW)'), '100000');
    expect(screen.getByTestId('deposit-receive')).toHaveTextContent('₩98,000');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    const order = await screen.findByTestId('deposit-order');
    expect(order).toHaveTextContent('Transfer to this account');
    expect(order).toHaveTextContent('110-234-567890');
    expect(order).toHaveTextContent('K7PQ2MXA');
    await act(() => i18n.changeLanguage('ko'));
    expect(await screen.findByText('아래 계좌로 이체해 주세요')).toBeInTheDocument();
    expect(screen.getByText('입금 참조번호')).toBeInTheDocument();
  });

  it("shows the server's refusal, and my recent deposits with their states", async () => {
    const user = userEvent.setup();
    server.use(
      ...answerLists([
        { ...ORDER_BASE, state: 'credited', instructions: null, creditedAt: '2026-11-27T10:02:00.000Z' },
        { ...ORDER_BASE, orderNo: 'D261127FAILED0001', state: 'failed', instructions: null },
      ]),
      http.post(CASHIER_CALLS.createDeposit.path, () => fail('CASHIER_TOO_MANY_OPEN_ORDERS')),
    );
    renderWithShell(<DepositPage />);
    const rows = await screen.findAllByTestId('deposit-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Credited');
    expect(rows[1]).toHaveTextContent('Failed');
    await user.type(screen.getByLabelText('Amount (KRW)'), '20000');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have too many open deposits.');
  });

  it('offers the deposit bonuses with their rules, none chosen, and sends the chosen one as promotionCode', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    server.use(
      ...answerLists(
        [],
        [
          WELCOME,
          {
            ...WELCOME,
            code: 'RELOAD50',
            title: 'Reload 50%',
            percentBp: 5_000,
            maxBonusMinor: null,
            minDepositMinor: 0,
            wageringMultiplier: 0,
          },
        ],
      ),
      http.post(CASHIER_CALLS.createDeposit.path, async ({ request }) => {
        sent.push(await request.json());
        return ok(DepositOrderResponseSchema, ORDER_BASE);
      }),
    );
    renderWithShell(<DepositPage />);
    const choice = await screen.findByRole('group', { name: 'Deposit bonus' });
    const radios = within(choice).getAllByRole('radio');
    expect(radios).toHaveLength(3);
    expect(within(choice).getByRole('radio', { name: 'No bonus' })).toBeChecked();
    expect(choice).toHaveTextContent(
      'Welcome bonus 100%100% up to ₩300,000 · from a deposit of ₩20,000 · wager 10× the bonus to withdraw it',
    );
    expect(choice).toHaveTextContent('Reload 50%50% of the deposit · no wagering');

    // With no bonus chosen, nothing of one is sent.
    const amount = screen.getByLabelText('Amount (KRW)');
    await user.type(amount, '10000');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    await screen.findByRole('link', { name: 'Go to the payment page' });
    expect(sent).toEqual([{ methodId: 1, amountMinor: 10_000 }]);
    await user.click(screen.getByRole('button', { name: 'New deposit' }));

    // The bonus chosen: below its minimum the page says so and sends nothing; at it, it names the bonus and sends it.
    await user.click(await screen.findByRole('radio', { name: /^Welcome bonus 100%/ }));
    await user.type(screen.getByLabelText('Amount (KRW)'), '10000');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Deposit at least ₩20,000 to receive Welcome bonus 100%.',
    );
    expect(sent).toHaveLength(1);
    await user.clear(screen.getByLabelText('Amount (KRW)'));
    await user.type(screen.getByLabelText('Amount (KRW)'), '500000');
    expect(screen.getByTestId('deposit-receive')).toHaveTextContent(
      'Credited to your balance: ₩500,000 + bonus ₩300,000',
    );
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    await screen.findByRole('link', { name: 'Go to the payment page' });
    expect(sent[1]).toEqual({ methodId: 1, amountMinor: 500_000, promotionCode: 'WELCOME100' });

    await act(() => i18n.changeLanguage('ko'));
    await user.click(screen.getByRole('button', { name: '새 입금' }));
    expect(await screen.findByRole('group', { name: '입금 보너스' })).toHaveTextContent(
      '100%, 최대 ₩300,000 · ₩20,000 이상 입금 시 · 출금하려면 보너스의 10배 베팅',
    );
  });
});
