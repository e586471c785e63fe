import {
  MemberTransactionsOrPointsResponseSchema,
  MemberTransactionsResponseSchema,
  WALLET_CALLS,
  type MemberTransaction,
} from '@parlay/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../../i18n/index';
import { useSessionStore } from '../../../../lib/session-store';
import { fail, ok } from '../../../../test/api';
import { renderWithShell } from '../../../../test/render-with-shell';
import { server } from '../../../../test/server';
import TransactionHistoryPage from './index';

const BET: MemberTransaction = {
  transactionNo: '1042',
  type: 'bet',
  amountMinor: -5_000,
  balanceAfterMinor: 95_000,
  currency: 'KRW',
  at: '2026-11-25T09:20:01.000Z',
  roundId: 'demo-m-12',
  vassalage: 'HOUSE',
  vendorName: 'Parlay Originals',
  gameName: 'Parlay Dice',
  gameType: 'RNG',
  note: null,
};
const REFUND: MemberTransaction = { ...BET, transactionNo: '1043', type: 'refund', amountMinor: 5_000 };
const BONUS: MemberTransaction = {
  ...BET,
  transactionNo: '1001',
  type: 'adjustment',
  amountMinor: 50_000,
  roundId: null,
  vassalage: null,
  vendorName: null,
  gameName: null,
  gameType: null,
  note: 'Event bonus',
};

/** The account record call: page 1 answers a cursor to page 2; records each query sent. */
function answerTransactions(sent: URLSearchParams[]) {
  return http.get(WALLET_CALLS.memberTransactions.path, ({ request }) => {
    const query = new URL(request.url).searchParams;
    sent.push(query);
    const type = query.get('type');
    const page2 = query.get('cursor') === 'p2';
    const list = (page2 ? [BONUS] : [REFUND, BET]).filter((row) => !type || row.type === type);
    return ok(MemberTransactionsResponseSchema, {
      list,
      nextCursor: page2 || type ? null : 'p2',
      currency: 'KRW',
      currencyExponent: 0,
    });
  });
}

describe('TransactionHistoryPage', () => {
  beforeEach(async () => {
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 0, account: 'demo' });
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    useSessionStore.getState().endSession();
    vi.restoreAllMocks();
  });

  it("asks for the previous 30 of the brand's days and says what each movement was", async () => {
    const sent: URLSearchParams[] = [];
    server.use(answerTransactions(sent));
    renderWithShell(<TransactionHistoryPage />);
    const bet = (await screen.findAllByRole('rowheader', { name: /Parlay Dice/ }))[1]!.closest('tr')!;
    expect(within(bet).getByText('Bet')).toBeInTheDocument();
    expect(within(bet).getByText('\u2212₩5,000')).toBeInTheDocument();
    expect(within(bet).getByText('₩95,000')).toBeInTheDocument();
    expect(within(bet).getByText(/Round demo-m-12/)).toBeInTheDocument();
    expect(screen.getByText(/Stake returned, round demo-m-12/)).toBeInTheDocument();
    const first = sent[0]!;
    const days =
      (Date.parse(`${first.get('to')}T00:00:00Z`) - Date.parse(`${first.get('from')}T00:00:00Z`)) / 86_400_000;
    expect(days).toBe(29);
    expect(first.get('type')).toBeNull();
    expect(screen.getByRole('button', { name: 'Previous 30 days' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the point entries instead when the record is switched to points, filtered by point type', async () => {
    const user = userEvent.setup();
    const sent: URLSearchParams[] = [];
    server.use(
      http.get(WALLET_CALLS.memberTransactions.path, ({ request }) => {
        const query = new URL(request.url).searchParams;
        sent.push(query);
        if (query.get('ledger') !== 'points') {
          return ok(MemberTransactionsResponseSchema, {
            list: [BET],
            nextCursor: null,
            currency: 'KRW',
            currencyExponent: 0,
          });
        }
        return ok(MemberTransactionsOrPointsResponseSchema, {
          ledger: 'points',
          list: [
            {
              transactionNo: 'P7',
              type: 'slots' as const,
              pointsMinor: 12_050,
              balanceAfterPointsMinor: 512_050,
              at: '2026-11-25T09:21:00.000Z',
              ref: 'feed:1:2',
              note: null,
            },
          ].filter((entry) => !query.get('pointType') || entry.type === query.get('pointType')),
          nextCursor: null,
        });
      }),
    );
    renderWithShell(<TransactionHistoryPage />);
    await screen.findAllByRole('rowheader', { name: /Parlay Dice/ });
    await user.selectOptions(screen.getByLabelText('Record'), 'points');
    const entry = (await screen.findAllByRole('rowheader', { name: 'Slots' }))[0]!.closest('tr')!;
    expect(within(entry).getByText('+120.5')).toBeInTheDocument();
    expect(within(entry).getByText('5,120.5')).toBeInTheDocument();
    expect(sent.at(-1)?.get('ledger')).toBe('points');
    expect(screen.queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Type'), 'adjustment');
    expect(await screen.findByText('No movements in this period')).toBeInTheDocument();
    expect(sent.at(-1)?.get('pointType')).toBe('adjustment');
  });

  it('pages by the cursor the server answered, back to the first without one, and a filter starts again', async () => {
    const user = userEvent.setup();
    const sent: URLSearchParams[] = [];
    server.use(answerTransactions(sent));
    renderWithShell(<TransactionHistoryPage />);
    await screen.findAllByRole('rowheader', { name: /Parlay Dice/ });
    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByRole('rowheader', { name: /Event bonus/ })).toBeInTheDocument();
    expect(sent.at(-1)?.get('cursor')).toBe('p2');
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Newer' }));
    expect(await screen.findByText('Page 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Older' }));
    await screen.findByText('Page 2');

    await user.selectOptions(screen.getByLabelText('Type'), 'refund');
    expect(await screen.findByText(/Stake returned/)).toBeInTheDocument();
    expect(sent.at(-1)?.get('type')).toBe('refund');
    expect(sent.at(-1)?.get('cursor')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pages of the account record' })).not.toBeInTheDocument();
  });

  it('downloads the CSV of the filters shown, with the session, under the name the server gives', async () => {
    const user = userEvent.setup();
    const asked: Request[] = [];
    server.use(
      answerTransactions([]),
      http.get(WALLET_CALLS.memberTransactionsExport.path, ({ request }) => {
        asked.push(request);
        return new HttpResponse('time,transaction_no\r\n', {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="transactions-a-b.csv"' },
        });
      }),
    );
    const created = vi.fn(() => 'blob:csv');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderWithShell(<TransactionHistoryPage />);
    await screen.findAllByRole('rowheader', { name: /Parlay Dice/ });
    await user.selectOptions(screen.getByLabelText('Type'), 'bet');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await vi.waitFor(() => expect(clicked).toEqual(['transactions-a-b.csv']));
    const query = new URL(asked[0]!.url).searchParams;
    expect(query.get('type')).toBe('bet');
    expect(query.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(asked[0]!.headers.get('authorization')).toBe('Bearer token-1');
  });

  it("says what the server refused, in the member's language", async () => {
    server.use(http.get(WALLET_CALLS.memberTransactions.path, () => fail('WALLET_PERIOD_INVALID')));
    renderWithShell(<TransactionHistoryPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The period is not valid');
  });
});
