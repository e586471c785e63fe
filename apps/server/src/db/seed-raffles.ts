import { query, toNumber } from '@parlay/db';
import { createServerSeed, hashServerSeed } from '@parlay/fairness';
import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { DEMO_MEMBER_ACCOUNT } from './seed-member-history';

/** The demo brand's raffles (decision 0055), by code. */
export const DEMO_RAFFLE_CODES = { open: 'WEEKLY-RAFFLE', drawn: 'AUTUMN-RAFFLE' } as const;
/** Demo players besides the demo member in the drawn raffle's list. */
const DRAWN_RAFFLE_PLAYERS = 8;

interface DemoRaffle {
  code: string;
  titleKo: string;
  titleEn: string;
  summaryKo: string;
  summaryEn: string;
  /** Days from now (negative: past) of the sale's start and end and of the draw. */
  startDay: number;
  endDay: number;
  drawDay: number;
  /** Major units: one ticket per this of deposits, of valid bets. */
  depositStepMajor: number;
  betStepMajor: number;
  prizesMajor: number[];
}

const RAFFLES: DemoRaffle[] = [
  {
    code: DEMO_RAFFLE_CODES.open,
    titleKo: '주간 래플: 1등 100,000',
    titleEn: 'Weekly raffle: 100,000 for the winner',
    summaryKo: '이번 주 입금 10,000마다, 유효 베팅 10,000마다 티켓 1장(최대 50장). 참여한 회원만 추첨됩니다.',
    summaryEn:
      'One ticket per 10,000 deposited and per 10,000 of valid bets this week (up to 50). Only members who join are drawn.',
    startDay: -3,
    endDay: 4,
    drawDay: 5,
    depositStepMajor: 10_000,
    betStepMajor: 10_000,
    prizesMajor: [100_000, 30_000, 10_000],
  },
  {
    code: DEMO_RAFFLE_CODES.drawn,
    titleKo: '가을 래플',
    titleEn: 'Autumn raffle',
    summaryKo: '유효 베팅 10,000마다 티켓 1장(최대 50장). 추첨이 끝났습니다: 결과를 직접 검증해 보세요.',
    summaryEn: 'One ticket per 10,000 of valid bets (up to 50). Drawn: verify the winners yourself.',
    startDay: -20,
    endDay: -13,
    drawDay: -12,
    depositStepMajor: 0,
    betStepMajor: 10_000,
    prizesMajor: [50_000, 20_000, 5_000],
  },
];

/**
 * The demo brand's raffles (decision 0055), each written once by its code with a fresh seed: WEEKLY-RAFFLE on sale
 * from 3 days ago for a week, drawn a day after, which the demo member has joined (its tickets come from its demo
 * deposits and rounds of these days); AUTUMN-RAFFLE, sold and due in the past, joined by the demo member and demo
 * players who played then. The caller then runs the real draw (RaffleService.drawDue), which draws the past one.
 * Runs after the demo rounds and deposits.
 */
export async function seedDemoRaffles(db: Database, merchantCode: string): Promise<void> {
  const brands = await query<{ id: unknown; unit: unknown; time_zone: string }>(
    db,
    sql`SELECT id, power(10, currency_exponent)::bigint AS unit, time_zone FROM merchants WHERE code = ${merchantCode}`,
  );
  if (!brands[0]) return;
  const merchantId = toNumber(brands[0].id);
  const unit = toNumber(brands[0].unit);
  const timeZone = brands[0].time_zone;
  for (const raffle of RAFFLES) {
    await db.transaction(async (tx) => {
      // Days from the start of today in the brand's time zone.
      const dayAt = (days: number) =>
        sql`(date_trunc('day', now() AT TIME ZONE ${timeZone}) + make_interval(days => ${days})) AT TIME ZONE ${timeZone}`;
      const rows = await query<{ id: unknown }>(
        tx,
        sql`INSERT INTO promotions (merchant_id, code, kind, category, title_ko, title_en, summary_ko, summary_en, rules,
                                    starts_at, ends_at)
            VALUES (${merchantId}, ${raffle.code}, 'raffle', 'raffle', ${raffle.titleKo}, ${raffle.titleEn},
                    ${raffle.summaryKo}, ${raffle.summaryEn}, '{}'::jsonb, ${dayAt(raffle.startDay)},
                    ${dayAt(raffle.endDay)})
            ON CONFLICT (merchant_id, code) DO NOTHING RETURNING id`,
      );
      if (!rows[0]) return;
      const id = toNumber(rows[0].id);
      const seed = createServerSeed();
      await query(
        tx,
        sql`INSERT INTO raffles (promotion_id, merchant_id, draw_at, deposit_step_minor, bet_step_minor,
                                 max_tickets_per_member, prizes, server_seed, seed_hash)
            VALUES (${id}, ${merchantId}, ${dayAt(raffle.drawDay)} + interval '20 hours',
                    ${raffle.depositStepMajor === 0 ? null : raffle.depositStepMajor * unit}, ${raffle.betStepMajor * unit},
                    50, ${`{${raffle.prizesMajor.map((prize) => prize * unit).join(',')}}`}::bigint[], ${seed},
                    ${hashServerSeed(seed)})`,
      );
      // The demo member joined an hour into the sale (or now, if that is still to come); in the past raffle, so did
      // the demo players who played in its window.
      const players = raffle.endDay < 0 ? DRAWN_RAFFLE_PLAYERS : 0;
      await query(
        tx,
        sql`INSERT INTO raffle_entrants (raffle_id, member_id, joined_at)
            SELECT ${id}, m.id, least(now(), ${dayAt(raffle.startDay)} + interval '1 hour')
            FROM members m
            WHERE m.merchant_id = ${merchantId}
              AND (m.account = ${DEMO_MEMBER_ACCOUNT} OR m.id IN (
                SELECT g.member_id FROM game_rounds g JOIN members p ON p.id = g.member_id
                WHERE g.merchant_id = ${merchantId} AND g.status = 'settled' AND p.account <> ${DEMO_MEMBER_ACCOUNT}
                  AND g.settled_at >= ${dayAt(raffle.startDay)} AND g.settled_at < ${dayAt(raffle.endDay)}
                GROUP BY g.member_id ORDER BY g.member_id LIMIT ${players}))
            ON CONFLICT DO NOTHING`,
      );
    });
  }
}
