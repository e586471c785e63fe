import { query, toIso, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { waitForFeedReady } from '../../test/feed';
import { SettlementFeedService } from '../settlement-feed/index';
import { MemberFiguresService } from './member-figures.service';

interface Member {
  id: number;
  merchantId: number;
  currency: string;
  freePlay: boolean;
}

const EVENT = fc.record({
  kind: fc.constantFrom('round', 'round', 'round', 'deposit', 'withdrawal'),
  member: fc.nat(),
  stake: fc.integer({ min: 0, max: 50_000 }),
  win: fc.integer({ min: 0, max: 200_000 }),
  amount: fc.integer({ min: 1, max: 1_000_000 }),
  // Around the brands' midnights and the hours' edges of two days.
  minutes: fc.integer({ min: -48 * 60, max: 48 * 60 }),
  // Within the minute: a round on a 5-minute slot's edge (0) or just before the next (59).
  seconds: fc.integer({ min: 0, max: 59 }),
  // A game of the catalogue (by index), or none: a round of no known game counts as OTHER.
  game: fc.option(fc.nat(), { nil: null }),
});

/** The brand's calendar day of an instant, computed apart from the database. */
function localDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

type Row = Record<string, number>;

const SLOT_MS = 5 * 60_000;

/**
 * The days, hours and 5-minute slots every row of the feed should have made, summed in TypeScript from the feed
 * itself (a slot on the UTC clock from 2000-01-01, as the consumer's date_bin: every 5 minutes from the epoch too).
 */
async function expectedFigures(database: TestDatabase, zones: Map<number, string>, members: Map<number, Member>) {
  const feed = await query(
    database.handle.db,
    sql`SELECT f.kind, f.merchant_id, f.member_id, f.stake_minor, f.valid_bet_minor, f.payout_minor, f.amount_minor, f.at,
               g.game_type
        FROM settlement_feed f LEFT JOIN games g ON g.id = f.game_id`,
  );
  const days = new Map<string, Row>();
  const hours = new Map<string, Row>();
  const slots = new Map<string, Row>();
  const add = (map: Map<string, Row>, key: string, values: Row) => {
    const row = map.get(key) ?? {};
    for (const [name, value] of Object.entries(values)) row[name] = (row[name] ?? 0) + value;
    map.set(key, row);
  };
  for (const event of feed) {
    const memberId = toNumber(event['member_id']);
    const member = members.get(memberId);
    if (!member || member.freePlay) continue;
    const at = new Date(toIso(event['at']));
    const day = localDay(at, zones.get(toNumber(event['merchant_id']))!);
    const amount = toNumber(event['amount_minor']);
    if (event['kind'] === 'round') {
      const figures = {
        rounds: 1,
        stake: toNumber(event['stake_minor']),
        valid: toNumber(event['valid_bet_minor']),
        payout: toNumber(event['payout_minor']),
      };
      const type = typeof event['game_type'] === 'string' ? event['game_type'] : 'OTHER';
      add(days, `${memberId}|${day}|${type}`, { ...figures, deposits: 0, deposit: 0, withdrawals: 0, withdrawal: 0 });
      const hour = new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000).toISOString();
      add(hours, `${memberId}|${hour}`, figures);
      const slot = new Date(Math.floor(at.getTime() / SLOT_MS) * SLOT_MS).toISOString();
      add(slots, `${memberId}|${slot}`, figures);
    } else {
      const deposit = event['kind'] === 'deposit';
      add(days, `${memberId}|${day}|`, {
        rounds: 0,
        stake: 0,
        valid: 0,
        payout: 0,
        deposits: deposit ? 1 : 0,
        deposit: deposit ? amount : 0,
        withdrawals: deposit ? 0 : 1,
        withdrawal: deposit ? 0 : amount,
      });
    }
  }
  return { days, hours, slots };
}

async function storedFigures(database: TestDatabase) {
  const days = new Map<string, Row>();
  for (const row of await query(database.handle.db, sql`SELECT *, day::text AS day_text FROM member_figure_days`)) {
    days.set(`${toNumber(row['member_id'])}|${String(row['day_text'])}|${String(row['game_type'])}`, {
      rounds: toNumber(row['rounds']),
      stake: toNumber(row['stake_minor']),
      valid: toNumber(row['valid_bet_minor']),
      payout: toNumber(row['payout_minor']),
      deposits: toNumber(row['deposits']),
      deposit: toNumber(row['deposit_minor']),
      withdrawals: toNumber(row['withdrawals']),
      withdrawal: toNumber(row['withdrawal_minor']),
    });
  }
  const hours = new Map<string, Row>();
  for (const row of await query(database.handle.db, sql`SELECT * FROM member_figure_hours`)) {
    hours.set(`${toNumber(row['member_id'])}|${toIso(row['hour'])}`, {
      rounds: toNumber(row['rounds']),
      stake: toNumber(row['stake_minor']),
      valid: toNumber(row['valid_bet_minor']),
      payout: toNumber(row['payout_minor']),
    });
  }
  const slots = new Map<string, Row>();
  for (const row of await query(database.handle.db, sql`SELECT * FROM member_figure_slots`)) {
    slots.set(`${toNumber(row['member_id'])}|${toIso(row['slot'])}`, {
      rounds: toNumber(row['rounds']),
      stake: toNumber(row['stake_minor']),
      valid: toNumber(row['valid_bet_minor']),
      payout: toNumber(row['payout_minor']),
    });
  }
  return { days, hours, slots };
}

describe(MemberFiguresService.name, () => {
  let database: TestDatabase;
  let figures: MemberFiguresService;
  let members: Member[];
  let games: number[];
  const zones = new Map<number, string>();

  beforeAll(async () => {
    database = await createTestDatabase();
    figures = new MemberFiguresService(database.handle.db, new SettlementFeedService(database.handle.db));
    // Two brands a day apart in their calendars, so a round near midnight lands on different days.
    await query(database.handle.db, sql`UPDATE merchants SET time_zone = 'Asia/Seoul' WHERE code = 'parlay'`);
    for (const row of await query(database.handle.db, sql`SELECT id, time_zone FROM merchants`)) {
      zones.set(toNumber(row['id']), String(row['time_zone']));
    }
    const rows = await query(
      database.handle.db,
      sql`(SELECT id, merchant_id, 'KRW' AS currency, is_free_play FROM members WHERE NOT is_free_play ORDER BY id LIMIT 5)
          UNION ALL
          (SELECT id, merchant_id, 'KRW' AS currency, is_free_play FROM members WHERE is_free_play ORDER BY id LIMIT 1)`,
    );
    games = (await query(database.handle.db, sql`SELECT id FROM games ORDER BY id LIMIT 20`)).map((row) =>
      toNumber(row['id']),
    );
    members = rows.map((row) => ({
      id: toNumber(row['id']),
      merchantId: toNumber(row['merchant_id']),
      currency: String(row['currency']),
      freePlay: row['is_free_play'] === true,
    }));
  }, 120_000);
  afterAll(async () => {
    await database.drop();
  });

  it("keeps every member's days, hours and 5-minute slots equal to a sum of the feed, whatever the batches", async () => {
    const byId = new Map(members.map((member) => [member.id, member]));
    const base = Date.parse('2026-11-20T14:30:00Z');
    await fc.assert(
      fc.asyncProperty(
        fc.array(EVENT, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 12 }),
        async (events, batchSize) => {
          for (const event of events) {
            const member = members[event.member % members.length]!;
            const at = new Date(base + event.minutes * 60_000 + event.seconds * 1_000).toISOString();
            const round = event.kind === 'round';
            await query(
              database.handle.db,
              sql`INSERT INTO settlement_feed (kind, merchant_id, member_id, currency, game_id, stake_minor,
                                               valid_bet_minor, payout_minor, amount_minor, at)
                  VALUES (${event.kind}, ${member.merchantId}, ${member.id}, ${member.currency},
                          ${round && event.game !== null && games.length > 0 ? games[event.game % games.length]! : null},
                          ${round ? event.stake : 0}, ${round ? Math.min(event.stake, event.win) : 0},
                          ${round ? event.win : 0}, ${round ? 0 : event.amount}, ${at})`,
            );
          }
          await waitForFeedReady(database.handle.db);
          await figures.consumeFeed({ batchSize });
          const expected = await expectedFigures(database, zones, byId);
          const stored = await storedFigures(database);
          expect(Object.fromEntries(stored.days)).toEqual(Object.fromEntries(expected.days));
          expect(Object.fromEntries(stored.hours)).toEqual(Object.fromEntries(expected.hours));
          expect(Object.fromEntries(stored.slots)).toEqual(Object.fromEntries(expected.slots));
        },
      ),
      { numRuns: 15 },
    );
  }, 120_000);

  it("sums a set of members' days over a period, counting the members who played", async () => {
    const player = members.find((member) => !member.freePlay)!;
    const totals = await figures.sumDays(sql`SELECT ${player.id}::bigint`, '2026-11-18', '2026-11-23');
    const rows = await query(
      database.handle.db,
      sql`SELECT coalesce(sum(rounds), 0) AS rounds, coalesce(sum(payout_minor), 0) AS payout,
                 coalesce(sum(deposit_minor), 0) AS deposit, count(*) FILTER (WHERE rounds > 0) AS played_days
          FROM member_figure_days WHERE member_id = ${player.id} AND day BETWEEN '2026-11-18' AND '2026-11-23'`,
    );
    expect(totals.rounds).toBe(toNumber(rows[0]?.['rounds']));
    expect(totals.payoutMinor).toBe(toNumber(rows[0]?.['payout']));
    expect(totals.depositMinor).toBe(toNumber(rows[0]?.['deposit']));
    expect(totals.activeMembers).toBe(toNumber(rows[0]?.['played_days']) > 0 ? 1 : 0);
  });
});
