import { randomBytes } from 'node:crypto';
import { BONUS_PROMOTION_KINDS, type BonusRules, type PromotionAudience, type PromotionKind } from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { App } from '../../app';
import type { Executor } from '../../db/client';
import { TEST_ACTOR } from '../../test/actors';
import type { TestMember } from '../../test/members';
import * as repository from './bonuses.repository';

/** Test fixtures of bonuses (decision 0050): promotions, deposits credited through the cashier, the books' check. */

export const TEST_RULES: BonusRules = {
  percentBp: 10_000,
  maxBonusMinor: 300_000,
  fixedMinor: null,
  minDepositMinor: 10_000,
  wageringMultiplier: 10,
  contributionBp: { RNG: 10_000, LIVE: 1_000 },
  expiryDays: 30,
};

/**
 * The rules of a promotion of another kind than the bonuses' (cashback, missions, raffles): empty, as the table
 * requires (migration 0086); typed as the repository's bonus rule it is written through.
 */
const NO_RULES = {} as BonusRules;

/** A promotion of the brand with a fresh code (unless given); answers its id and code. */
export async function createPromotion(
  app: App,
  merchantId: number,
  options: {
    kind?: PromotionKind;
    code?: string;
    rules?: Partial<BonusRules>;
    audience?: PromotionAudience;
    startsAt?: string | null;
    endsAt?: string | null;
    active?: boolean;
  } = {},
): Promise<{ id: number; code: string }> {
  const code = options.code ?? `T${randomBytes(5).toString('hex').toUpperCase()}`;
  const kind = options.kind ?? 'deposit_bonus';
  const signup = kind === 'signup_bonus';
  const id = await repository.insertPromotion(app.db, {
    merchantId,
    code,
    kind,
    category: 'bonus',
    titleKo: `테스트 ${code}`,
    titleEn: `Test ${code}`,
    summaryKo: '',
    summaryEn: '',
    rules: (BONUS_PROMOTION_KINDS as readonly PromotionKind[]).includes(kind)
      ? {
          ...TEST_RULES,
          ...(signup ? { percentBp: null, maxBonusMinor: null, fixedMinor: 5_000, minDepositMinor: 0 } : {}),
          ...options.rules,
        }
      : NO_RULES,
    audience: options.audience ?? 'all',
    startsAt: options.startsAt ?? null,
    endsAt: options.endsAt ?? null,
    active: options.active ?? true,
  });
  if (id === undefined) throw new Error(`promotion code ${code} taken`);
  return { id, code };
}

/** Switches off every promotion of a kind on the brand (the seeded ones too), so a test owns what is open. */
export async function closePromotions(app: App, merchantId: number, kind: PromotionKind): Promise<void> {
  await query(app.db, sql`UPDATE promotions SET active = false WHERE merchant_id = ${merchantId} AND kind = ${kind}`);
}

/** The bank method made per test app (its own database) and brand. */
const methods = new WeakMap<App, Map<number, Promise<number>>>();

/** The brand's manual bank method for tests (made once per app database and brand). */
export function bankMethod(app: App, merchantId: number): Promise<number> {
  let ofApp = methods.get(app);
  if (!ofApp) methods.set(app, (ofApp = new Map<number, Promise<number>>()));
  let method = ofApp.get(merchantId);
  if (!method) {
    method = query<{ id: unknown }>(
      app.db,
      sql`INSERT INTO cashier_methods (merchant_id, name, kind, provider_code, min_amount_minor, max_amount_minor,
            fee_fixed_minor, fee_per_mille, display_order, active, bank_name, bank_account_number, bank_holder_name)
          VALUES (${merchantId}, ${`Bonus bank ${randomBytes(3).toString('hex')}`}, 'manual_bank', NULL, 1, 100000000,
            0, 0, 99, true, 'Parlay Bank', '110-234-567890', 'Parlay Ltd')
          RETURNING id`,
    ).then((rows) => toNumber(rows[0]?.id));
    ofApp.set(merchantId, method);
  }
  return method;
}

/** Orders a bank deposit (with a promotion code or none) through the cashier; answers its order's id. */
export async function orderDeposit(
  app: App,
  member: TestMember,
  amountMinor: number,
  promotionCode?: string,
): Promise<number> {
  const merchant = (await app.merchants.findByCode(member.merchantCode))!;
  const methodId = await bankMethod(app, merchant.id);
  const order = await app.cashier.deposits.create(
    merchant,
    { id: member.id, merchantId: member.merchantId },
    { methodId, amountMinor, ...(promotionCode === undefined ? {} : { promotionCode }) },
    'en',
  );
  const rows = await query<{ id: unknown }>(
    app.db,
    sql`SELECT id FROM cashier_deposits WHERE order_no = ${order.orderNo}`,
  );
  return toNumber(rows[0]?.id);
}

/** Finance confirms the bank deposit: the order is credited (and its chosen bonus paid, if still eligible). */
export async function creditDeposit(app: App, member: TestMember, orderId: number): Promise<void> {
  await app.cashier.deposits.confirmManual(member.merchantId, orderId, TEST_ACTOR);
}

/** Applies the feed until no row is left after the bonuses' checkpoint. */
export async function drainBonuses(app: App): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt += 1) {
    await app.bonuses.consumeFeed();
    if ((await app.settlementFeed.describe(app.bonuses.feedConsumer.name)).behind === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the feed did not drain: a transaction stays open');
}

export interface BonusFacts {
  id: number;
  status: string;
  amountMinor: number;
  wageringRequiredMinor: number;
  wageringDoneMinor: number;
  takenBackMinor: number | null;
}

export async function bonusesOf(db: Executor, memberId: number): Promise<BonusFacts[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT id, status, amount_minor, wagering_required_minor, wagering_done_minor, taken_back_minor
        FROM member_bonuses WHERE member_id = ${memberId} ORDER BY id`,
  );
  return rows.map((row) => ({
    id: toNumber(row['id']),
    status: String(row['status']),
    amountMinor: toNumber(row['amount_minor']),
    wageringRequiredMinor: toNumber(row['wagering_required_minor']),
    wageringDoneMinor: toNumber(row['wagering_done_minor']),
    takenBackMinor: row['taken_back_minor'] === null ? null : toNumber(row['taken_back_minor']),
  }));
}

/**
 * The bonuses' books as the model and race tests hold them: each bonus paid by exactly one `bonus` movement of its
 * amount under its key; each bonus that took money back by exactly one `bonus_forfeit` movement of that amount, and
 * none otherwise; every movement balanced; no balance below 0. The count of each kind of break.
 */
export async function bonusBooks(
  db: Executor,
): Promise<{ paid: number; takenBack: number; unbalanced: number; negative: number }> {
  const one = async (statement: ReturnType<typeof sql>) =>
    toNumber((await query<{ n: unknown }>(db, statement))[0]?.n ?? 0);
  return {
    paid: await one(sql`SELECT count(*) AS n FROM member_bonuses b
      LEFT JOIN LATERAL (SELECT count(*) AS c, coalesce(sum(amount_minor), 0) AS total FROM wallet_movements w
                         WHERE w.idempotency_key = b.idempotency_key AND w.kind = 'bonus') m ON true
      WHERE b.movement_id IS NOT NULL AND (m.c <> 1 OR m.total <> b.amount_minor)`),
    takenBack: await one(sql`SELECT count(*) AS n FROM member_bonuses b
      LEFT JOIN LATERAL (SELECT count(*) AS c, coalesce(sum(-amount_minor), 0) AS total FROM wallet_movements w
                         WHERE w.idempotency_key = 'bonus-forfeit:' || b.id AND w.kind = 'bonus_forfeit') m ON true
      WHERE (coalesce(b.taken_back_minor, 0) > 0 AND (m.c <> 1 OR m.total <> b.taken_back_minor))
         OR (coalesce(b.taken_back_minor, 0) = 0 AND m.c <> 0)`),
    unbalanced: await one(sql`SELECT count(*) AS n FROM (
      SELECT movement_id FROM ledger_entries GROUP BY movement_id HAVING sum(amount_minor) <> 0) x`),
    negative: await one(sql`SELECT count(*) AS n FROM wallet_accounts WHERE balance_minor < 0`),
  };
}
