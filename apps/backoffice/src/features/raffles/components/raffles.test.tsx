import { RAFFLE_DRAW_ALGORITHM, type BoRaffle, type BoRaffleDraw, type BoRafflePage } from '@parlay/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n/index';
import { answer } from '../../../test/api';
import { buildSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

const DAY = 86_400_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

const WEEKLY: BoRaffle = {
  id: 41,
  code: 'WEEKLY',
  titleKo: '주간 래플',
  titleEn: 'Weekly raffle',
  summaryKo: '',
  summaryEn: 'Three prizes.',
  saleStartsAt: at(-DAY),
  saleEndsAt: at(5 * DAY),
  drawAt: at(5 * DAY + 3_600_000),
  rules: { depositStepMinor: 10_000, betStepMinor: null, maxTicketsPerMember: 50 },
  prizes: [
    { rank: 1, amountMinor: 100_000 },
    { rank: 2, amountMinor: 50_000 },
    { rank: 3, amountMinor: 10_000 },
  ],
  seedHash: 'c0'.repeat(32),
  seed: null,
  status: 'open',
  active: true,
  entrants: 12,
  totalTickets: null,
  prizesPaidMinor: 0,
  drawnAt: null,
  version: 4,
  createdAt: at(-2 * DAY),
  updatedAt: at(-2 * DAY),
};
const LAUNCH: BoRaffle = {
  ...WEEKLY,
  id: 40,
  code: 'LAUNCH',
  titleKo: '오픈 기념 래플',
  titleEn: 'Launch raffle',
  saleStartsAt: at(-9 * DAY),
  saleEndsAt: at(-2 * DAY),
  drawAt: at(-2 * DAY),
  rules: { depositStepMinor: null, betStepMinor: 50_000, maxTicketsPerMember: 1 },
  prizes: [{ rank: 1, amountMinor: 30_000 }],
  seed: 'ab'.repeat(32),
  status: 'drawn',
  entrants: 2,
  totalTickets: 4,
  prizesPaidMinor: 30_000,
  drawnAt: at(-2 * DAY + 60_000),
};
const PAGE: BoRafflePage = {
  items: [WEEKLY, LAUNCH],
  nextCursor: null,
  currency: 'KRW',
  currencyExponent: 0,
  timeZone: 'Asia/Seoul',
};
const DRAW: BoRaffleDraw = {
  raffle: LAUNCH,
  algorithm: RAFFLE_DRAW_ALGORITHM,
  entries: [
    { entry: 0, memberId: 7, account: 'demo', maskedAccount: 'de**o', firstTicket: 1, count: 3 },
    { entry: 1, memberId: 9, account: 'alice', maskedAccount: 'al**e', firstTicket: 4, count: 1 },
  ],
  winners: [{ rank: 1, ticket: 2, entry: 0, memberId: 7, account: 'demo', prizeMinor: 30_000, movementId: 812 }],
  currency: 'KRW',
  currencyExponent: 0,
};

const signedIn = (roles: ('admin' | 'finance' | 'readOnly' | 'support')[]) =>
  answer('session', buildSession({ roles, brands: [{ code: 'parlay', name: 'Parlay' }] }));

describe('the raffles page', () => {
  it('lists rules in words, prizes, dates and entries, filters by status, and shows a draw with its seeds', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    let drawsAsked = 0;
    server.use(
      signedIn(['admin']),
      answer('raffles', ({ url }) => {
        asked.push(url.search);
        return PAGE;
      }),
      answer('raffleDraw', () => {
        drawsAsked += 1;
        return DRAW;
      }),
    );
    renderApp('/brands/parlay/raffles');
    const table = await screen.findByRole('table', { name: 'Raffles' });
    const weekly = within(table).getByRole('row', { name: /WEEKLY/ });
    expect(weekly).toHaveTextContent('Open');
    expect(weekly).toHaveTextContent('Weekly raffle');
    expect(weekly).toHaveTextContent('1 ticket per ₩10,000 deposited');
    expect(weekly).toHaveTextContent('At most 50 tickets a member');
    expect(weekly).toHaveTextContent('3 prizes₩160,000 in all');
    expect(within(weekly).getByTestId('raffle-counts')).toHaveTextContent('12 joined');
    const launch = within(table).getByRole('row', { name: /LAUNCH/ });
    expect(launch).toHaveTextContent('1 ticket per ₩50,000 of valid bets');
    expect(launch).toHaveTextContent('At most 1 ticket a member');
    expect(within(launch).getByTestId('raffle-counts')).toHaveTextContent('2 joined4 tickets₩30,000 paid');
    // A drawn raffle is no longer edited or switched off.
    expect(within(launch).queryByRole('button', { name: /Edit|Switch off/ })).toBeNull();

    expect(asked).toEqual(['?limit=20']);
    await user.click(screen.getByRole('button', { name: 'Drawn' }));
    await screen.findByRole('table', { name: 'Raffles' });
    expect(asked.at(-1)).toBe('?limit=20&status=drawn');

    // Before its draw, only the seed's hash: the draw is not asked for.
    await user.click(within(table).getByRole('button', { name: 'Draw of WEEKLY' }));
    let dialog = await screen.findByRole('dialog', { name: 'Draw of WEEKLY' });
    expect(within(dialog).getByTestId('draw-seed-hash')).toHaveTextContent(WEEKLY.seedHash);
    expect(within(dialog).getByTestId('draw-seed')).toHaveTextContent('Secret until the draw');
    expect(drawsAsked).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.click(within(table).getByRole('button', { name: 'Draw of LAUNCH' }));
    dialog = await screen.findByRole('dialog', { name: 'Draw of LAUNCH' });
    expect(within(dialog).getByTestId('draw-seed')).toHaveTextContent(LAUNCH.seed!);
    const winners = await within(dialog).findByRole('table', { name: 'Winners and payouts' });
    expect(within(winners).getAllByRole('row')[1]).toHaveTextContent('#1demo2₩30,000#812');
    const tickets = within(dialog).getByRole('table', { name: 'Ticket list (4 tickets)' });
    expect(
      within(tickets)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['EntryMemberAs publishedTicketsCount', '0demode**o1 – 33', '1aliceal**e41']);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    // In Korean, the rules read in Korean.
    await act(() => changeLanguage('KO'));
    const koRow = within(await screen.findByRole('table', { name: '래플' })).getByRole('row', { name: /WEEKLY/ });
    expect(koRow).toHaveTextContent('입금 ₩10,000마다 응모권 1장');
    await act(() => changeLanguage('EN'));
  });

  it('adds a raffle from the form in minor units, prizes one a line, after saying every rule broken', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    server.use(
      signedIn(['admin']),
      answer('raffles', PAGE),
      answer('createRaffle', async ({ request }) => {
        const body = (await request.json()) as BoRaffle;
        bodies.push(body);
        return { ...WEEKLY, id: 50, code: 'XMAS', version: 0 };
      }),
    );
    renderApp('/brands/parlay/raffles');
    await screen.findByRole('table', { name: 'Raffles' });
    await user.click(screen.getByRole('button', { name: 'Add a raffle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a raffle' });
    await user.type(within(dialog).getByLabelText(/^Prizes by rank/), '100,000\nlots');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('2 to 40 letters, digits, - or _.', { selector: '[role=alert]' })).toBeVisible();
    expect(within(dialog).getByText('A start is needed.')).toBeVisible();
    expect(within(dialog).getByText('1 to 100 amounts above 0, one a line.')).toBeVisible();
    // Neither rule earns a ticket: said under the first.
    expect(within(dialog).getByText('An amount above 0, or empty; at least one of the two rules.')).toBeVisible();
    expect(bodies).toEqual([]);

    await user.type(within(dialog).getByLabelText(/^Code/), 'xmas');
    await user.type(within(dialog).getByLabelText(/^Title \(Korean\)/), '크리스마스 래플');
    await user.type(within(dialog).getByLabelText(/^Title \(English\)/), 'Christmas raffle');
    await user.type(within(dialog).getByLabelText(/^Sale from/), '2026-12-01T00:00');
    await user.type(within(dialog).getByLabelText(/^Sale until/), '2026-12-24T00:00');
    await user.type(within(dialog).getByLabelText(/^Draw at/), '2026-12-24T20:00');
    await user.type(within(dialog).getByLabelText(/^1 ticket per valid bets/), '50,000');
    await user.type(within(dialog).getByLabelText(/^Most tickets a member/), '20');
    const prizes = within(dialog).getByLabelText(/^Prizes by rank/);
    await user.clear(prizes);
    await user.type(prizes, '100,000\n20000\n');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('XMAS is saved.')).toBeVisible();
    expect(bodies).toEqual([
      {
        code: 'XMAS',
        titleKo: '크리스마스 래플',
        titleEn: 'Christmas raffle',
        summaryKo: '',
        summaryEn: '',
        saleStartsAt: new Date('2026-12-01T00:00').toISOString(),
        saleEndsAt: new Date('2026-12-24T00:00').toISOString(),
        drawAt: new Date('2026-12-24T20:00').toISOString(),
        depositStepMinor: null,
        betStepMinor: 50_000,
        maxTicketsPerMember: 20,
        prizes: [100_000, 20_000],
      },
    ]);
  });

  it('edits the texts of a raffle on sale, sending its fixed dates, rules and prizes as they were; switches it off', async () => {
    const user = userEvent.setup();
    const updates: unknown[] = [];
    const switched: unknown[] = [];
    server.use(
      signedIn(['admin']),
      answer('raffles', PAGE),
      answer('updateRaffle', async ({ request, params }) => {
        updates.push({ id: params['raffleId'], ...((await request.json()) as object) });
        return { ...WEEKLY, titleEn: 'Weekly draw', version: 5 };
      }),
      answer('deactivateRaffle', async ({ request }) => {
        switched.push(await request.json());
        return { ...WEEKLY, active: false, status: 'void', version: 5 };
      }),
    );
    renderApp('/brands/parlay/raffles');
    const table = await screen.findByRole('table', { name: 'Raffles' });
    await user.click(within(table).getByRole('button', { name: 'Edit WEEKLY' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit WEEKLY' });
    expect(within(dialog).getByLabelText(/^Sale from/)).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText(/^Prizes by rank/)).toHaveValue('100000\n50000\n10000');
    const title = within(dialog).getByLabelText(/^Title \(English\)/);
    await user.clear(title);
    await user.type(title, 'Weekly draw');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('WEEKLY is saved.')).toBeVisible();
    expect(updates).toEqual([
      {
        id: '41',
        version: 4,
        titleKo: '주간 래플',
        titleEn: 'Weekly draw',
        summaryKo: '',
        summaryEn: 'Three prizes.',
        saleStartsAt: WEEKLY.saleStartsAt,
        saleEndsAt: WEEKLY.saleEndsAt,
        drawAt: WEEKLY.drawAt,
        depositStepMinor: 10_000,
        betStepMinor: null,
        maxTicketsPerMember: 50,
        prizes: [100_000, 50_000, 10_000],
      },
    ]);

    await user.click(within(table).getByRole('button', { name: 'Switch off WEEKLY' }));
    const confirm = await screen.findByRole('dialog', { name: 'Switch off WEEKLY?' });
    await user.click(within(confirm).getByRole('button', { name: 'Switch off' }));
    expect(
      await screen.findByText('WEEKLY is switched off: members no longer see it and it will not be drawn.'),
    ).toBeVisible();
    expect(switched).toEqual([{ version: 4 }]);
  });

  it('shows no add, edit or switch-off to a role without brand.write, and says when there are none', async () => {
    server.use(signedIn(['readOnly']), answer('raffles', PAGE));
    const { unmount } = renderApp('/brands/parlay/raffles');
    const table = await screen.findByRole('table', { name: 'Raffles' });
    expect(within(table).getByRole('button', { name: 'Draw of WEEKLY' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add a raffle' })).toBeNull();
    expect(within(table).queryByRole('button', { name: /Edit|Switch off/ })).toBeNull();
    unmount();

    server.use(answer('raffles', { ...PAGE, items: [] }));
    renderApp('/brands/parlay/raffles');
    expect(await screen.findByText('No raffles')).toBeVisible();
  });
});
