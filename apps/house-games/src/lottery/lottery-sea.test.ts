import { SEA_OPERATORS, checkSeaResult, seaDrawsThatDay, seaRules } from '@parlay/fairness';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOTTERY_GAMES, SEA_GAME_CODES, SEA_GAME_OPERATORS, seaDrawSlot } from './lottery-games';
import { LOTTERY_LISTED_CODES, lotteryCatalogueFeed } from './lottery-catalogue';
import { sandboxSeaResult } from './lottery-sea';
import { sandboxVnResultsFeed } from './lottery-vn';

const at = (text: string) => Date.parse(text);
const DAY = 24 * 60 * 60_000;

describe('the SEA games', () => {
  it('are one game per operator, each with the SEA board, results entered, closing 30 minutes before', () => {
    expect(SEA_GAME_CODES).toEqual(['MAGNUM4D', 'TOTO4D', 'DAMACAI', 'SG4D']);
    expect(new Set(Object.values(SEA_GAME_OPERATORS))).toEqual(new Set(SEA_OPERATORS));
    for (const code of SEA_GAME_CODES) {
      const game = LOTTERY_GAMES[code];
      expect(game.sea).toEqual({ operator: SEA_GAME_OPERATORS[code] });
      expect(game.vn).toBeNull();
      expect(game.rules.family).toBe('sea');
      expect(game.rules.draw).toBeNull();
      expect(game.betTypes).toEqual(seaRules.betTypes);
      expect(game.defaultCloseSeconds).toBe(30 * 60);
    }
  });

  it('are listed under the SEA account type, classified by operator, so /seaLottery opens them', () => {
    const feed = lotteryCatalogueFeed({ publicUrl: 'http://localhost', basePath: '/house' }, 'PARLAY_LOTTERY', [
      'FAST1',
      'VN_MB',
      ...SEA_GAME_CODES,
    ]);
    expect(feed.games.find((game) => game.code === 'SG4D')).toMatchObject({
      gameType: 'LOTT',
      accountTypeName: 'SEA',
      gameClassify: 'SG',
      gameName: 'Singapore 4D',
    });
    expect(feed.games.find((game) => game.code === 'FAST1')).not.toHaveProperty('accountTypeName');
    expect(feed.games.find((game) => game.code === 'VN_MB')).not.toHaveProperty('accountTypeName');
  });

  it('are in the feed the platform is given, now that the frame has their board: 4 fast, 36 Vietnamese, 4 SEA', () => {
    expect(LOTTERY_LISTED_CODES).toHaveLength(44);
    const feed = lotteryCatalogueFeed({ publicUrl: 'http://localhost', basePath: '/house' });
    const sea = feed.games.filter((game) => game.accountTypeName === 'SEA');
    expect(sea.map((game) => [game.code, game.gameClassify])).toEqual([
      ['MAGNUM4D', 'MAGNUM'],
      ['TOTO4D', 'TOTO'],
      ['DAMACAI', 'DAMACAI'],
      ['SG4D', 'SG'],
    ]);
  });
});

describe(seaDrawSlot.name, () => {
  it("schedules a week's draws on Wednesday, Saturday and Sunday: 19:00 in Malaysia, 18:30 in Singapore (UTC+8)", () => {
    // Monday 30 November 2026, 00:00 in Kuala Lumpur (the day before, 16:00 UTC), to the next Monday.
    const weekStart = at('2026-11-29T16:00:00Z');
    for (const code of SEA_GAME_CODES) {
      const game = LOTTERY_GAMES[code];
      const slots = [0, 1, 2, 3].map((offset) => seaDrawSlot(game, weekStart, offset));
      expect(slots.map((slot) => slot.drawNo)).toEqual([
        '20261202-0001',
        '20261205-0001',
        '20261206-0001',
        '20261209-0001',
      ]);
      const utc = code === 'SG4D' ? '10:30' : '11:00';
      for (const slot of slots) {
        const date = `${slot.drawNo.slice(0, 4)}-${slot.drawNo.slice(4, 6)}-${slot.drawNo.slice(6, 8)}`;
        expect(new Date(slot.drawsAt).toISOString()).toBe(`${date}T${utc}:00.000Z`);
        expect(slot.drawsAt - slot.closesAt).toBe(30 * 60_000);
        expect(seaDrawsThatDay(game.sea!.operator, date)).toBe(true);
      }
    }
  });

  it("takes bets on the next draw from the draw before's close", () => {
    // Sunday 29 November 2026, 19:30 in Singapore: the day's draw is over, the next is Wednesday's.
    const now = at('2026-11-29T11:30:00Z');
    expect(seaDrawSlot(LOTTERY_GAMES.SG4D, now, 0)).toEqual({
      drawNo: '20261202-0001',
      opensAt: at('2026-11-29T10:00:00Z'),
      closesAt: at('2026-12-02T10:00:00Z'),
      drawsAt: at('2026-12-02T10:30:00Z'),
    });
    // Magnum's Sunday draw at 19:00 in Malaysia: at 18:59 it is still the next, open since Saturday's close.
    expect(seaDrawSlot(LOTTERY_GAMES.MAGNUM4D, at('2026-11-29T10:59:00Z'), 0)).toEqual({
      drawNo: '20261129-0001',
      opensAt: at('2026-11-28T10:30:00Z'),
      closesAt: at('2026-11-29T10:30:00Z'),
      drawsAt: at('2026-11-29T11:00:00Z'),
    });
  });
});

describe(sandboxSeaResult.name, () => {
  it('answers 23 four-digit numbers of the right shape, the same every time for the same draw', async () => {
    fc.assert(
      fc.property(fc.constantFrom(...SEA_OPERATORS), fc.integer({ min: 0, max: 500 }), (operator, week) => {
        // Wednesdays from 2025-01-01.
        const date = new Date(at('2025-01-01') + week * 7 * DAY).toISOString().slice(0, 10);
        const first = sandboxSeaResult({ operator, date });
        expect(checkSeaResult(first)).toBeNull();
        expect(sandboxSeaResult({ operator, date })).toEqual(first);
      }),
      { numRuns: 200 },
    );
    const magnum = sandboxSeaResult({ operator: 'MAGNUM', date: '2026-12-02' });
    expect(sandboxSeaResult({ operator: 'TOTO', date: '2026-12-02' }).prizes).not.toEqual(magnum.prizes);
    expect(sandboxSeaResult({ operator: 'MAGNUM', date: '2026-12-05' }).prizes).not.toEqual(magnum.prizes);
    // The demo's feed answers it for the SEA draws.
    expect(await sandboxVnResultsFeed.fetchSeaResult!({ operator: 'MAGNUM', date: '2026-12-02' })).toEqual(magnum);
  });
});
