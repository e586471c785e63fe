import {
  VN_PROVINCES,
  VN_REGIONS,
  VN_WEEKLY_SCHEDULE,
  checkVnResult,
  vnBetTypesFor,
  vnDrawsThatDay,
} from '@parlay/fairness';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOTTERY_GAMES, VN_GAME_CODES, vnDrawSlot, vnGameCode } from './lottery-games';
import { sandboxVnResultsFeed } from './lottery-vn';

const at = (text: string) => Date.parse(text);
const HOUR = 60 * 60_000;

describe('the Vietnamese games', () => {
  it('are one game per company the weekly schedule names, each with its region and board', () => {
    const scheduled = new Set(VN_REGIONS.flatMap((region) => VN_WEEKLY_SCHEDULE[region].flat()));
    expect(new Set(VN_GAME_CODES)).toEqual(new Set([...scheduled].map(vnGameCode)));
    expect(VN_GAME_CODES).toHaveLength(scheduled.size);
    for (const code of VN_GAME_CODES) {
      const game = LOTTERY_GAMES[code];
      const { region } = VN_PROVINCES[game.vn!.province]!;
      expect(game.vn!.region).toBe(region);
      expect(vnGameCode(game.vn!.province)).toBe(code);
      expect(game.betTypes).toEqual(vnBetTypesFor(region));
      expect(game.rules.draw).toBeNull();
      expect(game.defaultCloseSeconds).toBe(15 * 60);
    }
  });
});

describe(vnDrawSlot.name, () => {
  it("schedules a week's draws on each company's weekdays at its region's time in Vietnam (UTC+7)", () => {
    // Monday 30 November 2026, 00:00 in Vietnam (the day before, 17:00 UTC), to the next Monday.
    const weekStart = at('2026-11-29T17:00:00Z');
    const weekEnd = weekStart + 7 * 24 * HOUR;
    const drawsByDay = new Map<string, string[]>();
    for (const code of VN_GAME_CODES) {
      const game = LOTTERY_GAMES[code];
      for (let offset = 0; ; offset += 1) {
        const slot = vnDrawSlot(game, weekStart, offset);
        if (slot.drawsAt >= weekEnd) break;
        const date = `${slot.drawNo.slice(0, 4)}-${slot.drawNo.slice(4, 6)}-${slot.drawNo.slice(6, 8)}`;
        expect(slot.drawNo).toMatch(/^\d{8}-0001$/);
        // At 16:15 (south), 17:15 (centre), 18:15 (north) in Vietnam: 09:15, 10:15, 11:15 UTC the same date.
        const utc = { south: '09:15', central: '10:15', north: '11:15' }[game.vn!.region];
        expect(new Date(slot.drawsAt).toISOString()).toBe(`${date}T${utc}:00.000Z`);
        expect(slot.drawsAt - slot.closesAt).toBe(15 * 60_000);
        expect(vnDrawsThatDay(game.vn!.region, game.vn!.province, date)).toBe(true);
        const key = `${date} ${game.vn!.region}`;
        drawsByDay.set(key, [...(drawsByDay.get(key) ?? []), game.vn!.province]);
      }
    }
    // Every day of the week, each region's companies exactly as the schedule lists them; the north every day.
    const dates = Array.from({ length: 7 }, (_, day) => new Date(at('2026-11-30') + day * 24 * HOUR));
    for (const date of dates) {
      const text = date.toISOString().slice(0, 10);
      for (const region of VN_REGIONS) {
        const expected = VN_WEEKLY_SCHEDULE[region][date.getUTCDay()]!;
        expect([...(drawsByDay.get(`${text} ${region}`) ?? [])].sort()).toEqual([...expected].sort());
      }
    }
    expect(drawsByDay.get('2026-12-05 south')).toHaveLength(4);
    expect([...drawsByDay.keys()].filter((key) => key.endsWith('north'))).toHaveLength(7);
  });

  it("takes bets on a company's next draw from its draw before's close: a weekly company a week ahead", () => {
    // Monday 30 November 2026, 17:00 in Vietnam: HCM (Monday and Saturday) drew at 16:15; its next is Saturday.
    const now = at('2026-11-30T10:00:00Z');
    const hcm = vnDrawSlot(LOTTERY_GAMES.VN_MN_HCM, now, 0);
    expect(hcm).toEqual({
      drawNo: '20261205-0001',
      opensAt: at('2026-11-30T09:00:00Z'),
      closesAt: at('2026-12-05T09:00:00Z'),
      drawsAt: at('2026-12-05T09:15:00Z'),
    });
    // The north's draw of the same evening is still ahead, open since yesterday's close.
    expect(vnDrawSlot(LOTTERY_GAMES.VN_MB, now, 0)).toEqual({
      drawNo: '20261130-0001',
      opensAt: at('2026-11-29T11:00:00Z'),
      closesAt: at('2026-11-30T11:00:00Z'),
      drawsAt: at('2026-11-30T11:15:00Z'),
    });
    // Just after 18:15 in Vietnam the next one is tomorrow's, numbered by its date in Vietnam.
    expect(vnDrawSlot(LOTTERY_GAMES.VN_MB, at('2026-11-30T11:15:00Z'), 0).drawNo).toBe('20261201-0001');
    // Vietnam's date, not UTC's: 06:00 in Vietnam on 1 December is 23:00 UTC on 30 November.
    expect(vnDrawSlot(LOTTERY_GAMES.VN_MB, at('2026-11-30T23:00:00Z'), 0).drawNo).toBe('20261201-0001');
  });
});

describe('sandboxVnResultsFeed', () => {
  it('answers a result of the right shape, the same every time for the same draw, different for another', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...VN_GAME_CODES), fc.integer({ min: 0, max: 3_000 }), async (code, day) => {
        const { region, province } = LOTTERY_GAMES[code].vn!;
        // The first date from 2026-01-01 + day on which the company draws.
        let date = '';
        for (let step = 0; step < 7; step += 1) {
          date = new Date(at('2026-01-01') + (day + step) * 24 * HOUR).toISOString().slice(0, 10);
          if (vnDrawsThatDay(region, province, date)) break;
        }
        const first = await sandboxVnResultsFeed.fetchResult({ region, province, date });
        const again = await sandboxVnResultsFeed.fetchResult({ region, province, date });
        expect(first).not.toBeNull();
        expect(checkVnResult(first!)).toBeNull();
        expect(again).toEqual(first);
      }),
      { numRuns: 200 },
    );
    const monday = await sandboxVnResultsFeed.fetchResult({ region: 'south', province: 'HCM', date: '2026-11-30' });
    const saturday = await sandboxVnResultsFeed.fetchResult({ region: 'south', province: 'HCM', date: '2026-12-05' });
    const dongThap = await sandboxVnResultsFeed.fetchResult({ region: 'south', province: 'DT', date: '2026-11-30' });
    expect(saturday!.prizes).not.toEqual(monday!.prizes);
    expect(dongThap!.prizes).not.toEqual(monday!.prizes);
    // Pinned: a change of the derivation changes the demo's past results, and must be seen.
    expect(monday!.prizes.special).toEqual([expect.stringMatching(/^\d{6}$/)]);
    expect(sandboxVnResultsFeed.name).toMatch(/sandbox/);
  });
});
