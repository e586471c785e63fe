import { sql } from 'drizzle-orm';
import type { Database } from './client';

/** The demo brand's missions (decision 0054), by code. */
export const DEMO_MISSION_CODES = { daily: 'DAILY10', slots: 'SLOTS100K', signin: 'SIGNIN3' } as const;
/** How long the demo sign-in campaign runs from its first seeding. */
export const DEMO_SIGNIN_CAMPAIGN_DAYS = 90;

/**
 * The demo brand's missions (decision 0054): DAILY10, 10 rounds today (1,000); SLOTS100K, a valid bet of 100,000 on
 * slots (RNG) this week (5,000); SIGNIN3, signing in 3 days in a row in a campaign of 90 days from today (2,000).
 * Amounts in major units of the brand's currency. Written once by their codes, before the demo rounds, which the
 * feed's `missions` consumer counts as they come: no progress is written here.
 */
export async function seedDemoMissions(db: Database, merchantCode: string): Promise<void> {
  await db.execute(
    sql`INSERT INTO missions (merchant_id, code, title_ko, title_en, summary_ko, summary_en, goal, game_type, target,
                              period, reward_minor, starts_at, ends_at)
        SELECT b.id, m.code, m.title_ko, m.title_en, m.summary_ko, m.summary_en, m.goal, m.game_type,
               CASE WHEN m.goal = 'wager' THEN m.target * power(10, b.currency_exponent)::bigint ELSE m.target END,
               m.period, m.reward_major * power(10, b.currency_exponent)::bigint,
               CASE WHEN m.period = 'campaign' THEN date_trunc('day', now() AT TIME ZONE b.time_zone)
                 AT TIME ZONE b.time_zone END,
               CASE WHEN m.period = 'campaign' THEN (date_trunc('day', now() AT TIME ZONE b.time_zone)
                 + make_interval(days => ${DEMO_SIGNIN_CAMPAIGN_DAYS})) AT TIME ZONE b.time_zone END
        FROM merchants b
        CROSS JOIN (VALUES
          (${DEMO_MISSION_CODES.daily}, '오늘 10판 플레이', 'Play 10 rounds today',
           '오늘 아무 게임이나 10판을 플레이하면 1,000을 받습니다.', 'Play any 10 rounds today and get 1,000.',
           'rounds', NULL, 10::bigint, 'daily', 1000::bigint),
          (${DEMO_MISSION_CODES.slots}, '이번 주 슬롯 100,000 베팅', 'Wager 100,000 on slots this week',
           '이번 주(월요일부터) 슬롯에서 유효 베팅 100,000을 채우면 5,000을 받습니다.',
           'Reach a valid bet of 100,000 on slots this week (from Monday) and get 5,000.',
           'wager', 'RNG', 100000::bigint, 'weekly', 5000::bigint),
          (${DEMO_MISSION_CODES.signin}, '3일 연속 로그인', 'Sign in 3 days in a row',
           '3일 연속으로 로그인하면 2,000을 받습니다. 하루라도 빠지면 처음부터 다시 셉니다.',
           'Sign in on 3 days in a row and get 2,000. Miss a day and the count starts again.',
           'signin', NULL, 3::bigint, 'campaign', 2000::bigint)
        ) AS m (code, title_ko, title_en, summary_ko, summary_en, goal, game_type, target, period, reward_major)
        WHERE b.code = ${merchantCode}
        ON CONFLICT (merchant_id, code) DO NOTHING`,
  );
}
