import type { BoLotteryDraw, BoLotteryGame } from '@parlay/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, fail } from '../../../test/api';
import { buildSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

const FAST_ODDS = { digit: 975, big_small: 195, 'sum:0': 97_500 };

function buildGame(overrides: Partial<BoLotteryGame> = {}): BoLotteryGame {
  return {
    code: 'FAST3',
    name: 'Parlay Fast 3',
    family: 'fast',
    region: null,
    intervalMinutes: 3,
    defaultCloseSeconds: 30,
    maxCloseSeconds: 179,
    defaultMaxLiabilityMinor: 100_000_000,
    defaultOdds: {
      Lott: FAST_ODDS,
      ZY: { digit: 970, big_small: 194, 'sum:0': 97_000 },
      Elott: { digit: 965, big_small: 193, 'sum:0': 96_500 },
      SEA: { digit: 980, big_small: 196, 'sum:0': 98_000 },
    },
    own: null,
    fallback: null,
    ...overrides,
  };
}

function buildDraw(overrides: Partial<BoLotteryDraw> = {}): BoLotteryDraw {
  return {
    id: 7,
    gameCode: 'FAST3',
    drawNo: '20261129-0021',
    opensAt: '2026-11-29T00:59:30.000Z',
    closesAt: '2026-11-29T01:02:30.000Z',
    drawsAt: '2026-11-29T01:03:00.000Z',
    status: 'settled',
    seedHash: 'a'.repeat(64),
    seed: 'b'.repeat(64),
    result: { digits: [3, 1, 4, 1, 5] },
    drawnAt: '2026-11-29T01:03:00.000Z',
    settledAt: '2026-11-29T01:03:02.000Z',
    voidedAt: null,
    voidReason: null,
    slips: 3,
    openSlips: 0,
    stakeMinor: 30_000,
    payoutMinor: 48_750,
    ggrMinor: -18_750,
    ...overrides,
  };
}

const admin = () => answer('session', buildSession({ roles: ['admin'], brands: [{ code: 'parlay', name: 'Parlay' }] }));

describe('the lottery games page', () => {
  it("shows what each game uses, and saves the brand's own settings and odds with the version opened", async () => {
    const user = userEvent.setup();
    let body: unknown;
    const fallback = { enabled: true, closeSeconds: 40, maxLiabilityMinor: 2_000_000, odds: {}, version: 3 };
    server.use(
      admin(),
      answer('lotteryGames', {
        currency: 'KRW',
        games: [
          buildGame({ fallback }),
          buildGame({
            code: 'KENO',
            name: 'Parlay Keno',
            family: 'keno',
            defaultOdds: { Lott: {}, ZY: {}, Elott: {}, SEA: {} },
          }),
        ],
      }),
      answer('setLotterySettings', async ({ request, params }) => {
        body = { game: params.game, ...((await request.json()) as object) };
        return { currency: 'KRW', games: [] };
      }),
    );
    renderApp('/brands/parlay/lottery/games');
    const table = await screen.findByRole('table', { name: 'Lottery games' });
    const fast = within(table).getByText('Parlay Fast 3').closest('tr')!;
    expect(within(fast).getByText("Every brand's default")).toBeVisible();
    expect(within(fast).getByText('40 s before')).toBeVisible();
    expect(within(fast).getByText('₩2,000,000')).toBeVisible();
    expect(within(within(table).getByText('Parlay Keno').closest('tr')!).getByText("The rules'")).toBeVisible();
    // An operator of one brand changes the brand's own settings, never every brand's default.
    expect(within(table).queryByRole('button', { name: /Default settings of/ })).toBeNull();

    await user.click(within(table).getByRole('button', { name: 'Settings of Parlay Fast 3 for this brand' }));
    const dialog = await screen.findByRole('dialog', { name: 'Parlay Fast 3: settings of Parlay' });
    const close = within(dialog).getByLabelText(/^Betting closes/);
    await user.clear(close);
    await user.type(close, '180');
    const digit = within(dialog).getByLabelText('Odds of digit in Lott');
    expect(digit).toHaveValue('9.75');
    await user.clear(digit);
    await user.type(digit, '9.5x');
    await user.click(within(dialog).getByRole('button', { name: 'Save the settings' }));
    expect(within(dialog).getByText('Enter a whole number of seconds from 0 to 179.')).toBeVisible();
    expect(within(dialog).getByText(/Check the prize modes: Lott\./)).toBeVisible();
    expect(digit).toHaveAttribute('aria-invalid', 'true');
    expect(body).toBeUndefined();

    await user.clear(close);
    await user.type(close, '20');
    await user.clear(digit);
    await user.type(digit, '9.5');
    const liability = within(dialog).getByLabelText(/^Liability limit/);
    await user.clear(liability);
    await user.type(liability, '5,000,000');
    // Another prize mode's table, its own odds.
    await user.selectOptions(within(dialog).getByLabelText('Prize mode'), 'SEA');
    const sum = within(dialog).getByLabelText('Odds of sum:0 in SEA');
    await user.clear(sum);
    await user.type(sum, '900');
    await user.click(within(dialog).getByRole('button', { name: 'Save the settings' }));
    expect(await screen.findByText('The settings of Parlay Fast 3 for Parlay were saved.')).toBeVisible();
    // Only the odds that differ from the rules' are sent; the brand had no settings of its own (version null).
    expect(body).toEqual({
      game: 'FAST3',
      scope: 'brand',
      enabled: true,
      closeSeconds: 20,
      maxLiabilityMinor: 5_000_000,
      odds: { Lott: { digit: 950 }, SEA: { 'sum:0': 90_000 } },
      version: null,
    });
  });

  it('lets an operator of every brand change the default, and says when someone saved first', async () => {
    const user = userEvent.setup();
    const own = {
      enabled: false,
      closeSeconds: 30,
      maxLiabilityMinor: 1_000_000,
      odds: { Lott: FAST_ODDS },
      version: 5,
    };
    server.use(
      answer('session', buildSession()),
      answer('lotteryGames', { currency: 'KRW', games: [buildGame({ own })] }),
      answer('setLotterySettings', () => fail('BO_CHANGED_SINCE_OPENED')),
    );
    renderApp('/brands/parlay/lottery/games');
    const table = await screen.findByRole('table', { name: 'Lottery games' });
    const row = within(table).getByText('Parlay Fast 3').closest('tr')!;
    expect(within(row).getByText('Switched off')).toBeVisible();
    expect(within(row).getByText('Lott')).toBeVisible();
    await user.click(within(table).getByRole('button', { name: 'Default settings of Parlay Fast 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Parlay Fast 3: default settings of every brand' });
    await user.click(within(dialog).getByRole('button', { name: 'Save the settings' }));
    expect(await within(dialog).findByText(/Someone changed these settings since you opened them/)).toBeVisible();
  });

  it('filters the games by family, the SEA 4D draws among them', async () => {
    const user = userEvent.setup();
    const seaOdds = { 'big:first': 245_000, '4a': 588_000 };
    server.use(
      admin(),
      answer('lotteryGames', {
        currency: 'KRW',
        games: [
          buildGame(),
          buildGame({
            code: 'MAGNUM4D',
            name: 'Magnum 4D',
            family: 'sea',
            intervalMinutes: 1440,
            defaultOdds: { Lott: seaOdds, ZY: seaOdds, Elott: seaOdds, SEA: seaOdds },
          }),
        ],
      }),
    );
    renderApp('/brands/parlay/lottery/games');
    const table = await screen.findByRole('table', { name: 'Lottery games' });
    expect(within(table).getByText(/three draws a week \(Wed, Sat, Sun\)/)).toBeVisible();
    await user.selectOptions(screen.getByLabelText('Games'), 'SEA 4D draws');
    expect(within(table).getByText('Magnum 4D')).toBeVisible();
    expect(within(table).queryByText('Parlay Fast 3')).toBeNull();
  });

  it('shows no change buttons to an operator who only reads', async () => {
    server.use(
      answer('session', buildSession({ roles: ['readOnly'], brands: [{ code: 'parlay', name: 'Parlay' }] })),
      answer('lotteryGames', { currency: 'KRW', games: [buildGame()] }),
    );
    renderApp('/brands/parlay/lottery/games');
    const table = await screen.findByRole('table', { name: 'Lottery games' });
    expect(within(table).getByText('Parlay Fast 3')).toBeVisible();
    expect(within(table).queryByRole('button')).toBeNull();
  });
});

describe('the lottery draws page', () => {
  it("lists a game's draws with the brand's figures, the commitment and the reveal, a page at a time", async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    server.use(
      admin(),
      answer('lotteryGames', {
        currency: 'KRW',
        games: [buildGame(), buildGame({ code: 'KENO', name: 'Parlay Keno', family: 'keno' })],
      }),
      answer('lotteryDraws', ({ url, params }) => {
        asked.push(`${params.game}:${url.searchParams.get('cursor') ?? ''}`);
        if (params.game === 'KENO') return { items: [], nextCursor: null, currency: 'KRW' };
        if (url.searchParams.get('cursor') === 'next-1') {
          return { items: [buildDraw({ id: 5, drawNo: '20261129-0019' })], nextCursor: null, currency: 'KRW' };
        }
        return {
          items: [
            buildDraw({
              id: 8,
              drawNo: '20261129-0022',
              status: 'open',
              seed: null,
              result: null,
              drawnAt: null,
              settledAt: null,
              slips: 2,
              openSlips: 2,
              stakeMinor: 20_000,
              payoutMinor: 0,
              ggrMinor: 20_000,
            }),
            buildDraw(),
          ],
          nextCursor: 'next-1',
          currency: 'KRW',
        };
      }),
    );
    renderApp('/brands/parlay/lottery/draws');
    const table = await screen.findByRole('table', { name: 'Draws of FAST3' });
    const open = within(table).getByText('20261129-0022').closest('tr')!;
    expect(within(open).getByText('Open')).toBeVisible();
    expect(within(open).getByText('Committed')).toBeVisible();
    expect(within(open).getByText('2 slips open')).toBeVisible();
    const settled = within(table).getByText('20261129-0021').closest('tr')!;
    expect(within(settled).getByText('3 1 4 1 5')).toBeVisible();
    expect(within(settled).getByText('Revealed')).toBeVisible();
    expect(within(settled).getByText('-₩18,750')).toBeVisible();

    await user.click(within(table).getByRole('button', { name: 'Details of draw 20261129-0022' }));
    expect(within(table).getByText('Secret until the draw')).toBeVisible();
    await user.click(within(table).getByRole('button', { name: 'Details of draw 20261129-0021' }));
    expect(within(table).getByText('b'.repeat(64))).toBeVisible();

    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(
      await within(await screen.findByRole('table', { name: 'Draws of FAST3' })).findByText('20261129-0019'),
    ).toBeVisible();

    await user.selectOptions(screen.getByLabelText('Game'), 'KENO');
    expect(await screen.findByText('No draws yet')).toBeVisible();
    await waitFor(() => expect(asked).toEqual(['FAST3:', 'FAST3:next-1', 'KENO:']));
  });
});

describe('voiding a draw', () => {
  it('asks why and for a confirmation, then voids the draw', async () => {
    const user = userEvent.setup();
    let body: unknown;
    server.use(
      answer('session', buildSession()),
      answer('lotteryGames', { currency: 'KRW', games: [buildGame()] }),
      answer('lotteryDraws', {
        items: [buildDraw({ status: 'closed', seed: null, result: null })],
        nextCursor: null,
        currency: 'KRW',
      }),
      answer('voidLotteryDraw', async ({ request }) => {
        body = await request.json();
        return { gameCode: 'FAST3', drawNo: '20261129-0021', voided: true, refunds: 3 };
      }),
    );
    renderApp('/brands/parlay/lottery/draws');
    const table = await screen.findByRole('table', { name: 'Draws of FAST3' });
    await user.click(within(table).getByRole('button', { name: 'Details of draw 20261129-0021' }));
    await user.click(within(table).getByRole('button', { name: 'Void this draw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void draw 20261129-0021?' });
    expect(dialog).toHaveTextContent('This brand has 3 slips on it.');
    await user.click(within(dialog).getByRole('button', { name: 'Void the draw' }));
    expect(within(dialog).getByText('Say why the draw is void (up to 500 characters).')).toBeVisible();
    expect(body).toBeUndefined();
    await user.type(within(dialog).getByLabelText(/^Reason/), 'the draw server stopped');
    await user.click(within(dialog).getByRole('button', { name: 'Void the draw' }));
    expect(await screen.findByText('Draw 20261129-0021 is void; 3 slips are being refunded.')).toBeVisible();
    expect(body).toEqual({ reason: 'the draw server stopped' });
  });

  it('is not offered to an operator of one brand', async () => {
    const user = userEvent.setup();
    server.use(
      admin(),
      answer('lotteryGames', { currency: 'KRW', games: [buildGame()] }),
      answer('lotteryDraws', { items: [buildDraw({ status: 'closed' })], nextCursor: null, currency: 'KRW' }),
    );
    renderApp('/brands/parlay/lottery/draws');
    const table = await screen.findByRole('table', { name: 'Draws of FAST3' });
    await user.click(within(table).getByRole('button', { name: 'Details of draw 20261129-0021' }));
    expect(within(table).queryByRole('button', { name: 'Void this draw' })).toBeNull();
  });
});

describe("the regional draws' results", () => {
  const awaiting = {
    gameCode: 'VN_MB',
    drawNo: '20261128-0001',
    region: 'north' as const,
    province: 'MB',
    date: '2026-11-28',
    drawsAt: '2026-11-28T11:15:00.000Z',
  };

  it('enters a result tier by tier, and another operator checks and publishes it with the version seen', async () => {
    const user = userEvent.setup();
    let entered: unknown;
    let confirmed: unknown;
    const south = {
      ...awaiting,
      gameCode: 'VN_MN_HCM',
      region: 'south' as const,
      province: 'HCM',
      entry: {
        prizes: { special: ['123456'], eighth: ['07'] },
        enteredBy: 'operator:9',
        enteredByYou: false,
        enteredAt: '2026-11-28T11:40:00.000Z',
        version: 2,
      },
    };
    server.use(
      admin(),
      answer('vnDrawsAwaiting', { items: [{ ...awaiting, entry: null }, south] }),
      answer('enterVnResult', async ({ request }) => {
        entered = await request.json();
        return { items: [south] };
      }),
      answer('confirmVnResult', async ({ request }) => {
        confirmed = await request.json();
        return { items: [] };
      }),
    );
    renderApp('/brands/parlay/lottery/results');
    const north = await screen.findByRole('form', { name: 'Result of VN_MB draw 20261128-0001' });
    // The north has no eighth prize.
    expect(within(north).queryByLabelText('8th')).toBeNull();
    await user.type(within(north).getByLabelText('Special'), '12345');
    await user.type(within(north).getByLabelText('2nd'), '11111, 22222');
    await user.click(within(north).getByRole('button', { name: 'Enter the result' }));
    expect(await screen.findByText(/was entered; another operator must confirm it/)).toBeVisible();
    expect(entered).toMatchObject({ prizes: { special: ['12345'], second: ['11111', '22222'], first: [] } });

    await user.click(screen.getByRole('button', { name: 'Check and publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish the result of draw 20261128-0001?' });
    expect(dialog).toHaveTextContent('123456');
    await user.click(within(dialog).getByRole('button', { name: 'Publish the result' }));
    expect(await screen.findByText('The result of draw 20261128-0001 was published.')).toBeVisible();
    expect(confirmed).toEqual({ version: 2 });
  });

  it("says the vendor's refusal, translated", async () => {
    const user = userEvent.setup();
    server.use(
      admin(),
      answer('vnDrawsAwaiting', { items: [{ ...awaiting, entry: null }] }),
      answer('enterVnResult', () => fail('BO_LOTTERY_VN_RESULT_INVALID', { code: 'PRIZE_COUNT', tier: 'first' })),
    );
    renderApp('/brands/parlay/lottery/results');
    const north = await screen.findByRole('form', { name: 'Result of VN_MB draw 20261128-0001' });
    await user.click(within(north).getByRole('button', { name: 'Enter the result' }));
    // The server's words, then what the vendor's checker found wrong, with the tier's name.
    expect(
      await within(north).findByText(
        'The result entered is not valid. 1st: not the number of numbers this prize has in this region.',
      ),
    ).toBeVisible();
  });
});

describe("the SEA 4D draws' results", () => {
  const awaiting = {
    gameCode: 'MAGNUM4D',
    drawNo: '20261128-0001',
    operator: 'MAGNUM' as const,
    date: '2026-11-28',
    drawsAt: '2026-11-28T11:00:00.000Z',
  };
  const ten = (from: number) => Array.from({ length: 10 }, (_, index) => String(from + index * 111).padStart(4, '0'));
  const prizes = { first: ['0427'], second: ['8120'], third: ['0427'], special: ten(100), consolation: ten(2000) };

  it('enters the 23 numbers tier by tier, and another operator checks and publishes them with the version seen', async () => {
    const user = userEvent.setup();
    let entered: unknown;
    let confirmed: unknown;
    const toto = {
      ...awaiting,
      gameCode: 'TOTO4D',
      operator: 'TOTO' as const,
      entry: {
        prizes,
        enteredBy: 'operator:9',
        enteredByYou: false,
        enteredAt: '2026-11-28T11:40:00.000Z',
        version: 3,
      },
    };
    server.use(
      admin(),
      answer('seaDrawsAwaiting', { items: [{ ...awaiting, entry: null }, toto] }),
      answer('enterSeaResult', async ({ request }) => {
        entered = await request.json();
        return { items: [toto] };
      }),
      answer('confirmSeaResult', async ({ request }) => {
        confirmed = await request.json();
        return { items: [] };
      }),
    );
    renderApp('/brands/parlay/lottery/sea-results');
    expect(await screen.findByRole('heading', { name: 'SEA 4D results' })).toBeVisible();
    const magnum = await screen.findByRole('form', { name: 'Result of MAGNUM4D draw 20261128-0001' });
    // The five tiers, each with its count; no Vietnamese tier.
    const labels = ['1st prize (1 number)', '2nd prize (1 number)', '3rd prize (1 number)'];
    for (const label of [...labels, 'Special (10 numbers)', 'Consolation (10 numbers)'])
      expect(within(magnum).getByLabelText(label)).toBeVisible();
    expect(within(magnum).queryByLabelText(/8th|7th/)).toBeNull();
    await user.type(within(magnum).getByLabelText('1st prize (1 number)'), '0427');
    await user.type(within(magnum).getByLabelText('Special (10 numbers)'), prizes.special.join(', '));
    await user.click(within(magnum).getByRole('button', { name: 'Enter the result' }));
    expect(await screen.findByText(/was entered; another operator must confirm it/)).toBeVisible();
    expect(entered).toEqual({
      prizes: { first: ['0427'], second: [], third: [], special: prizes.special, consolation: [] },
    });

    await user.click(screen.getByRole('button', { name: 'Check and publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish the result of draw 20261128-0001?' });
    expect(dialog).toHaveTextContent(/Consolation/);
    expect(dialog).toHaveTextContent(prizes.consolation.join(' '));
    await user.click(within(dialog).getByRole('button', { name: 'Publish the result' }));
    expect(await screen.findByText('The result of draw 20261128-0001 was published.')).toBeVisible();
    expect(confirmed).toEqual({ version: 3 });
  });

  it("says the vendor's checker's refusal, translated, with the tier and the number's place", async () => {
    const user = userEvent.setup();
    server.use(
      admin(),
      answer('seaDrawsAwaiting', { items: [{ ...awaiting, entry: null }] }),
      answer('enterSeaResult', async ({ request }) => {
        const { prizes: sent } = (await request.json()) as { prizes: Record<string, string[]> };
        return sent.first?.length === 1
          ? fail('BO_LOTTERY_VN_RESULT_INVALID', { code: 'PRIZE_DIGITS', tier: 'consolation', index: 3 })
          : fail('BO_LOTTERY_VN_RESULT_INVALID', { code: 'PRIZE_COUNT', tier: 'special' });
      }),
    );
    renderApp('/brands/parlay/lottery/sea-results');
    const magnum = await screen.findByRole('form', { name: 'Result of MAGNUM4D draw 20261128-0001' });
    await user.click(within(magnum).getByRole('button', { name: 'Enter the result' }));
    expect(
      await within(magnum).findByText('The result entered is not valid. Special: 10 numbers are needed.'),
    ).toBeVisible();
    await user.type(within(magnum).getByLabelText('1st prize (1 number)'), '0427');
    await user.click(within(magnum).getByRole('button', { name: 'Enter the result' }));
    expect(
      await within(magnum).findByText(
        'The result entered is not valid. Consolation, number 4: four digits are needed (such as 0427).',
      ),
    ).toBeVisible();
  });

  it('the same operator who entered a result is not offered to publish it, and one who reads sees no form', async () => {
    const mine = {
      ...awaiting,
      entry: { prizes, enteredBy: 'operator:1', enteredByYou: true, enteredAt: '2026-11-28T11:40:00.000Z', version: 1 },
    };
    server.use(admin(), answer('seaDrawsAwaiting', { items: [mine] }));
    const { unmount } = renderApp('/brands/parlay/lottery/sea-results');
    expect(await screen.findByText('Entered by you: another operator must confirm')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Check and publish' })).toBeNull();
    unmount();
    server.use(
      answer('session', buildSession({ roles: ['readOnly'], brands: [{ code: 'parlay', name: 'Parlay' }] })),
      answer('seaDrawsAwaiting', { items: [{ ...mine, entry: { ...mine.entry, enteredByYou: false } }] }),
    );
    renderApp('/brands/parlay/lottery/sea-results');
    expect(await screen.findByText('Entered by operator:1: waiting for confirmation')).toBeVisible();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Check and publish' })).toBeNull();
  });
});
