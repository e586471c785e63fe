import {
  BettingRecordDetailResponseSchema,
  BettingRecordsResponseSchema,
  GAME_CALLS,
  VassGameTypeResponseSchema,
  WALLET_CALLS,
  type BettingRecord,
} from '@parlay/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../../i18n/index';
import { useSessionStore } from '../../../../lib/session-store';
import { fail, ok } from '../../../../test/api';
import { renderWithShell } from '../../../../test/render-with-shell';
import { server } from '../../../../test/server';
import PersonalHistoryPage from './index';

const DICE: BettingRecord = {
  roundId: 'r-dice-1',
  vassalage: 'HOUSE',
  vendorName: 'Parlay Originals',
  gameCode: 'dice',
  gameName: 'Dice',
  gameType: 'RNG',
  currency: 'KRW',
  stakeMinor: 1_000,
  winMinor: 1_980,
  validBetMinor: 1_000,
  profitMinor: 980,
  status: 'settled',
  startedAt: '2026-11-25T09:20:01.000Z',
  settledAt: '2026-11-25T09:20:02.000Z',
};
const BACCARAT: BettingRecord = {
  ...DICE,
  roundId: 'r-bac-1',
  vassalage: 'EVO',
  vendorName: 'Evolution',
  gameName: 'Baccarat',
  gameType: 'LIVE',
  winMinor: 0,
  profitMinor: -1_000,
};
const TOTALS = { rounds: 2, stakeMinor: 2_000, validBetMinor: 2_000, payoutMinor: 1_980, profitMinor: -20 };

/** The records call: the rounds matching the category asked for; records each query sent. */
function answerRecords(sent: URLSearchParams[]) {
  return http.get(WALLET_CALLS.bettingRecords.path, ({ request }) => {
    const query = new URL(request.url).searchParams;
    sent.push(query);
    const type = query.get('gameType');
    const list = [DICE, BACCARAT].filter((record) => !type || record.gameType === type);
    const totals =
      type === 'LIVE'
        ? { rounds: 1, stakeMinor: 1_000, validBetMinor: 1_000, payoutMinor: 0, profitMinor: -1_000 }
        : TOTALS;
    return ok(BettingRecordsResponseSchema, { list, nextCursor: null, totals });
  });
}

const vendors = http.get(GAME_CALLS.vassGameTypes.path, () =>
  ok(VassGameTypeResponseSchema, {
    list: [
      { vassalage: 'HOUSE', displayName: 'Parlay Originals', gameTypes: ['RNG'] },
      { vassalage: 'EVO', displayName: 'Evolution', gameTypes: ['LIVE'] },
    ],
  }),
);

describe('PersonalHistoryPage', () => {
  beforeEach(async () => {
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 0, account: 'demo' });
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    useSessionStore.getState().endSession();
  });

  it("asks for the last 7 of the brand's days, shows their totals, and filters by category", async () => {
    const user = userEvent.setup();
    const sent: URLSearchParams[] = [];
    server.use(answerRecords(sent), vendors);
    renderWithShell(<PersonalHistoryPage />);
    expect(await screen.findByRole('rowheader', { name: /Baccarat/ })).toBeInTheDocument();
    const first = sent[0]!;
    const days =
      (Date.parse(`${first.get('to')}T00:00:00Z`) - Date.parse(`${first.get('from')}T00:00:00Z`)) / 86_400_000;
    expect(days).toBe(6);
    const totals = screen.getByRole('region', { name: 'Totals of the period' });
    expect(within(totals).getByText('Win/loss').nextElementSibling).toHaveTextContent('\u2212₩20');

    await user.selectOptions(screen.getByLabelText('Category'), 'LIVE');
    expect(await screen.findByText('\u2212₩1,000', { selector: 'dd' })).toBeInTheDocument();
    expect(sent.at(-1)?.get('gameType')).toBe('LIVE');
    expect(screen.queryByRole('rowheader', { name: /Dice/ })).not.toBeInTheDocument();
    // The providers offered follow the category.
    const vendor = screen.getByLabelText('Game provider');
    expect(
      within(vendor)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Evolution']);
  });

  it('moves the period back by its length and refuses a period the server would, sending nothing', async () => {
    const user = userEvent.setup();
    const sent: URLSearchParams[] = [];
    server.use(answerRecords(sent), vendors);
    renderWithShell(<PersonalHistoryPage />);
    await screen.findByRole('rowheader', { name: /Dice/ });
    const before = sent[0]!;
    await user.click(screen.getByRole('button', { name: 'The 7 days before' }));
    await screen.findByRole('rowheader', { name: /Dice/ });
    const back = sent.at(-1)!;
    expect(Date.parse(`${before.get('from')}T00:00:00Z`) - Date.parse(`${back.get('to')}T00:00:00Z`)).toBe(86_400_000);

    const count = sent.length;
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2020-01-01');
    expect(await screen.findByRole('alert')).toHaveTextContent('at most 93 days');
    expect(sent.length).toBe(count);
  });

  it("opens a round's money moves from its row", async () => {
    const user = userEvent.setup();
    server.use(
      answerRecords([]),
      vendors,
      http.get('/wps/member/betting/records/HOUSE/r-dice-1', () =>
        ok(BettingRecordDetailResponseSchema, {
          ...DICE,
          transactions: [
            { transactionId: 't-1', kind: 'debit', amountMinor: 1_000, at: DICE.startedAt },
            { transactionId: 't-2', kind: 'credit', amountMinor: 1_980, at: DICE.settledAt! },
          ],
          detail: null,
        }),
      ),
    );
    renderWithShell(<PersonalHistoryPage />);
    const toggle = await screen.findByRole('button', { name: /^Details: Dice/ });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText('Money moves')).toBeInTheDocument();
    expect(screen.getByText('+₩1,980')).toBeInTheDocument();
  });

  it("says what the server refused, in the member's language", async () => {
    server.use(
      http.get(WALLET_CALLS.bettingRecords.path, () => fail('WALLET_PERIOD_INVALID')),
      vendors,
    );
    renderWithShell(<PersonalHistoryPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The period is not valid');
  });
});
