import fc from 'fast-check';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember } from '../../test/members';
import type { Merchant } from '../merchant/index';
import { installTestVendor } from '../seamless-wallet/seamless-wallet.fixtures';
import {
  boardGames,
  booksBreaks,
  drainBoards,
  insertTestBoard,
  prizeBreaks,
  prizesPaidTo,
  settleRound,
  stopBoardJobs,
  type TestGame,
} from './leaderboards.fixtures';
import { addDays } from './leaderboards.period';
import { LeaderboardService } from './leaderboards.service';

const MEMBERS = 3;
/** The model's day 0: each round settles at 03:00 UTC plus a second more than the last (noon in Seoul). */
const BASE_DAY = '2026-05-04';
const at = (day: number, second: number) =>
  new Date(Date.parse(`${addDays(BASE_DAY, day)}T03:00:00.000Z`) + second * 1_000);

type BoardKey = 'wager' | 'multiplier';
const BOARDS: Record<BoardKey, { prizes: number[] }> = {
  wager: { prizes: [300, 200, 100] },
  multiplier: { prizes: [400, 150] },
};
const MIN_BET = 100;

type Command =
  | { op: 'play'; member: number; stake: number; winHalves: number }
  | { op: 'accrue' }
  | { op: 'nextDay'; days: number }
  | { op: 'pay' };

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    arbitrary: fc.record({
      op: fc.constant('play' as const),
      member: fc.integer({ min: 0, max: MEMBERS - 1 }),
      stake: fc.constantFrom(50, 100, 200, 300),
      winHalves: fc.integer({ min: 0, max: 6 }),
    }),
    weight: 6,
  },
  { arbitrary: fc.constant({ op: 'accrue' as const }), weight: 3 },
  { arbitrary: fc.record({ op: fc.constant('nextDay' as const), days: fc.integer({ min: 1, max: 2 }) }), weight: 2 },
  { arbitrary: fc.constant({ op: 'pay' as const }), weight: 3 },
);

/**
 * The model: rounds wait in the feed until a batch applies them; the valid-bet board sums a member's stakes of a day,
 * the multiplier board keeps the biggest win × 100 ÷ stake (rounded down) of a round of at least 100; a score's moment
 * is its sum's latest round or its biggest multiplier's first. A day is paid once, after its end, when every round of
 * it is applied: its ranks by score, then who reached it first, each prize once.
 */
interface Score {
  score: number;
  reachedAt: number;
}

describe(`${LeaderboardService.name} against a model`, () => {
  let t: TestApp;
  let brand: Merchant;
  let games: { rng: TestGame; live: TestGame };

  beforeAll(async () => {
    t = await createTestApp();
    await stopBoardJobs(t.app);
    await installTestVendor(t.app);
    games = await boardGames(t.app);
    brand = (await t.app.merchants.findByCode('parlay'))!;
    expect(brand.brand.timeZone).toMatch(/Seoul|UTC/);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it('keeps scores and prizes paid equal to the model, each prize once', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 30 }), async (commands) => {
        run += 1;
        await query(t.app.db, sql`UPDATE leaderboards SET active = false WHERE merchant_id = ${brand.id}`);
        await drainBoards(t.app);
        // Each run its own days, far from the others': paid periods of a switched-off board stay as they were.
        const base = run * 100;
        const ids: Record<BoardKey, number> = {
          wager: await insertTestBoard(t.app.db, brand.id, { measure: 'valid_bet', prizesMinor: BOARDS.wager.prizes }),
          multiplier: await insertTestBoard(t.app.db, brand.id, {
            measure: 'multiplier',
            minBetMinor: MIN_BET,
            prizesMinor: BOARDS.multiplier.prizes,
          }),
        };
        const members = await Promise.all(Array.from({ length: MEMBERS }, () => createTestMember(t.app)));
        let day = base;
        let second = 0;
        const service = new LeaderboardService(t.app.db, t.app.gaming.wallet, t.app.settlementFeed, t.app.audit, () =>
          at(day, second),
        );
        const scores = new Map<string, Score>();
        const paidDays = new Set<string>();
        const queue: { who: number; day: number; second: number; stake: number; win: number }[] = [];
        const paid = Array.from({ length: MEMBERS }, () => 0);
        const offer = (key: BoardKey, who: number, eventDay: number, value: number, when: number) => {
          if (value <= 0) return;
          const id = `${key}:${eventDay}:${who}`;
          const row = scores.get(id);
          if (!row) scores.set(id, { score: value, reachedAt: when });
          else if (key === 'wager')
            scores.set(id, { score: row.score + value, reachedAt: Math.max(row.reachedAt, when) });
          else if (value > row.score) scores.set(id, { score: value, reachedAt: when });
        };

        for (const step of commands) {
          switch (step.op) {
            case 'play': {
              second += 1;
              const win = (step.stake * step.winHalves) / 2;
              await settleRound(t.app.db, {
                merchantId: brand.id,
                memberId: members[step.member]!.id,
                game: games.rng,
                stakeMinor: step.stake,
                winMinor: win,
                at: at(day, second),
              });
              queue.push({ who: step.member, day, second, stake: step.stake, win });
              break;
            }
            case 'accrue':
              await drainBoards(t.app);
              for (const event of queue.splice(0)) {
                const when = at(event.day, event.second).getTime();
                offer('wager', event.who, event.day, event.stake, when);
                if (event.stake >= MIN_BET) {
                  offer('multiplier', event.who, event.day, Math.floor((event.win * 100) / event.stake), when);
                }
              }
              break;
            case 'nextDay':
              day += step.days;
              second = 0;
              break;
            case 'pay': {
              await service.payDue();
              for (const key of Object.keys(BOARDS) as BoardKey[]) {
                for (let d = base; d < day; d += 1) {
                  if (paidDays.has(`${key}:${d}`) || queue.some((event) => event.day <= d)) continue;
                  const ranked = [...Array(MEMBERS).keys()]
                    .map((who) => ({ who, row: scores.get(`${key}:${d}:${who}`) }))
                    .filter((entry) => entry.row !== undefined)
                    .sort(
                      (a, b) =>
                        b.row!.score - a.row!.score ||
                        a.row!.reachedAt - b.row!.reachedAt ||
                        members[a.who]!.id - members[b.who]!.id,
                    );
                  if (ranked.length === 0) continue;
                  paidDays.add(`${key}:${d}`);
                  for (const [rank, entry] of ranked.entries()) paid[entry.who]! += BOARDS[key].prizes[rank] ?? 0;
                }
              }
              break;
            }
          }
          const stored = await query<Record<string, unknown>>(
            t.app.db,
            sql`SELECT leaderboard_id, period_start::text AS period_start, member_id, score, reached_at
                FROM leaderboard_scores WHERE leaderboard_id IN (${ids.wager}, ${ids.multiplier})`,
          );
          const actual = new Map(
            stored.map((row) => {
              const key = toNumber(row['leaderboard_id']) === ids.wager ? 'wager' : 'multiplier';
              const d = Math.round((Date.parse(String(row['period_start'])) - Date.parse(BASE_DAY)) / 86_400_000);
              const who = members.findIndex((member) => member.id === toNumber(row['member_id']));
              return [
                `${key}:${d}:${who}`,
                { score: toNumber(row['score']), reachedAt: new Date(row['reached_at'] as string).getTime() },
              ];
            }),
          );
          expect(actual).toEqual(scores);
          for (let who = 0; who < MEMBERS; who += 1) {
            expect(await prizesPaidTo(t.app.db, members[who]!.id)).toBe(paid[who]);
          }
        }
        expect(await prizeBreaks(t.app.db)).toEqual([]);
        expect(
          await booksBreaks(
            t.app.db,
            members.map((member) => member.id),
          ),
        ).toEqual([]);
      }),
      { numRuns: 15 },
    );
  }, 300_000);
});
