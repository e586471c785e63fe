import { sql } from 'drizzle-orm';
import type { Database } from './client';

/** The demo brand's weekly cashback as a promotion of the hub (its rates are cashback's settings, decision 0051). */
export const DEMO_CASHBACK_CODE = 'WEEKLYCASHBACK';
/** The demo brand's missions as a promotion of the hub (the missions themselves are seed-missions.ts'). */
export const DEMO_MISSIONS_CODE = 'MISSIONS';

/**
 * The demo brand's cashback and missions as promotion rows (decision 0058), so /promotions lists them in their
 * categories beside the bonuses, each opening its member-centre page. They pay nothing themselves: cashback and
 * missions pay by their own calls, by their own settings, so their `rules` are empty (only the bonus kinds have a
 * bonus rule; migration 0086). Idempotent by code.
 */
export async function seedDemoPromotionHub(db: Database, merchantCode: string): Promise<void> {
  await db.execute(
    sql`INSERT INTO promotions (merchant_id, code, kind, category, title_ko, title_en, summary_ko, summary_en, rules)
        SELECT b.id, p.code, p.kind, p.category, p.title_ko, p.title_en, p.summary_ko, p.summary_en, '{}'::jsonb
        FROM merchants b
        CROSS JOIN (VALUES
          (${DEMO_CASHBACK_CODE}, 'cashback', 'cashback', '주간 캐시백', 'Weekly cashback',
           '매주 유효 베팅의 일부를 VIP 등급별 요율로 돌려드립니다. 주가 끝나면 캐시백 페이지에서 받으세요.',
           'Every week a share of your valid bets comes back at your VIP level''s rates. Claim it on the cashback page once the week ends.'),
          (${DEMO_MISSIONS_CODE}, 'mission', 'missions', '데일리 미션', 'Daily missions',
           '라운드를 플레이하고, 베팅하고, 연속 출석하면 미션마다 보상을 드립니다.',
           'Play rounds, wager and sign in on consecutive days: each mission completed pays its reward.')
        ) p (code, kind, category, title_ko, title_en, summary_ko, summary_en)
        WHERE b.code = ${merchantCode}
        ON CONFLICT (merchant_id, code) DO NOTHING`,
  );
}
