import { query, toIso, toNullableNumber, toNumber } from '@parlay/db';
import type { VipRebateCategory } from '@parlay/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { FeedPosition } from '../settlement-feed/index';

// VIP ranks' SQL (migration 0074, decision 0046). Figures are summed over the brand's rolling period: the days
// (in the brand's time zone) from `today - (period_days - 1)` to today, where today is the clock's.

const bigintArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::bigint[]`;

export const DEFAULT_PERIOD_DAYS = 30;
export const DEFAULT_GRACE_DAYS = 30;

export interface SettingsRow {
  periodDays: number;
  downgradeGraceDays: number;
  version: number;
}

export interface LevelRow {
  merchantId: number;
  rankLevel: number;
  name: string;
  reachValidBetMinor: number;
  reachDepositMinor: number;
  keepValidBetMinor: number;
  keepDepositMinor: number;
  rebateBp: Partial<Record<VipRebateCategory, number>>;
  withdrawalDailyCount: number | null;
  withdrawalDailyMaxMinor: number | null;
  withdrawalSingleMaxMinor: number | null;
  upgradeBonusMinor: number;
  birthdayBonusMinor: number;
  monthlyBonusMinor: number;
  version: number;
  updatedAt: string;
}

export type LevelInput = Omit<LevelRow, 'merchantId' | 'version' | 'updatedAt'>;

export interface Figures {
  validBetMinor: number;
  depositMinor: number;
}

const LEVEL_COLUMNS = sql`merchant_id, rank_level, name, reach_valid_bet_minor, reach_deposit_minor, keep_valid_bet_minor,
  keep_deposit_minor, rebate_bp, withdrawal_daily_count, withdrawal_daily_max_minor, withdrawal_single_max_minor,
  upgrade_bonus_minor, birthday_bonus_minor, monthly_bonus_minor, version, updated_at`;

function toLevel(row: Record<string, unknown>): LevelRow {
  return {
    merchantId: toNumber(row['merchant_id']),
    rankLevel: toNumber(row['rank_level']),
    name: String(row['name']),
    reachValidBetMinor: toNumber(row['reach_valid_bet_minor']),
    reachDepositMinor: toNumber(row['reach_deposit_minor']),
    keepValidBetMinor: toNumber(row['keep_valid_bet_minor']),
    keepDepositMinor: toNumber(row['keep_deposit_minor']),
    rebateBp: (typeof row['rebate_bp'] === 'string' ? JSON.parse(row['rebate_bp']) : row['rebate_bp']) as Partial<
      Record<VipRebateCategory, number>
    >,
    withdrawalDailyCount: toNullableNumber(row['withdrawal_daily_count']),
    withdrawalDailyMaxMinor: toNullableNumber(row['withdrawal_daily_max_minor']),
    withdrawalSingleMaxMinor: toNullableNumber(row['withdrawal_single_max_minor']),
    upgradeBonusMinor: toNumber(row['upgrade_bonus_minor']),
    birthdayBonusMinor: toNumber(row['birthday_bonus_minor']),
    monthlyBonusMinor: toNumber(row['monthly_bonus_minor']),
    version: toNumber(row['version']),
    updatedAt: toIso(row['updated_at']),
  };
}

export async function findSettings(db: Executor, merchantId: number): Promise<SettingsRow> {
  const [row] = await query(
    db,
    sql`SELECT period_days, downgrade_grace_days, version FROM vip_settings WHERE merchant_id = ${merchantId}`,
  );
  if (!row) return { periodDays: DEFAULT_PERIOD_DAYS, downgradeGraceDays: DEFAULT_GRACE_DAYS, version: 0 };
  return {
    periodDays: toNumber(row['period_days']),
    downgradeGraceDays: toNumber(row['downgrade_grace_days']),
    version: toNumber(row['version']),
  };
}

/** Saves the settings if their version is still `version` (0: never saved); the new version, or undefined. */
export async function saveSettings(
  tx: Executor,
  merchantId: number,
  settings: { periodDays: number; downgradeGraceDays: number },
  version: number,
): Promise<number | undefined> {
  const [row] = await query(
    tx,
    sql`INSERT INTO vip_settings AS s (merchant_id, period_days, downgrade_grace_days, version, updated_at)
        SELECT ${merchantId}, ${settings.periodDays}, ${settings.downgradeGraceDays}, 1, now() WHERE ${version} = 0
        ON CONFLICT (merchant_id) DO UPDATE SET period_days = EXCLUDED.period_days,
          downgrade_grace_days = EXCLUDED.downgrade_grace_days, version = s.version + 1, updated_at = now()
        WHERE s.version = ${version}
        RETURNING version`,
  );
  if (row) return toNumber(row['version']);
  if (version === 0) return undefined;
  const [updated] = await query(
    tx,
    sql`UPDATE vip_settings SET period_days = ${settings.periodDays},
          downgrade_grace_days = ${settings.downgradeGraceDays}, version = version + 1, updated_at = now()
        WHERE merchant_id = ${merchantId} AND version = ${version}
        RETURNING version`,
  );
  return updated ? toNumber(updated['version']) : undefined;
}

export async function findLevels(db: Executor, merchantId: number): Promise<LevelRow[]> {
  const rows = await query(
    db,
    sql`SELECT ${LEVEL_COLUMNS} FROM vip_levels WHERE merchant_id = ${merchantId} ORDER BY rank_level`,
  );
  return rows.map(toLevel);
}

/** The brand's levels, the rows locked (an edit checks the order of its neighbours under the lock). */
export async function lockLevels(tx: Executor, merchantId: number): Promise<LevelRow[]> {
  const rows = await query(
    tx,
    sql`SELECT ${LEVEL_COLUMNS} FROM vip_levels WHERE merchant_id = ${merchantId} ORDER BY rank_level FOR UPDATE`,
  );
  return rows.map(toLevel);
}

/** The level a member holds: the brand's level of that rank, or none when the brand defined it not. */
export async function findLevel(db: Executor, merchantId: number, rankLevel: number): Promise<LevelRow | undefined> {
  const [row] = await query(
    db,
    sql`SELECT ${LEVEL_COLUMNS} FROM vip_levels WHERE merchant_id = ${merchantId} AND rank_level = ${rankLevel}`,
  );
  return row ? toLevel(row) : undefined;
}

function levelValues(level: LevelInput): SQL {
  return sql`${level.name}, ${level.reachValidBetMinor}, ${level.reachDepositMinor}, ${level.keepValidBetMinor},
    ${level.keepDepositMinor}, ${JSON.stringify(level.rebateBp)}::jsonb, ${level.withdrawalDailyCount},
    ${level.withdrawalDailyMaxMinor}, ${level.withdrawalSingleMaxMinor}, ${level.upgradeBonusMinor},
    ${level.birthdayBonusMinor}, ${level.monthlyBonusMinor}`;
}

/** Adds a level; false when the brand has one of that rank. */
export async function insertLevel(tx: Executor, merchantId: number, level: LevelInput): Promise<boolean> {
  const rows = await query(
    tx,
    sql`INSERT INTO vip_levels (merchant_id, rank_level, name, reach_valid_bet_minor, reach_deposit_minor,
          keep_valid_bet_minor, keep_deposit_minor, rebate_bp, withdrawal_daily_count, withdrawal_daily_max_minor,
          withdrawal_single_max_minor, upgrade_bonus_minor, birthday_bonus_minor, monthly_bonus_minor)
        VALUES (${merchantId}, ${level.rankLevel}, ${levelValues(level)})
        ON CONFLICT (merchant_id, rank_level) DO NOTHING
        RETURNING 1`,
  );
  return rows.length === 1;
}

/** Saves a level if its version is still `version`; the new version, or undefined. */
export async function updateLevel(
  tx: Executor,
  merchantId: number,
  level: LevelInput,
  version: number,
): Promise<number | undefined> {
  const [row] = await query(
    tx,
    sql`UPDATE vip_levels SET (name, reach_valid_bet_minor, reach_deposit_minor, keep_valid_bet_minor,
          keep_deposit_minor, rebate_bp, withdrawal_daily_count, withdrawal_daily_max_minor,
          withdrawal_single_max_minor, upgrade_bonus_minor, birthday_bonus_minor, monthly_bonus_minor) =
          (${levelValues(level)}), version = version + 1, updated_at = now()
        WHERE merchant_id = ${merchantId} AND rank_level = ${level.rankLevel} AND version = ${version}
        RETURNING version`,
  );
  return row ? toNumber(row['version']) : undefined;
}

export async function countMembersByLevel(db: Executor, merchantId: number): Promise<Map<number, number>> {
  const rows = await query(
    db,
    sql`SELECT rank_level, count(*) AS n FROM members WHERE merchant_id = ${merchantId} AND NOT is_free_play
        GROUP BY rank_level`,
  );
  return new Map(rows.map((row) => [toNumber(row['rank_level']), toNumber(row['n'])]));
}

/**
 * Adds a feed batch (after, last] to the members' days, in one statement: a settled round's valid bet and a
 * deposit's amount, on the brand's day of the row; free-play guests have no rank. Answers the members touched.
 */
export async function addBatchFigures(tx: Executor, after: FeedPosition, last: FeedPosition): Promise<number[]> {
  const rows = await query(
    tx,
    sql`INSERT INTO vip_member_days AS d (member_id, day, merchant_id, valid_bet_minor, deposit_minor)
        SELECT f.member_id, (f.at AT TIME ZONE m.time_zone)::date, f.merchant_id,
               coalesce(sum(f.valid_bet_minor) FILTER (WHERE f.kind = 'round'), 0),
               coalesce(sum(f.amount_minor) FILTER (WHERE f.kind = 'deposit'), 0)
        FROM settlement_feed f
        JOIN merchants m ON m.id = f.merchant_id
        JOIN members mb ON mb.id = f.member_id AND mb.merchant_id = f.merchant_id AND NOT mb.is_free_play
        WHERE (f.xid, f.id) > (${after.xid}::xid8, ${after.id}::bigint)
          AND (f.xid, f.id) <= (${last.xid}::xid8, ${last.id}::bigint)
          AND f.kind IN ('round', 'deposit')
        GROUP BY f.member_id, (f.at AT TIME ZONE m.time_zone)::date, f.merchant_id
        HAVING coalesce(sum(f.valid_bet_minor) FILTER (WHERE f.kind = 'round'), 0) > 0
            OR coalesce(sum(f.amount_minor) FILTER (WHERE f.kind = 'deposit'), 0) > 0
        ON CONFLICT (member_id, day) DO UPDATE SET valid_bet_minor = d.valid_bet_minor + EXCLUDED.valid_bet_minor,
          deposit_minor = d.deposit_minor + EXCLUDED.deposit_minor
        RETURNING member_id`,
  );
  return [...new Set(rows.map((row) => toNumber(row['member_id'])))];
}

/** Each member's figures over the brand's rolling period ending on the brand's day of `now`. */
function periodFigures(now: Date, members: SQL): SQL {
  return sql`SELECT mb.id AS member_id, mb.merchant_id, mb.rank_level,
                    coalesce(sum(d.valid_bet_minor), 0) AS valid_bet_minor,
                    coalesce(sum(d.deposit_minor), 0) AS deposit_minor
             FROM members mb
             JOIN merchants m ON m.id = mb.merchant_id
             LEFT JOIN vip_settings s ON s.merchant_id = mb.merchant_id
             LEFT JOIN vip_member_days d ON d.member_id = mb.id
               AND d.day <= (${now}::timestamptz AT TIME ZONE m.time_zone)::date
               AND d.day > (${now}::timestamptz AT TIME ZONE m.time_zone)::date
                           - coalesce(s.period_days, ${DEFAULT_PERIOD_DAYS})
             WHERE ${members}
             GROUP BY mb.id`;
}

export async function findFigures(db: Executor, memberId: number, now: Date): Promise<Figures> {
  const [row] = await query(db, periodFigures(now, sql`mb.id = ${memberId}`));
  return {
    validBetMinor: toNumber(row?.['valid_bet_minor'] ?? 0),
    depositMinor: toNumber(row?.['deposit_minor'] ?? 0),
  };
}

export interface UpgradeCandidate extends Figures {
  memberId: number;
  merchantId: number;
  rankLevel: number;
  targetLevel: number;
}

/**
 * Of these members (all of a brand's when `memberIds` is null), those whose figures reach a level above theirs,
 * with the highest level they reach. One statement whatever the count.
 */
export async function findUpgradeCandidates(
  db: Executor,
  scope: { memberIds: number[] } | { merchantId: number },
  now: Date,
): Promise<UpgradeCandidate[]> {
  const members =
    'memberIds' in scope
      ? sql`mb.id = ANY(${bigintArray(scope.memberIds)}) AND NOT mb.is_free_play`
      : sql`mb.merchant_id = ${scope.merchantId} AND NOT mb.is_free_play`;
  const rows = await query(
    db,
    sql`WITH f AS (${periodFigures(now, members)})
        SELECT f.*, t.target FROM f
        CROSS JOIN LATERAL (SELECT max(l.rank_level) AS target FROM vip_levels l
                            WHERE l.merchant_id = f.merchant_id AND l.reach_valid_bet_minor <= f.valid_bet_minor
                              AND l.reach_deposit_minor <= f.deposit_minor) t
        WHERE t.target > f.rank_level
        ORDER BY f.member_id`,
  );
  return rows.map((row) => ({
    memberId: toNumber(row['member_id']),
    merchantId: toNumber(row['merchant_id']),
    rankLevel: toNumber(row['rank_level']),
    targetLevel: toNumber(row['target']),
    validBetMinor: toNumber(row['valid_bet_minor']),
    depositMinor: toNumber(row['deposit_minor']),
  }));
}

export interface DowngradeCandidate extends Figures {
  memberId: number;
  rankLevel: number;
  targetLevel: number;
}

/**
 * A brand's members above level 0 whose figures no longer keep their level, who reached it at least the grace
 * days ago (or registered then, with no change recorded) and were not lowered in the brand's month of `now`; each
 * with the highest level below theirs whose keep figures they meet (0 at worst). After `afterMemberId`, in order.
 */
export async function findDowngradeCandidates(
  db: Executor,
  merchantId: number,
  now: Date,
  afterMemberId: number,
  limit: number,
): Promise<DowngradeCandidate[]> {
  const rows = await query(
    db,
    sql`WITH f AS (${periodFigures(now, sql`mb.merchant_id = ${merchantId} AND mb.rank_level > 0 AND mb.id > ${afterMemberId} AND NOT mb.is_free_play`)})
        SELECT f.*, coalesce(t.target, 0) AS target FROM f
        JOIN merchants m ON m.id = f.merchant_id
        JOIN members mb ON mb.id = f.member_id
        LEFT JOIN vip_settings s ON s.merchant_id = f.merchant_id
        JOIN vip_levels cur ON cur.merchant_id = f.merchant_id AND cur.rank_level = f.rank_level
        CROSS JOIN LATERAL (SELECT max(c.created_at) AS reached_at,
                                   max(c.created_at) FILTER (WHERE c.kind = 'downgrade') AS lowered_at
                            FROM vip_level_changes c WHERE c.member_id = f.member_id) h
        LEFT JOIN LATERAL (SELECT max(l.rank_level) AS target FROM vip_levels l
                           WHERE l.merchant_id = f.merchant_id AND l.rank_level < f.rank_level
                             AND l.keep_valid_bet_minor <= f.valid_bet_minor
                             AND l.keep_deposit_minor <= f.deposit_minor) t ON true
        WHERE NOT (cur.keep_valid_bet_minor <= f.valid_bet_minor AND cur.keep_deposit_minor <= f.deposit_minor)
          AND coalesce(h.reached_at, mb.created_at)
              <= ${now}::timestamptz - make_interval(days => coalesce(s.downgrade_grace_days, ${DEFAULT_GRACE_DAYS}))
          AND (h.lowered_at IS NULL
               OR date_trunc('month', h.lowered_at AT TIME ZONE m.time_zone)
                  < date_trunc('month', ${now}::timestamptz AT TIME ZONE m.time_zone))
        ORDER BY f.member_id
        LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    memberId: toNumber(row['member_id']),
    rankLevel: toNumber(row['rank_level']),
    targetLevel: toNumber(row['target']),
    validBetMinor: toNumber(row['valid_bet_minor']),
    depositMinor: toNumber(row['deposit_minor']),
  }));
}

/** Locks the member's row; its rank level, or undefined when the member is not the brand's. */
export async function lockMemberRank(tx: Executor, merchantId: number, memberId: number): Promise<number | undefined> {
  const [row] = await query(
    tx,
    sql`SELECT rank_level FROM members WHERE id = ${memberId} AND merchant_id = ${merchantId} FOR UPDATE`,
  );
  return row ? toNumber(row['rank_level']) : undefined;
}

export async function setMemberRank(tx: Executor, memberId: number, rankLevel: number): Promise<void> {
  await query(tx, sql`UPDATE members SET rank_level = ${rankLevel} WHERE id = ${memberId} RETURNING id`);
}

export interface NewChange extends Figures {
  merchantId: number;
  memberId: number;
  kind: 'upgrade' | 'downgrade';
  fromLevel: number;
  toLevel: number;
  fromName: string;
  toName: string;
  at: Date;
}

/** Records a change with the upgrade bonuses paid with it (append-only: the row is never written again). */
export async function insertChange(tx: Executor, change: NewChange, bonusMinor: number): Promise<number> {
  const [row] = await query(
    tx,
    sql`INSERT INTO vip_level_changes (merchant_id, member_id, kind, from_level, to_level, from_name, to_name,
          valid_bet_minor, deposit_minor, bonus_minor, created_at)
        VALUES (${change.merchantId}, ${change.memberId}, ${change.kind}, ${change.fromLevel}, ${change.toLevel},
          ${change.fromName}, ${change.toName}, ${change.validBetMinor}, ${change.depositMinor}, ${bonusMinor},
          ${change.at})
        RETURNING id`,
  );
  return toNumber(row!['id']);
}

/** The upgrade bonus keys already used by a member, by level. */
export async function findPaidUpgradeLevels(tx: Executor, memberId: number): Promise<Set<number>> {
  const rows = await query(
    tx,
    sql`SELECT rank_level FROM vip_bonuses WHERE member_id = ${memberId} AND kind = 'upgrade'`,
  );
  return new Set(rows.map((row) => toNumber(row['rank_level'])));
}

/** Records a bonus by its key; false when the key was used (nothing written). */
export async function insertBonus(
  tx: Executor,
  bonus: {
    idempotencyKey: string;
    merchantId: number;
    memberId: number;
    kind: 'upgrade' | 'birthday' | 'monthly';
    rankLevel: number;
    amountMinor: number;
    changeId: number | null;
    at: Date;
  },
): Promise<boolean> {
  const rows = await query(
    tx,
    sql`INSERT INTO vip_bonuses (idempotency_key, merchant_id, member_id, kind, rank_level, amount_minor, change_id,
          created_at)
        VALUES (${bonus.idempotencyKey}, ${bonus.merchantId}, ${bonus.memberId}, ${bonus.kind}, ${bonus.rankLevel},
          ${bonus.amountMinor}, ${bonus.changeId}, ${bonus.at})
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING 1`,
  );
  return rows.length === 1;
}

export interface PeriodicBonusCandidate {
  memberId: number;
  rankLevel: number;
  amountMinor: number;
}

/**
 * Members of a brand due a birthday or monthly bonus by the level they hold, whose key is not used yet; after
 * `afterMemberId`, in order. A birthday (YYYY-MM-DD or MM-DD-YYYY) on 29 February is kept on the 28th in
 * other years.
 */
export async function findPeriodicBonusCandidates(
  db: Executor,
  merchantId: number,
  kind: 'birthday' | 'monthly',
  keyOf: (memberIdColumn: SQL) => SQL,
  today: { month: number; day: number; leapYear: boolean },
  afterMemberId: number,
  limit: number,
): Promise<PeriodicBonusCandidate[]> {
  const amount = kind === 'birthday' ? sql`l.birthday_bonus_minor` : sql`l.monthly_bonus_minor`;
  const mmdd = `${String(today.month).padStart(2, '0')}-${String(today.day).padStart(2, '0')}`;
  const birthdayToday =
    kind === 'birthday'
      ? sql`AND (CASE WHEN mb.birthday ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' THEN substr(mb.birthday, 6, 5)
                      WHEN mb.birthday ~ '^[0-9]{2}-[0-9]{2}-[0-9]{4}$' THEN substr(mb.birthday, 1, 5) END)
                IN (${mmdd}, ${!today.leapYear && mmdd === '02-28' ? '02-29' : mmdd})`
      : sql``;
  const rows = await query(
    db,
    sql`SELECT mb.id AS member_id, mb.rank_level, ${amount} AS amount_minor
        FROM members mb
        JOIN vip_levels l ON l.merchant_id = mb.merchant_id AND l.rank_level = mb.rank_level
        WHERE mb.merchant_id = ${merchantId} AND NOT mb.is_free_play AND mb.id > ${afterMemberId}
          AND ${amount} > 0 ${birthdayToday}
          AND NOT EXISTS (SELECT 1 FROM vip_bonuses b WHERE b.idempotency_key = ${keyOf(sql`mb.id`)})
        ORDER BY mb.id
        LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    memberId: toNumber(row['member_id']),
    rankLevel: toNumber(row['rank_level']),
    amountMinor: toNumber(row['amount_minor']),
  }));
}

/** Brands with at least one level: the ones the periodic jobs look at. */
export async function findBrandsWithLevels(
  db: Executor,
): Promise<{ merchantId: number; timeZone: string; currency: string }[]> {
  const rows = await query(
    db,
    sql`SELECT m.id, m.time_zone, m.currency FROM merchants m
        WHERE EXISTS (SELECT 1 FROM vip_levels l WHERE l.merchant_id = m.id) ORDER BY m.id`,
  );
  return rows.map((row) => ({
    merchantId: toNumber(row['id']),
    timeZone: String(row['time_zone']),
    currency: String(row['currency']),
  }));
}

export async function findBrandMoney(
  db: Executor,
  merchantId: number,
): Promise<{ currency: string; timeZone: string }> {
  const [row] = await query(db, sql`SELECT currency, time_zone FROM merchants WHERE id = ${merchantId}`);
  return { currency: String(row!['currency']), timeZone: String(row!['time_zone']) };
}

export interface ChangeRow extends Figures {
  id: number;
  memberId: number;
  account: string;
  kind: 'upgrade' | 'downgrade';
  fromLevel: number;
  fromName: string;
  toLevel: number;
  toName: string;
  bonusMinor: number;
  at: string;
}

/** Level changes newest first, before `beforeId`; of one member, or of a brand filtered by account and kind. */
export async function findChanges(
  db: Executor,
  filter: {
    merchantId: number;
    memberId?: number | undefined;
    account?: string | undefined;
    kind?: 'upgrade' | 'downgrade' | undefined;
    beforeId: number | null;
    limit: number;
  },
): Promise<ChangeRow[]> {
  const rows = await query(
    db,
    sql`SELECT c.id, c.member_id, mb.account, c.kind, c.from_level, c.from_name, c.to_level, c.to_name,
               c.valid_bet_minor, c.deposit_minor, c.bonus_minor, c.created_at
        FROM vip_level_changes c JOIN members mb ON mb.id = c.member_id
        WHERE c.merchant_id = ${filter.merchantId}
          ${filter.memberId === undefined ? sql`` : sql`AND c.member_id = ${filter.memberId}`}
          ${filter.account === undefined ? sql`` : sql`AND lower(mb.account) = lower(${filter.account})`}
          ${filter.kind === undefined ? sql`` : sql`AND c.kind = ${filter.kind}`}
          ${filter.beforeId === null ? sql`` : sql`AND c.id < ${filter.beforeId}`}
        ORDER BY c.id DESC
        LIMIT ${filter.limit}`,
  );
  return rows.map((row) => ({
    id: toNumber(row['id']),
    memberId: toNumber(row['member_id']),
    account: String(row['account']),
    kind: row['kind'] as 'upgrade' | 'downgrade',
    fromLevel: toNumber(row['from_level']),
    fromName: String(row['from_name']),
    toLevel: toNumber(row['to_level']),
    toName: String(row['to_name']),
    validBetMinor: toNumber(row['valid_bet_minor']),
    depositMinor: toNumber(row['deposit_minor']),
    bonusMinor: toNumber(row['bonus_minor']),
    at: toIso(row['created_at']),
  }));
}

/** When the member reached its level: its last change, or null. */
export async function findReachedAt(db: Executor, memberId: number): Promise<string | null> {
  const [row] = await query(
    db,
    sql`SELECT created_at FROM vip_level_changes WHERE member_id = ${memberId} ORDER BY id DESC LIMIT 1`,
  );
  return row ? toIso(row['created_at']) : null;
}

export async function findMemberRank(
  db: Executor,
  merchantId: number,
  memberId: number,
): Promise<{ rankLevel: number; createdAt: string } | undefined> {
  const [row] = await query(
    db,
    sql`SELECT rank_level, created_at FROM members WHERE id = ${memberId} AND merchant_id = ${merchantId}`,
  );
  return row ? { rankLevel: toNumber(row['rank_level']), createdAt: toIso(row['created_at']) } : undefined;
}

export interface MemberRow extends Figures {
  memberId: number;
  account: string;
  rankLevel: number;
  levelName: string | null;
  reachedAt: string | null;
}

/** A brand's members by level, highest level first then newest member (keyset on rank and id). */
export async function findMembers(
  db: Executor,
  filter: {
    merchantId: number;
    rankLevel?: number | undefined;
    account?: string | undefined;
    after: { rankLevel: number; id: number } | null;
    limit: number;
    now: Date;
  },
): Promise<MemberRow[]> {
  const rows = await query(
    db,
    sql`WITH page AS (
          SELECT mb.id, mb.account, mb.rank_level FROM members mb
          WHERE mb.merchant_id = ${filter.merchantId} AND NOT mb.is_free_play
            ${filter.rankLevel === undefined ? sql`` : sql`AND mb.rank_level = ${filter.rankLevel}`}
            ${filter.account === undefined ? sql`` : sql`AND lower(mb.account) = lower(${filter.account})`}
            ${filter.after === null ? sql`` : sql`AND (mb.rank_level, mb.id) < (${filter.after.rankLevel}, ${filter.after.id})`}
          ORDER BY mb.rank_level DESC, mb.id DESC
          LIMIT ${filter.limit}
        ), f AS (${periodFigures(filter.now, sql`mb.id IN (SELECT id FROM page)`)})
        SELECT p.id, p.account, p.rank_level, l.name, f.valid_bet_minor, f.deposit_minor,
               (SELECT max(c.created_at) FROM vip_level_changes c WHERE c.member_id = p.id) AS reached_at
        FROM page p JOIN f ON f.member_id = p.id
        LEFT JOIN vip_levels l ON l.merchant_id = ${filter.merchantId} AND l.rank_level = p.rank_level
        ORDER BY p.rank_level DESC, p.id DESC`,
  );
  return rows.map((row) => ({
    memberId: toNumber(row['id']),
    account: String(row['account']),
    rankLevel: toNumber(row['rank_level']),
    levelName: (row['name'] as string | null) ?? null,
    reachedAt: row['reached_at'] === null ? null : toIso(row['reached_at']),
    validBetMinor: toNumber(row['valid_bet_minor']),
    depositMinor: toNumber(row['deposit_minor']),
  }));
}

/** A bonus key built in SQL from a member id column: prefix || id || suffix. */
export function keyExpression(prefix: string, memberIdColumn: SQL, suffix: string): SQL {
  return sql`(${prefix} || ${memberIdColumn}::text || ${suffix})`;
}
