import {
  ClaimRaffleResponseSchema,
  ERRORS,
  RAFFLE_CALLS,
  RAFFLE_DRAW_ALGORITHM,
  RaffleDrawResponseSchema,
  RaffleListResponseSchema,
  type RaffleDraw,
  type RaffleItem,
  type RaffleList,
} from '@parlay/contract';
import { drawRaffleWinners, hashServerSeed } from '@parlay/fairness';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n/index';
import { useModalStore } from '../../../lib/modal-store';
import { useSessionStore } from '../../../lib/session-store';
import { storeLanguage } from '../../../lib/storage';
import { fail, ok } from '../../../test/api';
import { renderWithShell } from '../../../test/render-with-shell';
import { server } from '../../../test/server';
import { RaffleSection } from './raffle-section';

const HOUR = 3_600_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

const WEEKLY: RaffleItem = {
  id: 41,
  code: 'WEEKLYRAFFLE',
  category: 'raffle',
  title: 'Weekly raffle',
  summary: 'Three prizes every week.',
  saleStartsAt: at(-24 * HOUR),
  saleEndsAt: at(48 * HOUR),
  drawAt: at(49 * HOUR),
  rules: { depositStepMinor: 10_000, betStepMinor: 50_000, maxTicketsPerMember: 100 },
  prizes: [
    { rank: 1, amountMinor: 100_000 },
    { rank: 2, amountMinor: 50_000 },
  ],
  seedHash: 'ab'.repeat(32),
  status: 'open',
  drawnAt: null,
  state: null,
  tickets: null,
  joinedAt: null,
  prize: null,
};
const SOON: RaffleItem = {
  ...WEEKLY,
  id: 42,
  code: 'NEXTWEEK',
  title: 'Next week',
  saleStartsAt: at(24 * HOUR),
  saleEndsAt: at(72 * HOUR),
  drawAt: at(73 * HOUR),
};

/** A real draw: its winners drawn by @parlay/fairness from its seed, as the server draws them. */
const SEED = '3f'.repeat(32);
const COUNTS = [3, 1, 5, 2];
const ACCOUNTS = ['de****o', 'al****e', 'bo****b', 'ca****l'];
const DRAWN_ID = 40;
const PRIZES = [
  { rank: 1, amountMinor: 30_000 },
  { rank: 2, amountMinor: 10_000 },
];
function buildDraw(): RaffleDraw {
  let next = 1;
  const entries = COUNTS.map((count, entry) => {
    const firstTicket = next;
    next += count;
    return { entry, account: ACCOUNTS[entry]!, firstTicket, count };
  });
  const picks = drawRaffleWinners({ seed: SEED, raffleId: DRAWN_ID, counts: COUNTS, prizes: PRIZES.length });
  return {
    raffleId: DRAWN_ID,
    title: 'Launch raffle',
    algorithm: RAFFLE_DRAW_ALGORITHM,
    seedHash: hashServerSeed(SEED),
    seed: SEED,
    drawnAt: at(-2 * HOUR),
    totalTickets: next - 1,
    prizes: PRIZES,
    entries,
    winners: picks.map((pick) => ({
      rank: pick.rank,
      ticket: pick.ticket,
      entry: pick.entry,
      account: ACCOUNTS[pick.entry]!,
      prizeMinor: PRIZES[pick.rank - 1]!.amountMinor,
    })),
    currency: 'KRW',
    currencyExponent: 0,
  };
}
const DRAW = buildDraw();
const DRAWN: RaffleItem = {
  ...WEEKLY,
  id: DRAWN_ID,
  code: 'LAUNCH',
  title: 'Launch raffle',
  summary: '',
  saleStartsAt: at(-72 * HOUR),
  saleEndsAt: at(-4 * HOUR),
  drawAt: at(-3 * HOUR),
  prizes: PRIZES,
  seedHash: DRAW.seedHash,
  status: 'drawn',
  drawnAt: DRAW.drawnAt,
};

const list = (items: RaffleItem[]): RaffleList => ({ currency: 'KRW', currencyExponent: 0, items });
const answerList = (answer: () => RaffleList) =>
  http.get(RAFFLE_CALLS.list.path, () => ok(RaffleListResponseSchema, answer()));
const answerDraw = (draw: RaffleDraw = DRAW) =>
  http.get(RAFFLE_CALLS.draw.path, () => ok(RaffleDrawResponseSchema, draw));
const member = () => useSessionStore.getState().startSession({ token: 'token-1', isAgent: 0, account: 'demo' });

describe('RaffleSection', () => {
  beforeEach(async () => {
    storeLanguage('EN');
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    useSessionStore.getState().endSession();
    useModalStore.getState().closeModal();
    localStorage.clear();
  });

  it('shows a visitor the prizes, window, rules in words and winners, and asks to log in to join', async () => {
    server.use(
      answerList(() => list([WEEKLY, SOON, DRAWN])),
      answerDraw(),
    );
    renderWithShell(<RaffleSection />);
    const weekly = await screen.findByTestId('raffle-WEEKLYRAFFLE');
    expect(within(weekly).getByTestId('raffle-state')).toHaveTextContent('Open');
    expect(within(weekly).getByTestId('raffle-prizes')).toHaveTextContent('#1₩100,000#2₩50,000');
    expect(weekly).toHaveTextContent('1 ticket for every ₩10,000 deposited');
    expect(weekly).toHaveTextContent('1 ticket for every ₩50,000 of valid bets');
    expect(weekly).toHaveTextContent('At most 100 tickets per member');
    const time = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
    expect(weekly).toHaveTextContent(`${time.format(new Date(WEEKLY.saleStartsAt))} – `);
    expect(within(weekly).queryByTestId('raffle-tickets')).toBeNull();
    expect(within(screen.getByTestId('raffle-NEXTWEEK')).getByTestId('raffle-state')).toHaveTextContent('Coming soon');
    expect(within(screen.getByTestId('raffle-NEXTWEEK')).queryByRole('button')).toBeNull();

    // The drawn raffle's winners, from its public proof.
    const drawn = screen.getByTestId('raffle-LAUNCH');
    expect(within(drawn).getByTestId('raffle-state')).toHaveTextContent('Drawn');
    const first = DRAW.winners[0]!;
    expect(await within(drawn).findByTestId('raffle-winners')).toHaveTextContent(
      `#1${first.account}ticket ${first.ticket}₩30,000`,
    );
    expect(within(drawn).getByRole('button', { name: 'Verify the draw' })).toBeVisible();

    await userEvent.click(within(weekly).getByRole('button', { name: 'Log in to join' }));
    expect(useModalStore.getState().current?.name).toBe('loginPopupModal');

    // In Korean, the rules read in Korean.
    await act(() => i18n.changeLanguage('ko'));
    expect(screen.getByTestId('raffle-WEEKLYRAFFLE')).toHaveTextContent('입금 ₩10,000마다 응모권 1장');
  });

  it('shows nothing while the brand has no raffle', async () => {
    let asked = false;
    server.use(
      answerList(() => {
        asked = true;
        return list([]);
      }),
    );
    renderWithShell(<RaffleSection />);
    await expect.poll(() => asked).toBe(true);
    expect(screen.queryByTestId('raffles')).toBeNull();
  });

  it("joins a raffle with the member's tickets, and says the server's refusal", async () => {
    member();
    let joined = false;
    const sent: unknown[] = [];
    const mine = (): RaffleItem =>
      joined ? { ...WEEKLY, state: 'joined', tickets: 3, joinedAt: at(0) } : { ...WEEKLY, state: 'join', tickets: 3 };
    server.use(
      answerList(() => list([mine(), { ...SOON, state: 'coming_soon', tickets: 0 }])),
      http.post(RAFFLE_CALLS.claim.path, async ({ request }) => {
        sent.push(await request.json());
        joined = true;
        return ok(ClaimRaffleResponseSchema, { raffle: mine(), joinedNow: true });
      }),
    );
    renderWithShell(<RaffleSection />);
    const weekly = await screen.findByTestId('raffle-WEEKLYRAFFLE');
    expect(within(weekly).getByTestId('raffle-tickets')).toHaveTextContent(
      'Your tickets: 3Join to put your tickets in the draw',
    );
    await userEvent.click(within(weekly).getByRole('button', { name: 'Join' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'You joined Weekly raffle: your tickets are in its draw.',
    );
    expect(sent).toEqual([{ raffleId: WEEKLY.id }]);
    await expect.poll(() => within(weekly).getByTestId('raffle-state').textContent).toBe('Joined');
    expect(within(weekly).getByTestId('raffle-tickets')).toHaveTextContent('Your tickets: 3You are in the draw');
    expect(within(weekly).queryByRole('button')).toBeNull();

    // The sale ended meanwhile: the server's translated refusal.
    joined = false;
    server.use(http.post(RAFFLE_CALLS.claim.path, () => fail('RAFFLE_CLOSED')));
    cleanup();
    renderWithShell(<RaffleSection />);
    const again = await screen.findByTestId('raffle-WEEKLYRAFFLE');
    await userEvent.click(within(again).getByRole('button', { name: 'Join' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ERRORS.RAFFLE_CLOSED.en);
  });

  it('verifies a draw in the browser: the seed against its hash and the winners drawn again', async () => {
    member();
    server.use(
      answerList(() => list([{ ...DRAWN, state: 'issued', tickets: 3, prize: { rank: 1, amountMinor: 30_000 } }])),
      answerDraw(),
    );
    renderWithShell(<RaffleSection />);
    const drawn = await screen.findByTestId('raffle-LAUNCH');
    expect(within(drawn).getByTestId('raffle-tickets')).toHaveTextContent('You won #1: ₩30,000, paid to your balance.');
    await userEvent.click(within(drawn).getByRole('button', { name: 'Verify the draw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify the draw: Launch raffle' });
    expect(within(dialog).getByTestId('verify-seed-hash')).toHaveTextContent(DRAW.seedHash);
    expect(within(dialog).getByTestId('verify-seed')).toHaveTextContent(SEED);
    expect(await within(dialog).findByTestId('verify-result')).toHaveTextContent('Verified');
    expect(within(dialog).getByTestId('verify-result')).toHaveAttribute('data-verified', 'true');
    const tickets = within(dialog).getByRole('table', { name: 'Ticket list (11 tickets)' });
    expect(
      within(tickets)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['EntryMemberTicketsCount', '0de****o1 – 33', '1al****e41', '2bo****b5 – 95', '3ca****l10 – 112']);
    const winners = within(dialog).getByRole('table', { name: 'Winners' });
    expect(within(winners).getAllByRole('row')).toHaveLength(1 + DRAW.winners.length);
  });

  it('says a draw whose announced winner differs from the recomputed one is not verified', async () => {
    const [first, ...rest] = DRAW.winners;
    // Another ticket of the same holder would still be a different draw.
    const forged = { ...first!, ticket: first!.ticket === DRAW.totalTickets ? 1 : first!.ticket + 1 };
    server.use(
      answerList(() => list([DRAWN])),
      answerDraw({ ...DRAW, winners: [forged, ...rest] }),
    );
    renderWithShell(<RaffleSection />);
    const drawn = await screen.findByTestId('raffle-LAUNCH');
    await userEvent.click(within(drawn).getByRole('button', { name: 'Verify the draw' }));
    const dialog = await screen.findByRole('dialog');
    const result = await within(dialog).findByTestId('verify-result');
    expect(result).toHaveAttribute('data-verified', 'false');
    expect(result).toHaveTextContent('Not verified');
    expect(result).toHaveTextContent('The winners drawn here differ from those announced.');
    expect(result).not.toHaveTextContent('The seed does not match');
  });
});
