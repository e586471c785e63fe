import { query, toIso, toNumber } from '@parlay/db';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';

type Row = Record<string, unknown>;

export interface RoundKey {
  vendorId: number;
  roundId: string;
  memberId: number;
}

export interface StakeInput extends RoundKey {
  merchantId: number;
  gameId: number | null;
  gameCode: string;
  currency: string;
  amountMinor: number;
}

/** Opens the round or adds to its stake; false when the round is closed or belongs to another member. */
export async function addStake(db: Executor, input: StakeInput): Promise<boolean> {
  const rows = await query(
    db,
    sql`INSERT INTO game_rounds (vendor_id, round_id, merchant_id, member_id, game_id, game_code, currency, stake_minor)
        VALUES (${input.vendorId}, ${input.roundId}, ${input.merchantId}, ${input.memberId}, ${input.gameId},
                ${input.gameCode}, ${input.currency}, ${input.amountMinor})
        ON CONFLICT (vendor_id, round_id) DO UPDATE SET stake_minor = game_rounds.stake_minor + EXCLUDED.stake_minor
        WHERE game_rounds.status = 'open' AND game_rounds.member_id = EXCLUDED.member_id
        RETURNING id`,
  );
  return rows.length > 0;
}

/** Adds a win and, when the round ends, settles it; creates a stake-less round for a promotion's win. */
export async function addWin(
  db: Executor,
  input: StakeInput & { ended: boolean; detail: Record<string, unknown> | null },
): Promise<boolean> {
  const detail = input.detail === null ? null : JSON.stringify(input.detail);
  const rows = await query(
    db,
    sql`INSERT INTO game_rounds (vendor_id, round_id, merchant_id, member_id, game_id, game_code, currency,
                                 win_minor, status, settled_at, detail)
        VALUES (${input.vendorId}, ${input.roundId}, ${input.merchantId}, ${input.memberId}, ${input.gameId},
                ${input.gameCode}, ${input.currency}, ${input.amountMinor},
                ${input.ended ? 'settled' : 'open'}, ${input.ended ? sql`now()` : null}, ${detail}::jsonb)
        ON CONFLICT (vendor_id, round_id) DO UPDATE SET
          win_minor = game_rounds.win_minor + EXCLUDED.win_minor,
          status = EXCLUDED.status,
          settled_at = EXCLUDED.settled_at,
          valid_bet_minor = CASE WHEN EXCLUDED.status = 'settled' THEN game_rounds.stake_minor ELSE 0 END,
          detail = coalesce(EXCLUDED.detail, game_rounds.detail)
        WHERE game_rounds.status = 'open' AND game_rounds.member_id = EXCLUDED.member_id
        RETURNING id`,
  );
  return rows.length > 0;
}

/**
 * Adds a round's win to the member's open round with a stake and, when the round ends, settles it; a round
 * credit pays nothing else (decision 0027). 'closed': the round is settled, cancelled or another member's;
 * 'no_stake': there is no such round, or nothing is staked in it.
 */
export async function addRoundWin(
  db: Executor,
  input: StakeInput & { ended: boolean; detail: Record<string, unknown> | null },
): Promise<RoundStakes | 'closed' | 'no_stake'> {
  const detail = input.detail === null ? null : JSON.stringify(input.detail);
  const rows = await query<{ stake_minor: unknown; bonus_stake_minor: unknown }>(
    db,
    sql`UPDATE game_rounds SET
          win_minor = win_minor + ${input.amountMinor},
          status = ${input.ended ? 'settled' : 'open'},
          settled_at = ${input.ended ? sql`now()` : null},
          valid_bet_minor = ${input.ended ? sql`stake_minor` : 0},
          detail = coalesce(${detail}::jsonb, detail)
        WHERE vendor_id = ${input.vendorId} AND round_id = ${input.roundId} AND status = 'open'
          AND member_id = ${input.memberId} AND stake_minor > 0
        RETURNING stake_minor, bonus_stake_minor`,
  );
  const row = rows[0];
  if (row) return { stakeMinor: toNumber(row.stake_minor), bonusStakeMinor: toNumber(row.bonus_stake_minor) };
  const other = await query(
    db,
    sql`SELECT 1 AS found FROM game_rounds WHERE vendor_id = ${input.vendorId} AND round_id = ${input.roundId}
          AND (status <> 'open' OR member_id <> ${input.memberId})`,
  );
  return other.length > 0 ? 'closed' : 'no_stake';
}

/** A round's stake and the part of it the bonus balance paid (decision 0063): what its win is split by. */
export interface RoundStakes {
  stakeMinor: number;
  bonusStakeMinor: number;
}

/** Records the part of a stake just added that the bonus balance paid (decision 0063). */
export async function addBonusStake(db: Executor, key: RoundKey, bonusAmountMinor: number): Promise<void> {
  await query(
    db,
    sql`UPDATE game_rounds SET bonus_stake_minor = bonus_stake_minor + ${bonusAmountMinor}
        WHERE vendor_id = ${key.vendorId} AND round_id = ${key.roundId} AND member_id = ${key.memberId}`,
  );
}

/**
 * Takes a rolled-back debit out of the stake (and its bonus-funded part out of the round's); a round left with no
 * stake and no win is cancelled.
 */
export async function removeStake(
  db: Executor,
  key: RoundKey,
  amountMinor: number,
  bonusAmountMinor = 0,
): Promise<boolean> {
  const rows = await query(
    db,
    sql`UPDATE game_rounds SET
          stake_minor = stake_minor - ${amountMinor},
          bonus_stake_minor = bonus_stake_minor - ${bonusAmountMinor},
          status = CASE WHEN stake_minor - ${amountMinor} = 0 AND win_minor = 0 THEN 'cancelled' ELSE status END,
          settled_at = CASE WHEN stake_minor - ${amountMinor} = 0 AND win_minor = 0 THEN now() ELSE settled_at END
        WHERE vendor_id = ${key.vendorId} AND round_id = ${key.roundId} AND member_id = ${key.memberId}
          AND status = 'open' AND stake_minor >= ${amountMinor} AND bonus_stake_minor >= ${bonusAmountMinor}
        RETURNING id`,
  );
  return rows.length > 0;
}

/** A round as an operator closes it, locked for the closing transaction. */
export interface LockedRound {
  id: number;
  memberId: number;
  /** The member's account name, for the operator. */
  account: string;
  merchantId: number;
  currency: string;
  stakeMinor: number;
  winMinor: number;
  status: 'open' | 'settled' | 'cancelled';
}

export async function lockRound(db: Executor, vendorId: number, roundId: string): Promise<LockedRound | undefined> {
  const rows = await query<{
    id: unknown;
    member_id: unknown;
    account: string;
    merchant_id: unknown;
    currency: string;
    stake_minor: unknown;
    win_minor: unknown;
    status: LockedRound['status'];
  }>(
    db,
    sql`SELECT r.id, r.member_id, m.account, r.merchant_id, r.currency, r.stake_minor, r.win_minor, r.status
        FROM game_rounds r JOIN members m ON m.id = r.member_id
        WHERE r.vendor_id = ${vendorId} AND r.round_id = ${roundId}
        FOR UPDATE OF r`,
  );
  const row = rows[0];
  return (
    row && {
      id: toNumber(row.id),
      memberId: toNumber(row.member_id),
      account: row.account,
      merchantId: toNumber(row.merchant_id),
      currency: row.currency,
      stakeMinor: toNumber(row.stake_minor),
      winMinor: toNumber(row.win_minor),
      status: row.status,
    }
  );
}

/**
 * Ends an open round by an operator's decision: cancelled (its stakes were returned, so none is left) or
 * settled as it stands (the stake counts as a valid bet). False when the round is no longer open.
 */
export async function closeRound(
  db: Executor,
  id: number,
  outcome: 'cancelled' | 'settled',
  reason: string,
): Promise<boolean> {
  const rows = await query(
    db,
    sql`UPDATE game_rounds SET
          status = ${outcome},
          settled_at = now(),
          closed_reason = ${reason},
          stake_minor = CASE WHEN ${outcome} = 'cancelled' THEN 0 ELSE stake_minor END,
          valid_bet_minor = CASE WHEN ${outcome} = 'settled' THEN stake_minor ELSE 0 END
        WHERE id = ${id} AND status = 'open'
        RETURNING id`,
  );
  return rows.length > 0;
}

/** How many rounds are still open that started before `startedBefore` (the partial index of 0042). */
export async function countOpenRounds(db: Executor, startedBefore: Date): Promise<number> {
  const rows = await query<{ n: unknown }>(
    db,
    sql`SELECT count(*) AS n FROM game_rounds WHERE status = 'open' AND started_at < ${startedBefore.toISOString()}`,
  );
  return toNumber(rows[0]?.n ?? 0);
}

export interface OpenRoundRow {
  vassalage: string;
  roundId: string;
  merchantCode: string;
  account: string;
  gameCode: string;
  currency: string;
  stakeMinor: number;
  winMinor: number;
  startedAt: string;
}

/** Rounds still open that started before `startedBefore`, oldest first (the partial index of 0042). */
export async function findOpenRounds(
  db: Executor,
  options: { startedBefore: Date; merchantId?: number | undefined; limit: number },
): Promise<OpenRoundRow[]> {
  const rows = await query<{
    vassalage: string;
    round_id: string;
    merchant_code: string;
    account: string;
    game_code: string;
    currency: string;
    stake_minor: unknown;
    win_minor: unknown;
    started_at: unknown;
  }>(
    db,
    sql`SELECT v.code AS vassalage, r.round_id, mc.code AS merchant_code, m.account, r.game_code, r.currency,
               r.stake_minor, r.win_minor, r.started_at
        FROM game_rounds r
        JOIN game_vendors v ON v.id = r.vendor_id
        JOIN members m ON m.id = r.member_id
        JOIN merchants mc ON mc.id = r.merchant_id
        WHERE r.status = 'open' AND r.started_at < ${options.startedBefore.toISOString()}
          ${options.merchantId === undefined ? sql`` : sql`AND r.merchant_id = ${options.merchantId}`}
        ORDER BY r.started_at, r.id
        LIMIT ${options.limit}`,
  );
  return rows.map((row) => ({
    vassalage: row.vassalage,
    roundId: row.round_id,
    merchantCode: row.merchant_code,
    account: row.account,
    gameCode: row.game_code,
    currency: row.currency,
    stakeMinor: toNumber(row.stake_minor),
    winMinor: toNumber(row.win_minor),
    startedAt: toIso(row.started_at),
  }));
}

export interface RoundRow {
  id: number;
  /** started_at in microseconds since the epoch: the betting records' keyset, exact where a Date is not. */
  startedUs: string;
  roundId: string;
  vassalage: string;
  vendorName: string;
  gameCode: string;
  gameName: string;
  gameType: string;
  currency: string;
  stakeMinor: number;
  winMinor: number;
  validBetMinor: number;
  status: 'open' | 'settled' | 'cancelled';
  startedAt: string;
  settledAt: string | null;
  detail: Record<string, unknown> | null;
}

interface RawRound extends Row {
  id: unknown;
  started_us: unknown;
  round_id: string;
  vassalage: string;
  vendor_name: string;
  game_code: string;
  game_name: string | null;
  game_type: string | null;
  currency: string;
  stake_minor: unknown;
  win_minor: unknown;
  valid_bet_minor: unknown;
  status: RoundRow['status'];
  started_at: unknown;
  settled_at: unknown;
  detail: unknown;
}

function toRound(row: RawRound): RoundRow {
  const detail = typeof row.detail === 'string' ? (JSON.parse(row.detail) as unknown) : row.detail;
  return {
    id: toNumber(row.id),
    startedUs: String(row.started_us),
    roundId: row.round_id,
    vassalage: row.vassalage,
    vendorName: row.vendor_name,
    gameCode: row.game_code,
    gameName: row.game_name ?? row.game_code,
    gameType: row.game_type ?? '',
    currency: row.currency,
    stakeMinor: toNumber(row.stake_minor),
    winMinor: toNumber(row.win_minor),
    validBetMinor: toNumber(row.valid_bet_minor),
    status: row.status,
    startedAt: toIso(row.started_at),
    settledAt: row.settled_at === null ? null : toIso(row.settled_at),
    detail: (detail ?? null) as Record<string, unknown> | null,
  };
}

const ROUND_COLUMNS = sql`r.id, (extract(epoch FROM r.started_at) * 1000000)::bigint AS started_us, r.round_id,
  v.code AS vassalage, v.name AS vendor_name, r.game_code, g.game_name, g.game_type, r.currency,
  r.stake_minor, r.win_minor, r.valid_bet_minor, r.status, r.started_at, r.settled_at, r.detail`;

/** The filters of a member's betting records; a period is of the brand's days, `to` included. */
export interface RoundFilter {
  status?: string | undefined;
  vassalage?: string | undefined;
  gameType?: string | undefined;
  period?: { from: string; to: string; timeZone: string } | undefined;
}

/** The filter's conditions on a round (as r, its game as g), each after an AND. */
function filterConditions(filter: RoundFilter): SQL {
  const { period } = filter;
  return sql`${
    period
      ? sql`AND r.started_at >= (${period.from}::date::timestamp AT TIME ZONE ${period.timeZone})
                 AND r.started_at < ((${period.to}::date + 1)::timestamp AT TIME ZONE ${period.timeZone})`
      : sql``
  }
    ${filter.status ? sql`AND r.status = ${filter.status}` : sql``}
    ${filter.vassalage ? sql`AND r.vendor_id = (SELECT id FROM game_vendors WHERE code = ${filter.vassalage})` : sql``}
    ${filter.gameType ? sql`AND g.game_type = ${filter.gameType}` : sql``}`;
}

/** The WHERE of a member's rounds by their filter (the round as r, its game as g). */
function roundFilter(memberId: number, filter: RoundFilter) {
  return sql`r.member_id = ${memberId} ${filterConditions(filter)}`;
}

/** After the keyset `before` (a round's startedUs and id) in newest-first order; nothing for a first page. */
function beforeCondition(before: { startedUs: string; id: number } | null): SQL {
  return before === null
    ? sql``
    : sql`AND (r.started_at, r.id) < ('epoch'::timestamptz + ${before.startedUs}::bigint * interval '1 microsecond', ${before.id})`;
}

/**
 * A member's rounds, newest started first, after the keyset `before` (a round's startedUs and id): the index
 * game_rounds_member_started_idx (migration 0054) reads a page at any depth and within any period.
 */
export async function findMemberRounds(
  db: Executor,
  memberId: number,
  options: RoundFilter & { before: { startedUs: string; id: number } | null; limit: number },
): Promise<RoundRow[]> {
  const { before } = options;
  const rows = await query<RawRound>(
    db,
    sql`SELECT ${ROUND_COLUMNS}
        FROM game_rounds r JOIN game_vendors v ON v.id = r.vendor_id LEFT JOIN games g ON g.id = r.game_id
        WHERE ${roundFilter(memberId, options)} ${beforeCondition(before)}
        ORDER BY r.started_at DESC, r.id DESC LIMIT ${options.limit}`,
  );
  return rows.map(toRound);
}

export interface FiguresRow {
  rounds: number;
  stakeMinor: number;
  validBetMinor: number;
  payoutMinor: number;
  profitMinor: number;
}

function toFigures(row: Row | undefined): FiguresRow {
  const stake = toNumber(row?.['stake'] ?? 0);
  return {
    rounds: toNumber(row?.['rounds'] ?? 0),
    stakeMinor: stake,
    validBetMinor: toNumber(row?.['valid_bet'] ?? 0),
    payoutMinor: toNumber(row?.['payout'] ?? 0),
    profitMinor: toNumber(row?.['profit'] ?? 0),
  };
}

/** Every round of a member's filter added up: the profit counts settled rounds only, as a record's does. */
export async function sumMemberRounds(db: Executor, memberId: number, filter: RoundFilter): Promise<FiguresRow> {
  const rows = await query(
    db,
    sql`SELECT count(*) AS rounds, coalesce(sum(r.stake_minor), 0) AS stake,
               coalesce(sum(r.valid_bet_minor), 0) AS valid_bet, coalesce(sum(r.win_minor), 0) AS payout,
               coalesce(sum(r.win_minor - r.stake_minor) FILTER (WHERE r.status = 'settled'), 0) AS profit
        FROM game_rounds r ${filter.gameType ? sql`JOIN games g ON g.id = r.game_id` : sql``}
        WHERE ${roundFilter(memberId, filter)}`,
  );
  return toFigures(rows[0]);
}

/**
 * Whose rounds a team's read takes: every member under an agent at any depth (member_tree, decision 0059: the agent's
 * range of its primary key), or one of them.
 */
export interface TeamScope {
  agentId: number;
  memberId?: number | undefined;
}

/** The team's rounds: the tree's range as t, each descendant's rounds (game_rounds_member_started_idx) as r. */
function teamRounds(scope: TeamScope): { from: SQL; where: SQL } {
  return {
    from: sql`member_tree t JOIN game_rounds r ON r.member_id = t.descendant_id`,
    where: sql`t.ancestor_id = ${scope.agentId} AND t.depth > 0
      ${scope.memberId === undefined ? sql`` : sql`AND t.descendant_id = ${scope.memberId}`}`,
  };
}

/**
 * A team's rounds (the agent centre's team betting) by a filter with a period, newest started first, after the keyset
 * `before`, each with its member's account: one query that walks the agent's range of member_tree and, for each
 * member, its rounds of the period by game_rounds_member_started_idx.
 */
export async function findTeamRounds(
  db: Executor,
  scope: TeamScope,
  options: RoundFilter & { before: { startedUs: string; id: number } | null; limit: number },
): Promise<(RoundRow & { account: string })[]> {
  const team = teamRounds(scope);
  const rows = await query<RawRound & { account: string }>(
    db,
    sql`SELECT ${ROUND_COLUMNS}, m.account
        FROM ${team.from}
        JOIN members m ON m.id = r.member_id
        JOIN game_vendors v ON v.id = r.vendor_id LEFT JOIN games g ON g.id = r.game_id
        WHERE ${team.where} ${filterConditions(options)} ${beforeCondition(options.before)}
        ORDER BY r.started_at DESC, r.id DESC LIMIT ${options.limit}`,
  );
  return rows.map((row) => ({ ...toRound(row), account: row.account }));
}

/** Every round of a team's filter added up, as sumMemberRounds adds up a member's. */
export async function sumTeamRounds(db: Executor, scope: TeamScope, filter: RoundFilter): Promise<FiguresRow> {
  const team = teamRounds(scope);
  const rows = await query(
    db,
    sql`SELECT count(*) AS rounds, coalesce(sum(r.stake_minor), 0) AS stake,
               coalesce(sum(r.valid_bet_minor), 0) AS valid_bet, coalesce(sum(r.win_minor), 0) AS payout,
               coalesce(sum(r.win_minor - r.stake_minor) FILTER (WHERE r.status = 'settled'), 0) AS profit
        FROM ${team.from} ${filter.gameType ? sql`JOIN games g ON g.id = r.game_id` : sql``}
        WHERE ${team.where} ${filterConditions(filter)}`,
  );
  return toFigures(rows[0]);
}

/**
 * A member's settled rounds of a period by the brand's day they settled on and the game's category (the
 * partial index game_rounds_member_settled_idx of migration 0054 holds every column it reads).
 */
export async function sumMemberProfit(
  db: Executor,
  memberId: number,
  period: { from: string; to: string; timeZone: string },
): Promise<(FiguresRow & { day: string; gameType: string })[]> {
  const rows = await query(
    db,
    sql`SELECT to_char((r.settled_at AT TIME ZONE ${period.timeZone})::date, 'YYYY-MM-DD') AS day,
               coalesce(g.game_type, '') AS game_type, count(*) AS rounds, sum(r.stake_minor) AS stake,
               sum(r.valid_bet_minor) AS valid_bet, sum(r.win_minor) AS payout,
               sum(r.win_minor - r.stake_minor) AS profit
        FROM game_rounds r LEFT JOIN games g ON g.id = r.game_id
        WHERE r.member_id = ${memberId} AND r.status = 'settled'
          AND r.settled_at >= (${period.from}::date::timestamp AT TIME ZONE ${period.timeZone})
          AND r.settled_at < ((${period.to}::date + 1)::timestamp AT TIME ZONE ${period.timeZone})
        GROUP BY 1, 2`,
  );
  return rows.map((row) => ({ ...toFigures(row), day: String(row['day']), gameType: String(row['game_type']) }));
}

export async function findMemberRound(
  db: Executor,
  memberId: number,
  vassalage: string,
  roundId: string,
): Promise<RoundRow | undefined> {
  const rows = await query<RawRound>(
    db,
    sql`SELECT ${ROUND_COLUMNS}
        FROM game_rounds r JOIN game_vendors v ON v.id = r.vendor_id LEFT JOIN games g ON g.id = r.game_id
        WHERE r.member_id = ${memberId} AND v.code = ${vassalage} AND r.round_id = ${roundId}`,
  );
  return rows[0] ? toRound(rows[0]) : undefined;
}

export interface RoundTransactionRow {
  transactionId: string;
  kind: 'debit' | 'credit' | 'rollback';
  amountMinor: number;
  at: string;
}

/** The money movements of one member's round (scoped by member as every read is, though a round has one). */
export async function findRoundTransactions(
  db: Executor,
  memberId: number,
  vassalage: string,
  roundId: string,
): Promise<RoundTransactionRow[]> {
  const rows = await query<{
    transaction_id: string;
    kind: string;
    state: string;
    amount_minor: unknown;
    created_at: unknown;
    updated_at: unknown;
  }>(
    db,
    sql`SELECT t.transaction_id, t.kind, t.state, t.amount_minor, t.created_at, t.updated_at
        FROM vendor_transactions t JOIN game_vendors v ON v.id = t.vendor_id
        WHERE v.code = ${vassalage} AND t.round_id = ${roundId} AND t.member_id = ${memberId}
          AND t.mode = 'real' AND t.movement_id IS NOT NULL
        ORDER BY t.id`,
  );
  const list: RoundTransactionRow[] = [];
  for (const row of rows) {
    const amountMinor = toNumber(row.amount_minor ?? 0);
    list.push({
      transactionId: row.transaction_id,
      kind: row.kind === 'credit' ? 'credit' : 'debit',
      amountMinor,
      at: toIso(row.created_at),
    });
    if (row.state === 'rolled_back') {
      list.push({ transactionId: row.transaction_id, kind: 'rollback', amountMinor, at: toIso(row.updated_at) });
    }
  }
  return list;
}

export async function sumOpenStakes(db: Executor, memberId: number): Promise<{ stakeMinor: number; rounds: number }> {
  const rows = await query<{ stake: unknown; rounds: unknown }>(
    db,
    sql`SELECT coalesce(sum(stake_minor), 0) AS stake, count(*) AS rounds
        FROM game_rounds WHERE member_id = ${memberId} AND status = 'open'`,
  );
  return { stakeMinor: toNumber(rows[0]?.stake ?? 0), rounds: toNumber(rows[0]?.rounds ?? 0) };
}

export interface BoardRow {
  account: string;
  gameId: number | null;
  gameType: string | null;
  gameName: string;
  vassalage: string;
  /** What the round paid, stake included. */
  winMinor: number;
  stakeMinor: number;
  /** The payout over the stake, to two places; null for a round staked nothing (a free spin). */
  multiplier: number | null;
  currency: string;
  settledAt: string;
}

/**
 * Biggest settled wins of a brand in a recent window (the winner board): rounds that paid more than they staked,
 * so a round that paid back part of its stake (a net loss) is no win.
 */
export async function findBiggestWins(
  db: Executor,
  merchantId: number,
  options: { since: Date; limit: number; gameType?: string },
): Promise<BoardRow[]> {
  const rows = await query<{
    account: string;
    game_id: unknown;
    game_type: string | null;
    game_name: string | null;
    game_code: string;
    vassalage: string;
    win_minor: unknown;
    stake_minor: unknown;
    currency: string;
    settled_at: unknown;
  }>(
    db,
    sql`SELECT m.account, g.id AS game_id, g.game_type, g.game_name, r.game_code, v.code AS vassalage, r.win_minor,
               r.stake_minor, r.currency, r.settled_at
        FROM game_rounds r
        JOIN members m ON m.id = r.member_id
        JOIN game_vendors v ON v.id = r.vendor_id
        LEFT JOIN games g ON g.id = r.game_id
        WHERE r.merchant_id = ${merchantId} AND r.status = 'settled' AND r.settled_at >= ${options.since.toISOString()}
          AND r.win_minor > r.stake_minor
          -- Only games a player can open now: no win of a vendor or game in maintenance or switched off.
          AND v.status = 'active' AND (g.id IS NULL OR g.status = 'active')
          ${options.gameType ? sql`AND g.game_type = ${options.gameType}` : sql``}
        ORDER BY r.win_minor DESC, r.id DESC LIMIT ${options.limit}`,
  );
  return rows.map((row) => ({
    account: row.account,
    gameId: row.game_id === null ? null : toNumber(row.game_id),
    gameType: row.game_type,
    gameName: row.game_name ?? row.game_code,
    vassalage: row.vassalage,
    winMinor: toNumber(row.win_minor),
    stakeMinor: toNumber(row.stake_minor),
    multiplier: multiplierOf(toNumber(row.win_minor), toNumber(row.stake_minor)),
    currency: row.currency,
    settledAt: toIso(row.settled_at),
  }));
}

function multiplierOf(winMinor: number, stakeMinor: number): number | null {
  return stakeMinor > 0 ? Math.floor((winMinor / stakeMinor) * 100) / 100 : null;
}
