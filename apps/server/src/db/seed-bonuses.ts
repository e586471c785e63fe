import { sql } from 'drizzle-orm';
import type { Database } from './client';

/** The demo brand's first-deposit bonus: 100 % up to 300,000, wagered 10 times, 30 days (the lobby banner's). */
export const DEMO_WELCOME_CODE = 'WELCOME100';
/** The demo brand's sign-up bonus: 5,000, wagered 3 times, 7 days (the register dialog's title shows it). */
export const DEMO_SIGNUP_CODE = 'SIGNUP5000';
/** The demo brand's application promotion (decision 0052): 10,000 for a shared big win, wagered once. */
export const DEMO_APPLICATION_CODE = 'SHAREWIN';
/** How much of its wagering the demo member's seeded bonus has done, in percent. */
export const DEMO_BONUS_DONE_PERCENT = 40;

/**
 * The demo brand's bonus promotions (decision 0050), its application promotion (decision 0052) and the demo member's sign-up bonus, paid as the wallet pays one
 * (a `bonus` movement with its two entries, keyed `bonus:<promotionId>:<memberId>`) and part-wagered, so that
 * bonusDetails shows progress on a fresh `npm start`. Amounts in major units of the brand's currency. Set-based, in
 * one transaction; idempotent: promotions by their code, the bonus by its key.
 */
export async function seedDemoBonuses(db: Database, merchantCode: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`INSERT INTO promotions (merchant_id, code, kind, category, title_ko, title_en, summary_ko, summary_en, rules,
            audience)
          SELECT b.id, p.code, p.kind, 'bonus', p.title_ko, p.title_en, p.summary_ko, p.summary_en,
                 jsonb_build_object(
                   'percentBp', p.percent_bp,
                   'maxBonusMinor', p.max_major * power(10, b.currency_exponent)::bigint,
                   'fixedMinor', p.fixed_major * power(10, b.currency_exponent)::bigint,
                   'minDepositMinor', p.min_major * power(10, b.currency_exponent)::bigint,
                   'wageringMultiplier', p.multiplier,
                   'contributionBp', '{"RNG": 10000, "FISH": 10000, "SPORTS": 5000, "PVP": 5000, "LIVE": 1000,
                                       "LOTT": 2000, "ELOTT": 2000}'::jsonb,
                   'expiryDays', p.expiry_days),
                 p.audience
          FROM merchants b
          CROSS JOIN (VALUES
            (${DEMO_WELCOME_CODE}, 'deposit_bonus', '첫 충전 100% 보너스', '100% first deposit bonus',
             '첫 입금 금액의 100%를 보너스로 드립니다(최대 300,000). 보너스의 10배를 베팅하면 출금할 수 있습니다.',
             'Get 100% of your first deposit as a bonus (up to 300,000). Wager it 10 times and it is yours to withdraw.',
             10000, 300000::bigint, NULL::bigint, 10000::bigint, 10, 30, 'new'),
            (${DEMO_SIGNUP_CODE}, 'signup_bonus', '가입 보너스 5,000', 'Sign-up bonus 5,000',
             '가입하면 5,000 보너스를 드립니다. 보너스의 3배를 베팅하면 출금할 수 있습니다.',
             'Sign up and get a 5,000 bonus. Wager it 3 times and it is yours to withdraw.',
             NULL, NULL, 5000::bigint, 0::bigint, 3, 7, 'all'),
            (${DEMO_APPLICATION_CODE}, 'application', '빅윈 인증 이벤트', 'Share your big win',
             '큰 당첨 화면을 캡처해 올려 주세요. 승인되면 10,000을 드립니다(1배 롤링).',
             'Upload a screenshot of your big win. Once approved you get 10,000 (wagered once).',
             NULL, NULL, 10000::bigint, 0::bigint, 1, 30, 'all')
          ) p (code, kind, title_ko, title_en, summary_ko, summary_en, percent_bp, max_major, fixed_major, min_major,
               multiplier, expiry_days, audience)
          WHERE b.code = ${merchantCode}
          ON CONFLICT (merchant_id, code) DO NOTHING`,
    );
    // The brand's house account, the other side of the bonus (made before the statement that reads it).
    await tx.execute(
      sql`INSERT INTO wallet_accounts (merchant_id, owner_type, currency)
          SELECT id, 'house', currency FROM merchants WHERE code = ${merchantCode}
          ON CONFLICT (merchant_id, currency) WHERE owner_type = 'house' DO NOTHING`,
    );
    await tx.execute(
      sql`WITH target AS (
            SELECT m.id AS member_id, m.merchant_id, b.currency, p.id AS promotion_id, p.code,
                   (p.rules ->> 'fixedMinor')::bigint AS amount,
                   (p.rules ->> 'fixedMinor')::bigint * (p.rules ->> 'wageringMultiplier')::integer AS required,
                   p.rules -> 'contributionBp' AS contribution, (p.rules ->> 'expiryDays')::integer AS days,
                   'bonus:' || p.id || ':' || m.id AS key
            FROM members m
            JOIN merchants b ON b.id = m.merchant_id
            JOIN promotions p ON p.merchant_id = b.id AND p.code = ${DEMO_SIGNUP_CODE}
            WHERE b.code = ${merchantCode} AND lower(m.account) = 'demo'
              AND NOT EXISTS (SELECT 1 FROM member_bonuses x WHERE x.promotion_id = p.id AND x.member_id = m.id)
          ),
          account AS (
            INSERT INTO wallet_accounts AS a (merchant_id, owner_type, member_id, currency, balance_minor)
            SELECT merchant_id, 'member', member_id, currency, amount FROM target
            ON CONFLICT (member_id, currency) WHERE owner_type = 'member'
            DO UPDATE SET balance_minor = a.balance_minor + EXCLUDED.balance_minor, updated_at = now()
            RETURNING id, member_id, balance_minor
          ),
          movement AS (
            INSERT INTO wallet_movements (merchant_id, kind, idempotency_key, member_id, currency, amount_minor, reason)
            SELECT merchant_id, 'bonus', key, member_id, currency, amount, code FROM target
            RETURNING id, member_id
          ),
          entries AS (
            INSERT INTO ledger_entries (movement_id, account_id, amount_minor, balance_after_minor)
            SELECT v.id, a.id, t.amount, a.balance_minor
            FROM movement v JOIN account a ON a.member_id = v.member_id JOIN target t ON t.member_id = v.member_id
            UNION ALL
            SELECT v.id, h.id, -t.amount, NULL
            FROM movement v JOIN target t ON t.member_id = v.member_id
            JOIN wallet_accounts h ON h.owner_type = 'house' AND h.merchant_id = t.merchant_id AND h.currency = t.currency
          )
          INSERT INTO member_bonuses (merchant_id, member_id, promotion_id, source, currency, amount_minor,
            wagering_required_minor, wagering_done_minor, contribution_bp, idempotency_key, movement_id, expires_at)
          SELECT t.merchant_id, t.member_id, t.promotion_id, 'signup', t.currency, t.amount, t.required,
                 t.required * ${DEMO_BONUS_DONE_PERCENT} / 100, t.contribution, t.key, v.id,
                 now() + t.days * interval '1 day'
          FROM target t JOIN movement v ON v.member_id = t.member_id`,
    );
  });
}
