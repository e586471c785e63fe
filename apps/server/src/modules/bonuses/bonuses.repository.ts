import { query, toIso, toNullableNumber, toNumber } from '@parlay/db';
import type {
  BonusBalanceMode,
  BonusRules,
  BonusSource,
  BonusStatus,
  PromotionAudience,
  PromotionKind,
} from '@parlay/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { FeedPosition } from '../settlement-feed/index';

// Bonuses' SQL (migration 0077, decision 0050): promotions, member bonuses, the wagering of a feed batch.

export interface PromotionRow {
  id: number;
  merchantId: number;
  code: string;
  kind: PromotionKind;
  category: string;
  titleKo: string;
  titleEn: string;
  summaryKo: string;
  summaryEn: string;
  rules: BonusRules;
  audience: PromotionAudience;
  startsAt: string | null;
  endsAt: string | null;
  active: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface BonusRow {
  id: number;
  merchantId: number;
  memberId: number;
  memberAccount: string;
  promotionId: number;
  promotionCode: string;
  kind: PromotionKind;
  titleKo: string;
  titleEn: string;
  source: BonusSource;
  depositId: number | null;
  depositOrderNo: string | null;
  currency: string;
  amountMinor: number;
  wageringRequiredMinor: number;
  wageringDoneMinor: number;
  contributionBp: BonusRules['contributionBp'];
  status: BonusStatus;
  /** Where its money is (decision 0063): the main balance under a lock, or the bonus balance. */
  balanceMode: BonusBalanceMode;
  takenBackMinor: number | null;
  forfeitRequestId: string | null;
  cancelReason: string | null;
  expiresAt: string;
  createdAt: string;
  finishedAt: string | null;
}

const nullableIso = (value: unknown) => (value === null || value === undefined ? null : toIso(value));
const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

function toPromotion(row: Record<string, unknown>): PromotionRow {
  return {
    id: toNumber(row['id']),
    merchantId: toNumber(row['merchant_id']),
    code: String(row['code']),
    kind: row['kind'] as PromotionKind,
    category: String(row['category']),
    titleKo: String(row['title_ko']),
    titleEn: String(row['title_en']),
    summaryKo: String(row['summary_ko']),
    summaryEn: String(row['summary_en']),
    rules: json<BonusRules>(row['rules']),
    audience: row['audience'] as PromotionAudience,
    startsAt: nullableIso(row['starts_at']),
    endsAt: nullableIso(row['ends_at']),
    active: Boolean(row['active']),
    version: toNumber(row['version']),
    createdAt: toIso(row['created_at']),
    updatedAt: toIso(row['updated_at']),
  };
}

function toBonus(row: Record<string, unknown>): BonusRow {
  return {
    id: toNumber(row['id']),
    merchantId: toNumber(row['merchant_id']),
    memberId: toNumber(row['member_id']),
    memberAccount: (row['member_account'] as string | null) ?? '',
    promotionId: toNumber(row['promotion_id']),
    promotionCode: String(row['promotion_code']),
    kind: row['kind'] as PromotionKind,
    titleKo: String(row['title_ko']),
    titleEn: String(row['title_en']),
    source: row['source'] as BonusSource,
    depositId: toNullableNumber(row['deposit_id']),
    depositOrderNo: (row['order_no'] as string | null) ?? null,
    currency: String(row['currency']),
    amountMinor: toNumber(row['amount_minor']),
    wageringRequiredMinor: toNumber(row['wagering_required_minor']),
    wageringDoneMinor: toNumber(row['wagering_done_minor']),
    contributionBp: json<BonusRules['contributionBp']>(row['contribution_bp']),
    status: row['status'] as BonusStatus,
    balanceMode: row['balance_mode'] === 'separate' ? 'separate' : 'locked',
    takenBackMinor: toNullableNumber(row['taken_back_minor']),
    forfeitRequestId: (row['forfeit_request_id'] as string | null) ?? null,
    cancelReason: (row['cancel_reason'] as string | null) ?? null,
    expiresAt: toIso(row['expires_at']),
    createdAt: toIso(row['created_at']),
    finishedAt: nullableIso(row['finished_at']),
  };
}

const BONUS_COLUMNS = sql`b.*, p.code AS promotion_code, p.kind, p.title_ko, p.title_en, d.order_no,
  a.account AS member_account`;
const BONUS_FROM = sql`member_bonuses b JOIN promotions p ON p.id = b.promotion_id
  LEFT JOIN cashier_deposits d ON d.id = b.deposit_id JOIN members a ON a.id = b.member_id`;

/** Open at `now`: switched on, started, not ended. */
const openAt = (now: Date) =>
  sql`p.active AND (p.starts_at IS NULL OR p.starts_at <= ${now.toISOString()}::timestamptz)
      AND (p.ends_at IS NULL OR p.ends_at > ${now.toISOString()}::timestamptz)`;

/** The brand's promotion by code (upper case); undefined when none. */
export async function findPromotionByCode(
  db: Executor,
  merchantId: number,
  code: string,
): Promise<PromotionRow | undefined> {
  const rows = await query(db, sql`SELECT * FROM promotions WHERE merchant_id = ${merchantId} AND code = ${code}`);
  return rows[0] ? toPromotion(rows[0]) : undefined;
}

export async function findPromotion(db: Executor, merchantId: number, id: number): Promise<PromotionRow | undefined> {
  const rows = await query(db, sql`SELECT * FROM promotions WHERE merchant_id = ${merchantId} AND id = ${id}`);
  return rows[0] ? toPromotion(rows[0]) : undefined;
}

/** The brand's open promotions of a kind, newest first. */
export async function findOpenPromotions(
  db: Executor,
  merchantId: number,
  kind: PromotionKind,
  now: Date,
): Promise<PromotionRow[]> {
  const rows = await query(
    db,
    sql`SELECT p.* FROM promotions p
        WHERE p.merchant_id = ${merchantId} AND p.kind = ${kind} AND ${openAt(now)}
        ORDER BY p.id DESC`,
  );
  return rows.map(toPromotion);
}

/**
 * The deposit bonuses open now that the member has not received, with audience 'new' ones only while the member has
 * no credited deposit.
 */
export async function findOffers(
  db: Executor,
  merchantId: number,
  memberId: number,
  now: Date,
): Promise<PromotionRow[]> {
  const rows = await query(
    db,
    sql`SELECT p.* FROM promotions p
        WHERE p.merchant_id = ${merchantId} AND p.kind = 'deposit_bonus' AND ${openAt(now)}
          AND NOT EXISTS (SELECT 1 FROM member_bonuses b WHERE b.promotion_id = p.id AND b.member_id = ${memberId})
          AND (p.audience = 'all' OR NOT EXISTS (
            SELECT 1 FROM cashier_deposits d WHERE d.member_id = ${memberId} AND d.state = 'credited'))
        ORDER BY p.id DESC`,
  );
  return rows.map(toPromotion);
}

/** True when the member has a credited deposit other than `exceptDepositId`. */
export async function hasOtherCreditedDeposit(
  db: Executor,
  memberId: number,
  exceptDepositId: number | null,
): Promise<boolean> {
  const rows = await query(
    db,
    sql`SELECT 1 FROM cashier_deposits
        WHERE member_id = ${memberId} AND state = 'credited'
          ${exceptDepositId === null ? sql`` : sql`AND id <> ${exceptDepositId}`}
        LIMIT 1`,
  );
  return rows.length > 0;
}

/** True when the member was paid this promotion's bonus. */
export async function hasBonus(db: Executor, promotionId: number, memberId: number): Promise<boolean> {
  const rows = await query(
    db,
    sql`SELECT 1 FROM member_bonuses WHERE promotion_id = ${promotionId} AND member_id = ${memberId}`,
  );
  return rows.length > 0;
}

export interface BonusInput {
  merchantId: number;
  memberId: number;
  promotionId: number;
  source: BonusSource;
  depositId: number | null;
  currency: string;
  amountMinor: number;
  wageringRequiredMinor: number;
  contributionBp: BonusRules['contributionBp'];
  idempotencyKey: string;
  expiresAt: Date;
  balanceMode: BonusBalanceMode;
}

/**
 * Writes the bonus once by its key: undefined when it was written before (or by a transaction that committed while
 * this one waited on the key). A bonus with nothing to wager is completed at once.
 */
export async function insertBonus(db: Executor, input: BonusInput): Promise<number | undefined> {
  const done = input.wageringRequiredMinor === 0;
  const rows = await query<{ id: unknown }>(
    db,
    sql`INSERT INTO member_bonuses (merchant_id, member_id, promotion_id, source, deposit_id, currency, amount_minor,
          wagering_required_minor, contribution_bp, status, idempotency_key, expires_at, finished_at, balance_mode)
        VALUES (${input.merchantId}, ${input.memberId}, ${input.promotionId}, ${input.source}, ${input.depositId},
          ${input.currency}, ${input.amountMinor}, ${input.wageringRequiredMinor},
          ${JSON.stringify(input.contributionBp)}::jsonb, ${done ? 'completed' : 'active'}, ${input.idempotencyKey},
          ${input.expiresAt.toISOString()}::timestamptz, ${done ? sql`now()` : sql`NULL`}, ${input.balanceMode})
        ON CONFLICT DO NOTHING
        RETURNING id`,
  );
  return rows[0] ? toNumber(rows[0].id) : undefined;
}

export async function setBonusMovement(db: Executor, id: number, movementId: number): Promise<void> {
  await query(db, sql`UPDATE member_bonuses SET movement_id = ${movementId} WHERE id = ${id}`);
}

export async function findBonus(
  db: Executor,
  where: { id: number; memberId?: number; merchantId?: number },
): Promise<BonusRow | undefined> {
  const rows = await query(
    db,
    sql`SELECT ${BONUS_COLUMNS} FROM ${BONUS_FROM}
        WHERE b.id = ${where.id}
          ${where.memberId === undefined ? sql`` : sql`AND b.member_id = ${where.memberId}`}
          ${where.merchantId === undefined ? sql`` : sql`AND b.merchant_id = ${where.merchantId}`}`,
  );
  return rows[0] ? toBonus(rows[0]) : undefined;
}

/** Locks the bonus row (a forfeit, expiry or cancel waits for the one before it). */
export async function lockBonus(
  tx: Executor,
  where: { id: number; memberId?: number; merchantId?: number },
): Promise<BonusRow | undefined> {
  const rows = await query(
    tx,
    sql`SELECT id FROM member_bonuses
        WHERE id = ${where.id}
          ${where.memberId === undefined ? sql`` : sql`AND member_id = ${where.memberId}`}
          ${where.merchantId === undefined ? sql`` : sql`AND merchant_id = ${where.merchantId}`}
        FOR UPDATE`,
  );
  if (!rows[0]) return undefined;
  return findBonus(tx, { id: where.id });
}

/** The bonus a member's forfeit requestId ended, if any. */
export async function findByForfeitRequest(
  db: Executor,
  memberId: number,
  requestId: string,
): Promise<BonusRow | undefined> {
  const rows = await query(
    db,
    sql`SELECT ${BONUS_COLUMNS} FROM ${BONUS_FROM}
        WHERE b.member_id = ${memberId} AND b.forfeit_request_id = ${requestId}`,
  );
  return rows[0] ? toBonus(rows[0]) : undefined;
}

/** Ends an active bonus (locked by the caller): what was taken back, and why. */
export async function finishBonus(
  tx: Executor,
  id: number,
  input: {
    status: 'forfeited' | 'expired' | 'cancelled';
    takenBackMinor: number;
    forfeitRequestId?: string | null;
    cancelReason?: string | null;
    now: Date;
  },
): Promise<boolean> {
  const rows = await query(
    tx,
    sql`UPDATE member_bonuses SET status = ${input.status}, taken_back_minor = ${input.takenBackMinor},
          forfeit_request_id = ${input.forfeitRequestId ?? null}, cancel_reason = ${input.cancelReason ?? null},
          finished_at = ${input.now.toISOString()}::timestamptz
        WHERE id = ${id} AND status = 'active'
        RETURNING id`,
  );
  return rows.length > 0;
}

/**
 * The withdrawal lock of the member's active bonuses (each still short of its wagering): the bonus money locked in
 * the main balance (bonuses of the locked mode only: a separate bonus's money is in the bonus balance, decision 0063),
 * and the wagering still short of those.
 */
export async function sumActive(db: Executor, memberId: number): Promise<{ lockedMinor: number; shortMinor: number }> {
  const rows = await query<{ locked: unknown; short: unknown }>(
    db,
    sql`SELECT coalesce(sum(amount_minor), 0) AS locked,
               coalesce(sum(wagering_required_minor - wagering_done_minor), 0) AS short
        FROM member_bonuses WHERE member_id = ${memberId} AND status = 'active' AND balance_mode = 'locked'`,
  );
  return { lockedMinor: toNumber(rows[0]?.locked), shortMinor: toNumber(rows[0]?.short) };
}

/** The wagering still short over all the member's active bonuses, of either mode (bonusDetails). */
export async function sumWageringLeft(db: Executor, memberId: number): Promise<number> {
  const rows = await query<{ short: unknown }>(
    db,
    sql`SELECT coalesce(sum(wagering_required_minor - wagering_done_minor), 0) AS short
        FROM member_bonuses WHERE member_id = ${memberId} AND status = 'active'`,
  );
  return toNumber(rows[0]?.short);
}

/** How many of the member's bonuses of the separate mode are active, besides `exceptId` (decision 0063). */
export async function countActiveSeparate(db: Executor, memberId: number, exceptId: number): Promise<number> {
  const rows = await query<{ n: unknown }>(
    db,
    sql`SELECT count(*) AS n FROM member_bonuses
        WHERE member_id = ${memberId} AND status = 'active' AND balance_mode = 'separate' AND id <> ${exceptId}`,
  );
  return toNumber(rows[0]?.n);
}

/** Whether the member has an open round staked with bonus money (a separate bonus cannot end meanwhile). */
export async function hasOpenBonusRounds(db: Executor, memberId: number): Promise<boolean> {
  const rows = await query(
    db,
    sql`SELECT 1 AS found FROM game_rounds
        WHERE member_id = ${memberId} AND status = 'open' AND bonus_stake_minor > 0 LIMIT 1`,
  );
  return rows.length > 0;
}

/** The brand's choice of where bonus money goes (decision 0063); 'locked' when the brand never chose. */
export async function findBalanceMode(db: Executor, merchantId: number): Promise<BonusBalanceSettingsRow> {
  const rows = await query<{ balance_mode: string; version: unknown; updated_at: unknown; updated_by: string | null }>(
    db,
    // Who saved last, as the audit trail's actor text (`operator:<id>`, `cli:<user>`): an operator by their login.
    sql`SELECT s.balance_mode, s.version, s.updated_at, coalesce(o.login, s.updated_by) AS updated_by
        FROM bonus_settings s LEFT JOIN operators o ON s.updated_by = 'operator:' || o.id
        WHERE s.merchant_id = ${merchantId}`,
  );
  const row = rows[0];
  return {
    balanceMode: row?.balance_mode === 'separate' ? 'separate' : 'locked',
    version: row ? toNumber(row.version) : 0,
    updatedAt: row ? toIso(row.updated_at) : null,
    updatedBy: row?.updated_by ?? null,
  };
}

export interface BonusBalanceSettingsRow {
  balanceMode: BonusBalanceMode;
  version: number;
  updatedAt: string | null;
  updatedBy: string | null;
}

/** Saves the brand's choice if `version` is still the stored one (0: none stored); false when another save came first. */
export async function saveBalanceMode(
  db: Executor,
  merchantId: number,
  input: { balanceMode: BonusBalanceMode; version: number; updatedBy: string },
): Promise<boolean> {
  const rows =
    input.version === 0
      ? await query(
          db,
          sql`INSERT INTO bonus_settings (merchant_id, balance_mode, version, updated_by)
              VALUES (${merchantId}, ${input.balanceMode}, 1, ${input.updatedBy})
              ON CONFLICT (merchant_id) DO NOTHING
              RETURNING merchant_id`,
        )
      : await query(
          db,
          sql`UPDATE bonus_settings SET balance_mode = ${input.balanceMode}, version = version + 1, updated_at = now(),
                updated_by = ${input.updatedBy}
              WHERE merchant_id = ${merchantId} AND version = ${input.version}
              RETURNING merchant_id`,
        );
  return rows.length > 0;
}

/**
 * The members of `bonusIds` (bonuses the wagering just completed) whose last separate bonus that was: their bonus
 * balance is released (decision 0063). Each with the completed bonus that releases it.
 */
export async function findReleases(
  db: Executor,
  bonusIds: number[],
): Promise<{ bonusId: number; memberId: number; merchantId: number; currency: string; code: string }[]> {
  if (bonusIds.length === 0) return [];
  const rows = await query<{ id: unknown; member_id: unknown; merchant_id: unknown; currency: string; code: string }>(
    db,
    sql`SELECT DISTINCT ON (b.member_id) b.id, b.member_id, b.merchant_id, b.currency, p.code
        FROM member_bonuses b JOIN promotions p ON p.id = b.promotion_id
        WHERE b.id IN (${sql.join(
          bonusIds.map((id) => sql`${id}`),
          sql`, `,
        )}) AND b.status = 'completed' AND b.balance_mode = 'separate'
          AND NOT EXISTS (SELECT 1 FROM member_bonuses o
                          WHERE o.member_id = b.member_id AND o.status = 'active' AND o.balance_mode = 'separate')
        ORDER BY b.member_id, b.id DESC`,
  );
  return rows.map((row) => ({
    bonusId: toNumber(row.id),
    memberId: toNumber(row.member_id),
    merchantId: toNumber(row.merchant_id),
    currency: row.currency,
    code: row.code,
  }));
}

/** A page of the member's bonuses, newest first. */
export async function findMemberBonuses(
  db: Executor,
  filter: {
    merchantId: number;
    memberId: number;
    status?: 'active' | 'finished';
    beforeId: number | null;
    limit: number;
  },
): Promise<BonusRow[]> {
  const status: SQL =
    filter.status === 'active'
      ? sql`AND b.status = 'active'`
      : filter.status === 'finished'
        ? sql`AND b.status <> 'active'`
        : sql``;
  const rows = await query(
    db,
    sql`SELECT ${BONUS_COLUMNS} FROM ${BONUS_FROM}
        WHERE b.member_id = ${filter.memberId} AND b.merchant_id = ${filter.merchantId} ${status}
          ${filter.beforeId === null ? sql`` : sql`AND b.id < ${filter.beforeId}`}
        ORDER BY b.id DESC
        LIMIT ${filter.limit}`,
  );
  return rows.map(toBonus);
}

/** Active bonuses past their expiry, oldest first (ids only; each is then locked and ended on its own). */
export async function findExpired(db: Executor, now: Date, limit: number): Promise<number[]> {
  const rows = await query<{ id: unknown }>(
    db,
    sql`SELECT id FROM member_bonuses
        WHERE status = 'active' AND expires_at <= ${now.toISOString()}::timestamptz
        ORDER BY expires_at, id
        LIMIT ${limit}`,
  );
  return rows.map((row) => toNumber(row.id));
}

/**
 * The wagering of a feed batch (after, last], in one statement (decision 0050): each settled round of a member with
 * an active bonus counts floor(valid bet × contribution / 10 000) by its game type, at the contributions of the
 * member's oldest active bonus and only from the moment that bonus was paid; the member's count fills the active
 * bonuses oldest first (what one cannot take spills to the next), completing each that is met. Returns the bonuses
 * moved. Each step is MATERIALIZED, computed once: on tables whose statistics lag their rows (a fresh backlog) the
 * planner expected one row of each and ran the steps again for every bonus (one batch of 200 rounds took 66 s).
 */
export async function applyWagering(
  db: Executor,
  after: FeedPosition,
  last: FeedPosition,
): Promise<{ moved: number; completed: number[] }> {
  const rows = await query<{ moved: unknown; completed: unknown }>(
    db,
    sql`WITH rounds AS (
          SELECT f.member_id, f.at, f.valid_bet_minor, coalesce(g.game_type, '') AS game_type
          FROM settlement_feed f
          LEFT JOIN games g ON g.id = f.game_id
          WHERE (f.xid, f.id) > (${after.xid}::xid8, ${after.id}::bigint)
            AND (f.xid, f.id) <= (${last.xid}::xid8, ${last.id}::bigint)
            AND f.kind = 'round' AND f.valid_bet_minor > 0
            AND EXISTS (SELECT 1 FROM member_bonuses a WHERE a.member_id = f.member_id AND a.status = 'active')
        ),
        oldest AS MATERIALIZED (
          SELECT DISTINCT ON (b.member_id) b.member_id, b.contribution_bp, b.created_at
          FROM member_bonuses b
          WHERE b.status = 'active' AND b.member_id IN (SELECT member_id FROM rounds)
          ORDER BY b.member_id, b.id
        ),
        counted AS MATERIALIZED (
          SELECT r.member_id,
                 sum(floor(r.valid_bet_minor::numeric * coalesce((o.contribution_bp ->> r.game_type)::integer, 0)
                   / 10000))::bigint AS counted
          FROM rounds r JOIN oldest o ON o.member_id = r.member_id
          -- In its millisecond or after: a round's time may be kept to the millisecond.
          WHERE r.at >= date_trunc('milliseconds', o.created_at)
          GROUP BY r.member_id
        ),
        alloc AS MATERIALIZED (
          SELECT b.id, c.counted,
                 b.wagering_required_minor - b.wagering_done_minor AS need,
                 coalesce(sum(b.wagering_required_minor - b.wagering_done_minor) OVER (
                   PARTITION BY b.member_id ORDER BY b.id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
          FROM member_bonuses b JOIN counted c ON c.member_id = b.member_id
          WHERE b.status = 'active' AND c.counted > 0
        ),
        moved AS (
          UPDATE member_bonuses b
          SET wagering_done_minor = least(b.wagering_required_minor, b.wagering_done_minor + a.add),
              status = CASE WHEN b.wagering_done_minor + a.add >= b.wagering_required_minor THEN 'completed'
                            ELSE 'active' END,
              finished_at = CASE WHEN b.wagering_done_minor + a.add >= b.wagering_required_minor THEN now()
                                 ELSE NULL END
          FROM (SELECT id, least(need, greatest(counted - before, 0))::bigint AS add FROM alloc) a
          WHERE b.id = a.id AND a.add > 0 AND b.status = 'active'
          RETURNING b.id, b.status, b.balance_mode
        )
        SELECT count(*) AS moved,
               coalesce(array_agg(id) FILTER (WHERE status = 'completed' AND balance_mode = 'separate'), '{}')
                 AS completed
        FROM moved`,
  );
  const completed = rows[0]?.completed;
  return {
    moved: toNumber(rows[0]?.moved),
    completed: (Array.isArray(completed) ? completed : parsePgArray(completed)).map((id) => toNumber(id)),
  };
}

/** A bigint[] as text ('{1,2}') when the driver does not parse it. */
function parsePgArray(value: unknown): unknown[] {
  if (typeof value !== 'string' || value.length < 2) return [];
  const inner = value.slice(1, -1);
  return inner === '' ? [] : inner.split(',');
}

// The back office.

export interface PromotionInput {
  merchantId: number;
  code: string;
  kind: PromotionKind;
  category: string;
  titleKo: string;
  titleEn: string;
  summaryKo: string;
  summaryEn: string;
  rules: BonusRules;
  audience: PromotionAudience;
  startsAt: string | null;
  endsAt: string | null;
  active: boolean;
}

/** Adds a promotion; undefined when its code is taken on the brand. */
export async function insertPromotion(db: Executor, input: PromotionInput): Promise<number | undefined> {
  const rows = await query<{ id: unknown }>(
    db,
    sql`INSERT INTO promotions (merchant_id, code, kind, category, title_ko, title_en, summary_ko, summary_en, rules,
          audience, starts_at, ends_at, active)
        VALUES (${input.merchantId}, ${input.code}, ${input.kind}, ${input.category}, ${input.titleKo},
          ${input.titleEn}, ${input.summaryKo}, ${input.summaryEn}, ${JSON.stringify(input.rules)}::jsonb,
          ${input.audience}, ${input.startsAt}::timestamptz, ${input.endsAt}::timestamptz, ${input.active})
        ON CONFLICT (merchant_id, code) DO NOTHING
        RETURNING id`,
  );
  return rows[0] ? toNumber(rows[0].id) : undefined;
}

/** Saves a promotion opened at `version`; false when another save came first (or no such promotion). */
export async function updatePromotion(
  db: Executor,
  id: number,
  version: number,
  input: Omit<PromotionInput, 'merchantId' | 'code' | 'kind'>,
  merchantId: number,
): Promise<boolean> {
  const rows = await query(
    db,
    sql`UPDATE promotions SET category = ${input.category}, title_ko = ${input.titleKo}, title_en = ${input.titleEn},
          summary_ko = ${input.summaryKo}, summary_en = ${input.summaryEn},
          rules = ${JSON.stringify(input.rules)}::jsonb, audience = ${input.audience},
          starts_at = ${input.startsAt}::timestamptz, ends_at = ${input.endsAt}::timestamptz, active = ${input.active},
          version = version + 1, updated_at = now()
        WHERE id = ${id} AND merchant_id = ${merchantId} AND version = ${version}
        RETURNING id`,
  );
  return rows.length > 0;
}

/** The brand's promotions of the kinds asked, newest first (keyset by id). */
export async function findPromotions(
  db: Executor,
  merchantId: number,
  filter: { kinds: readonly PromotionKind[]; beforeId: number | null; limit: number },
): Promise<PromotionRow[]> {
  const rows = await query(
    db,
    sql`SELECT * FROM promotions
        WHERE merchant_id = ${merchantId}
          AND kind IN (${sql.join(
            filter.kinds.map((kind) => sql`${kind}`),
            sql`, `,
          )})
          ${filter.beforeId === null ? sql`` : sql`AND id < ${filter.beforeId}`}
        ORDER BY id DESC
        LIMIT ${filter.limit}`,
  );
  return rows.map(toPromotion);
}

/** The brand's members' bonuses, newest first (keyset by id), by member and status. */
export async function findBrandBonuses(
  db: Executor,
  merchantId: number,
  filter: { memberId?: number; status?: BonusStatus; beforeId: number | null; limit: number },
): Promise<BonusRow[]> {
  const rows = await query(
    db,
    sql`SELECT ${BONUS_COLUMNS} FROM ${BONUS_FROM}
        WHERE b.merchant_id = ${merchantId}
          ${filter.memberId === undefined ? sql`` : sql`AND b.member_id = ${filter.memberId}`}
          ${filter.status === undefined ? sql`` : sql`AND b.status = ${filter.status}`}
          ${filter.beforeId === null ? sql`` : sql`AND b.id < ${filter.beforeId}`}
        ORDER BY b.id DESC
        LIMIT ${filter.limit}`,
  );
  return rows.map(toBonus);
}

/** The brand's member of a login; undefined when none. */
export async function findMemberIdByAccount(
  db: Executor,
  merchantId: number,
  account: string,
): Promise<number | undefined> {
  const rows = await query<{ id: unknown }>(
    db,
    sql`SELECT id FROM members WHERE merchant_id = ${merchantId} AND lower(account) = lower(${account})`,
  );
  return rows[0] ? toNumber(rows[0].id) : undefined;
}

/** A bonus promotion with what the hub needs of the member: whether it paid them, whether they have deposited. */
export interface BonusStateRow {
  promotionId: number;
  kind: PromotionKind;
  audience: PromotionAudience;
  startsAt: string | null;
  endsAt: string | null;
  paid: boolean;
  deposited: boolean;
}

/** The brand's promotions of these ids with the member's bonus and deposit facts (none for a visitor). */
export async function findBonusStates(
  db: Executor,
  merchantId: number,
  memberId: number | null,
  promotionIds: readonly number[],
): Promise<BonusStateRow[]> {
  if (promotionIds.length === 0) return [];
  const member = memberId ?? 0;
  const rows = await query(
    db,
    sql`SELECT p.id, p.kind, p.audience, p.starts_at, p.ends_at,
               EXISTS (SELECT 1 FROM member_bonuses b WHERE b.promotion_id = p.id AND b.member_id = ${member}) AS paid,
               EXISTS (SELECT 1 FROM cashier_deposits d
                       WHERE d.member_id = ${member} AND d.state = 'credited') AS deposited
        FROM promotions p
        WHERE p.merchant_id = ${merchantId}
          AND p.id IN (${sql.join(
            promotionIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
  );
  return rows.map((row) => ({
    promotionId: toNumber(row['id']),
    kind: row['kind'] as PromotionKind,
    audience: row['audience'] as PromotionAudience,
    startsAt: nullableIso(row['starts_at']),
    endsAt: nullableIso(row['ends_at']),
    paid: Boolean(row['paid']),
    deposited: Boolean(row['deposited']),
  }));
}
