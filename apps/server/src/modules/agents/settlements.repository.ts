import type { ContractKind, ContractTier, SalaryType, SettlementRhythm } from '@parlay/contract';
import { query, toIso, toNumber } from '@parlay/db';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { SettledContract, SettlementLine, TeamFigures } from './settlement-calc';
import type { SettlementPeriod } from './settlement-periods';

// Contract settlement's rows (docs/decisions/0068-contract-settlement-runs.md, migration 0094): the runs (one per brand,
// kind, rhythm and period), their lines (one per contract and period) and the lines' payments.

const ids = (values: readonly number[]): SQL =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** A brand with contracts that were ever active, with its calendar, money and agent settings. */
export interface SettlingBrand {
  merchantId: number;
  timeZone: string;
  currency: string;
  /** A dividend's negative period carries into the contract's next (agent_settings; absent: yes, the default). */
  dividendCarriesLoss?: boolean;
}

export async function findSettlingBrands(db: Executor): Promise<SettlingBrand[]> {
  const rows = await query<{ id: unknown; time_zone: string; currency: string; carries: boolean }>(
    db,
    sql`SELECT m.id, m.time_zone, m.currency, coalesce(s.dividend_carries_loss, true) AS carries
        FROM merchants m LEFT JOIN agent_settings s ON s.merchant_id = m.id
        WHERE EXISTS (SELECT 1 FROM agent_contracts c WHERE c.merchant_id = m.id AND c.activated_at IS NOT NULL)
        ORDER BY m.id`,
  );
  return rows.map((row) => ({
    merchantId: toNumber(row.id),
    timeZone: row.time_zone,
    currency: row.currency,
    dividendCarriesLoss: row.carries,
  }));
}

/**
 * Where a kind's rhythm starts for the brand: the start of its newest run (the next is after it), or else the first
 * activation of a contract settled on it (nothing before it could be owed). Undefined: nothing to settle yet.
 */
export async function findRhythmStart(
  db: Executor,
  merchantId: number,
  kind: ContractKind,
  rhythm: SettlementRhythm,
): Promise<{ lastRunStart: Date | null; firstActivation: Date | null }> {
  const period = kind === 'dividend' ? sql`AND c.period = ${rhythm}` : sql``;
  const rows = await query<{ last_run: unknown; first_activation: unknown }>(
    db,
    sql`SELECT (SELECT max(r.period_start) FROM agent_settlement_runs r
                WHERE r.merchant_id = ${merchantId} AND r.kind = ${kind} AND r.rhythm = ${rhythm}) AS last_run,
               (SELECT min(c.activated_at) FROM agent_contracts c
                WHERE c.merchant_id = ${merchantId} AND c.kind = ${kind} ${period}
                  AND c.activated_at IS NOT NULL) AS first_activation`,
  );
  const row = rows[0];
  return {
    lastRunStart: row?.last_run ? new Date(toIso(row.last_run)) : null,
    firstActivation: row?.first_activation ? new Date(toIso(row.first_activation)) : null,
  };
}

/**
 * The first instant in [from, before) at which the brand's members have figures on the rhythm's source (a slot, an
 * hour, or a day's start in the brand's calendar): the settlement skips the periods before it, where no team played.
 * Undefined: none.
 */
export async function findFirstActivity(
  db: Executor,
  merchantId: number,
  rhythm: SettlementRhythm,
  from: Date,
  before: Date,
  timeZone: string,
): Promise<Date | undefined> {
  const statement =
    rhythm === '5m'
      ? sql`SELECT min(slot) AS first FROM member_figure_slots
            WHERE merchant_id = ${merchantId} AND slot >= ${from.toISOString()}::timestamptz
              AND slot < ${before.toISOString()}::timestamptz`
      : rhythm === '1h'
        ? sql`SELECT min(hour) AS first FROM member_figure_hours
              WHERE merchant_id = ${merchantId} AND hour >= ${from.toISOString()}::timestamptz
                AND hour < ${before.toISOString()}::timestamptz`
        : sql`SELECT (min(day)::timestamp AT TIME ZONE ${timeZone}) AS first FROM member_figure_days
              WHERE merchant_id = ${merchantId}
                AND day >= (${from.toISOString()}::timestamptz AT TIME ZONE ${timeZone})::date
                AND day <= (${before.toISOString()}::timestamptz AT TIME ZONE ${timeZone})::date`;
  const rows = await query<{ first: unknown }>(db, statement);
  const first = rows[0]?.first;
  return first === null || first === undefined ? undefined : new Date(toIso(first));
}

/** Writes the run's row; undefined when another run (or instance) wrote it: the period is settled, or being settled. */
export async function claimRun(
  tx: Executor,
  merchantId: number,
  kind: ContractKind,
  rhythm: SettlementRhythm,
  period: SettlementPeriod,
): Promise<number | undefined> {
  const rows = await query<{ id: unknown }>(
    tx,
    sql`INSERT INTO agent_settlement_runs (merchant_id, kind, rhythm, period_start, period_end)
        VALUES (${merchantId}, ${kind}, ${rhythm}, ${period.start.toISOString()}::timestamptz,
                ${period.end.toISOString()}::timestamptz)
        ON CONFLICT (merchant_id, kind, rhythm, period_start) DO NOTHING
        RETURNING id`,
  );
  return rows[0] ? toNumber(rows[0].id) : undefined;
}

/** A contract in force at the period's end, with its agent's level in the tree (0: a top agent). */
export interface InForceContract extends SettledContract {
  agentLevel: number;
}

/**
 * The brand's contracts of the kind (and a dividend's rhythm) in force at the period's end: activated before it and
 * not ended by then. One per agent and kind at any instant (decision 0066), so a contract replaced during the period
 * gives the whole period to the one in force at its end.
 */
export async function findContractsInForce(
  db: Executor,
  merchantId: number,
  kind: ContractKind,
  rhythm: SettlementRhythm,
  end: Date,
): Promise<InForceContract[]> {
  const period = kind === 'dividend' ? sql`AND c.period = ${rhythm}` : sql``;
  const rows = await query<{
    id: unknown;
    downline_id: unknown;
    upline_id: unknown;
    salary_type: SalaryType | null;
    tiers: ContractTier[];
    level: unknown;
  }>(
    db,
    sql`SELECT c.id, c.downline_id, c.upline_id, c.salary_type, c.tiers,
               (SELECT count(*) FROM member_tree t WHERE t.descendant_id = c.downline_id AND t.depth > 0) AS level
        FROM agent_contracts c
        WHERE c.merchant_id = ${merchantId} AND c.kind = ${kind} ${period}
          AND c.activated_at < ${end.toISOString()}::timestamptz
          AND (c.ended_at IS NULL OR c.ended_at >= ${end.toISOString()}::timestamptz)
        ORDER BY c.id`,
  );
  return rows.map((row) => ({
    contractId: toNumber(row.id),
    agentId: toNumber(row.downline_id),
    payerId: row.upline_id === null ? null : toNumber(row.upline_id),
    kind,
    salaryType: row.salary_type,
    tiers: row.tiers,
    agentLevel: toNumber(row.level),
  }));
}

/**
 * Each agent's team figures over the period (decision 0067: its downline at any depth, not itself) from the members'
 * 5-minute slots, hours, or days (`days`, a brand-calendar rhythm), never from the rounds. The brand is named too, so
 * the planner may read the brand's slots or hours of the period by their index rather than every member's rows.
 */
export async function findTeamFiguresOver(
  db: Executor,
  merchantId: number,
  agentIds: readonly number[],
  rhythm: SettlementRhythm,
  period: SettlementPeriod,
  days: { from: string; to: string } | undefined,
): Promise<Map<number, TeamFigures>> {
  const figures = new Map<number, TeamFigures>(
    agentIds.map((id) => [id, { activeMembers: 0, validBetMinor: 0, profitLossMinor: 0 }]),
  );
  if (agentIds.length === 0) return figures;
  const source =
    days !== undefined
      ? sql`member_figure_days f ON f.member_id = t.descendant_id AND f.merchant_id = ${merchantId}
            AND f.day BETWEEN ${days.from}::date AND ${days.to}::date`
      : rhythm === '5m'
        ? sql`member_figure_slots f ON f.member_id = t.descendant_id AND f.merchant_id = ${merchantId}
              AND f.slot >= ${period.start.toISOString()}::timestamptz
              AND f.slot < ${period.end.toISOString()}::timestamptz`
        : sql`member_figure_hours f ON f.member_id = t.descendant_id AND f.merchant_id = ${merchantId}
              AND f.hour >= ${period.start.toISOString()}::timestamptz
              AND f.hour < ${period.end.toISOString()}::timestamptz`;
  const rows = await query<{ agent_id: unknown; active: unknown; valid_bet: unknown; profit_loss: unknown }>(
    db,
    sql`SELECT t.ancestor_id AS agent_id,
               count(DISTINCT f.member_id) FILTER (WHERE f.valid_bet_minor > 0) AS active,
               coalesce(sum(f.valid_bet_minor), 0) AS valid_bet,
               coalesce(sum(f.payout_minor - f.stake_minor), 0) AS profit_loss
        FROM member_tree t
        JOIN ${source}
        WHERE t.ancestor_id IN (${ids(agentIds)}) AND t.depth > 0
        GROUP BY t.ancestor_id`,
  );
  for (const row of rows) {
    figures.set(toNumber(row.agent_id), {
      activeMembers: toNumber(row.active),
      validBetMinor: toNumber(row.valid_bet),
      profitLossMinor: toNumber(row.profit_loss),
    });
  }
  return figures;
}

/** Each dividend contract's carry from its latest line before `start` (0 or less), by contract id. */
export async function findCarries(
  db: Executor,
  contractIds: readonly number[],
  start: Date,
): Promise<Map<number, number>> {
  if (contractIds.length === 0) return new Map();
  const rows = await query<{ contract_id: unknown; carry_minor: unknown }>(
    db,
    sql`SELECT DISTINCT ON (contract_id) contract_id, carry_minor FROM agent_settlement_lines
        WHERE contract_id IN (${ids(contractIds)}) AND period_start < ${start.toISOString()}::timestamptz
        ORDER BY contract_id, period_start DESC`,
  );
  return new Map(rows.map((row) => [toNumber(row.contract_id), toNumber(row.carry_minor)]));
}

export interface LineToWrite extends SettlementLine {
  agentLevel: number;
  figures: TeamFigures;
}

/** The run's lines, in one statement: `due` when there is money to pay, `none` else. */
export async function insertLines(
  tx: Executor,
  runId: number,
  merchantId: number,
  period: SettlementPeriod,
  lines: readonly LineToWrite[],
): Promise<void> {
  if (lines.length === 0) return;
  const values = lines.map(
    (line) =>
      sql`(${runId}, ${merchantId}, ${line.contractId}, ${line.agentId}, ${line.payerId}::bigint, ${line.agentLevel},
           ${period.start.toISOString()}::timestamptz, ${period.end.toISOString()}::timestamptz,
           ${line.figures.activeMembers}, ${line.figures.validBetMinor}, ${line.figures.profitLossMinor}, ${line.rateBp},
           ${line.baseMinor}, ${line.amountMinor}, ${line.carryMinor}, ${line.amountMinor > 0 ? 'due' : 'none'})`,
  );
  await query(
    tx,
    sql`INSERT INTO agent_settlement_lines (run_id, merchant_id, contract_id, agent_id, payer_id, agent_level,
                                            period_start, period_end, active_members, valid_bet_minor,
                                            profit_loss_minor, rate_bp, base_minor, amount_minor, carry_minor, status)
        VALUES ${sql.join(values, sql`, `)}`,
  );
}

/** A line to pay, locked for the caller's transaction. */
export interface OpenLine {
  id: number;
  contractId: number;
  kind: ContractKind;
  agentId: number;
  payerId: number | null;
  agentLevel: number;
  amountMinor: number;
  periodStart: string;
  periodEnd: string;
}

/**
 * Claims up to `limit` of the brand's lines waiting for payment (`due` or `pending`; of one run when `runId`), top
 * agents first, after `after` (keyset), each locked until the caller's commit; lines another instance holds are
 * skipped.
 */
export async function claimOpenLines(
  tx: Executor,
  merchantId: number,
  limit: number,
  options: { runId?: number; after?: { agentLevel: number; id: number } } = {},
): Promise<OpenLine[]> {
  const ofRun = options.runId === undefined ? sql`` : sql`AND l.run_id = ${options.runId}`;
  const after =
    options.after === undefined
      ? sql``
      : sql`AND (l.agent_level, l.id) > (${options.after.agentLevel}, ${options.after.id})`;
  const rows = await query<{
    id: unknown;
    contract_id: unknown;
    kind: ContractKind;
    agent_id: unknown;
    payer_id: unknown;
    agent_level: unknown;
    amount_minor: unknown;
    period_start: unknown;
    period_end: unknown;
  }>(
    tx,
    sql`SELECT l.id, l.contract_id, c.kind, l.agent_id, l.payer_id, l.agent_level, l.amount_minor, l.period_start,
               l.period_end
        FROM agent_settlement_lines l JOIN agent_contracts c ON c.id = l.contract_id
        WHERE l.merchant_id = ${merchantId} AND l.status IN ('due', 'pending') ${ofRun} ${after}
        ORDER BY l.agent_level, l.id
        LIMIT ${limit}
        FOR UPDATE OF l SKIP LOCKED`,
  );
  return rows.map((row) => ({
    id: toNumber(row.id),
    contractId: toNumber(row.contract_id),
    kind: row.kind,
    agentId: toNumber(row.agent_id),
    payerId: row.payer_id === null ? null : toNumber(row.payer_id),
    agentLevel: toNumber(row.agent_level),
    amountMinor: toNumber(row.amount_minor),
    periodStart: toIso(row.period_start),
    periodEnd: toIso(row.period_end),
  }));
}

export async function markPaid(tx: Executor, lineId: number, movementId: number): Promise<void> {
  await query(
    tx,
    sql`UPDATE agent_settlement_lines
        SET status = 'paid', movement_id = ${movementId}, paid_at = now(), attempts = attempts + 1
        WHERE id = ${lineId}`,
  );
}

export async function markPending(tx: Executor, lineId: number): Promise<void> {
  await query(
    tx,
    sql`UPDATE agent_settlement_lines SET status = 'pending', attempts = attempts + 1 WHERE id = ${lineId}`,
  );
}

/** A settlement line with both accounts, as the pages read it. */
export interface LineRow {
  id: number;
  runId: number;
  contractId: number;
  kind: ContractKind;
  salaryType: SalaryType | null;
  rhythm: SettlementRhythm;
  periodStart: string;
  periodEnd: string;
  agentId: number;
  agentAccount: string;
  payerAccount: string | null;
  activeMembers: number;
  validBetMinor: number;
  profitLossMinor: number;
  rateBp: number;
  baseMinor: number;
  amountMinor: number;
  carryMinor: number;
  status: 'due' | 'paid' | 'pending' | 'none';
  settledAt: string;
  paidAt: string | null;
}

const LINE_COLUMNS = sql`l.id, l.run_id, l.contract_id, r.kind, c.salary_type, r.rhythm, l.period_start, l.period_end,
  l.agent_id, a.account AS agent_account, p.account AS payer_account, l.active_members, l.valid_bet_minor,
  l.profit_loss_minor, l.rate_bp, l.base_minor, l.amount_minor, l.carry_minor, l.status, r.settled_at, l.paid_at`;
const LINE_JOINS = sql`JOIN agent_settlement_runs r ON r.id = l.run_id
  JOIN agent_contracts c ON c.id = l.contract_id
  JOIN members a ON a.id = l.agent_id
  LEFT JOIN members p ON p.id = l.payer_id`;

function toLine(row: Record<string, unknown>): LineRow {
  return {
    id: toNumber(row['id']),
    runId: toNumber(row['run_id']),
    contractId: toNumber(row['contract_id']),
    kind: row['kind'] as ContractKind,
    salaryType: row['salary_type'] as SalaryType | null,
    rhythm: row['rhythm'] as SettlementRhythm,
    periodStart: toIso(row['period_start']),
    periodEnd: toIso(row['period_end']),
    agentId: toNumber(row['agent_id']),
    agentAccount: row['agent_account'] as string,
    payerAccount: (row['payer_account'] as string | null) ?? null,
    activeMembers: toNumber(row['active_members']),
    validBetMinor: toNumber(row['valid_bet_minor']),
    profitLossMinor: toNumber(row['profit_loss_minor']),
    rateBp: toNumber(row['rate_bp']),
    baseMinor: toNumber(row['base_minor']),
    amountMinor: toNumber(row['amount_minor']),
    carryMinor: toNumber(row['carry_minor']),
    status: row['status'] as LineRow['status'],
    settledAt: toIso(row['settled_at']),
    paidAt: row['paid_at'] === null ? null : toIso(row['paid_at']),
  };
}

/** The agent's lines, earned and paid out, of periods ending in [from, to), newest first, after `cursor`'s line. */
export async function findAgentLines(
  db: Executor,
  filter: {
    agentId: number;
    from: Date;
    to: Date;
    kind?: ContractKind;
    limit: number;
    after?: { periodEnd: string; id: number };
  },
): Promise<LineRow[]> {
  const kind =
    filter.kind === undefined
      ? sql``
      : sql`AND l.contract_id IN (SELECT id FROM agent_contracts
                                                        WHERE kind = ${filter.kind} AND (downline_id = ${filter.agentId}
                                                                                       OR upline_id = ${filter.agentId}))`;
  const after =
    filter.after === undefined
      ? sql``
      : sql`AND (l.period_end, l.id) < (${filter.after.periodEnd}::timestamptz, ${filter.after.id}::bigint)`;
  const range = sql`AND l.period_end > ${filter.from.toISOString()}::timestamptz
                    AND l.period_end <= ${filter.to.toISOString()}::timestamptz ${kind} ${after}`;
  const rows = await query<Record<string, unknown>>(
    db,
    sql`WITH page AS (
          (SELECT l.id, l.period_end FROM agent_settlement_lines l WHERE l.agent_id = ${filter.agentId} ${range}
           ORDER BY l.period_end DESC, l.id DESC LIMIT ${filter.limit})
          UNION ALL
          (SELECT l.id, l.period_end FROM agent_settlement_lines l
           WHERE l.payer_id = ${filter.agentId} ${range}
           ORDER BY l.period_end DESC, l.id DESC LIMIT ${filter.limit})
        )
        SELECT ${LINE_COLUMNS} FROM (SELECT id FROM page ORDER BY period_end DESC, id DESC LIMIT ${filter.limit}) pg
        JOIN agent_settlement_lines l ON l.id = pg.id ${LINE_JOINS}
        ORDER BY l.period_end DESC, l.id DESC`,
  );
  return rows.map(toLine);
}

/** The agent's sums by kind over the same range: earned, paid out, pending in and out. */
export async function sumAgentLines(
  db: Executor,
  filter: { agentId: number; from: Date; to: Date; kind?: ContractKind },
): Promise<{ kind: ContractKind; earned: number; paidOut: number; pendingIn: number; pendingOut: number }[]> {
  const kind = filter.kind === undefined ? sql`` : sql`AND c.kind = ${filter.kind}`;
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT c.kind,
               coalesce(sum(l.amount_minor) FILTER (WHERE l.agent_id = ${filter.agentId} AND l.status = 'paid'), 0)
                 AS earned,
               coalesce(sum(l.amount_minor) FILTER (WHERE l.payer_id = ${filter.agentId} AND l.status = 'paid'), 0)
                 AS paid_out,
               coalesce(sum(l.amount_minor) FILTER (WHERE l.agent_id = ${filter.agentId}
                                                      AND l.status IN ('due', 'pending')), 0) AS pending_in,
               coalesce(sum(l.amount_minor) FILTER (WHERE l.payer_id = ${filter.agentId}
                                                      AND l.status IN ('due', 'pending')), 0) AS pending_out
        FROM agent_settlement_lines l JOIN agent_contracts c ON c.id = l.contract_id
        WHERE (l.agent_id = ${filter.agentId} OR l.payer_id = ${filter.agentId})
          AND l.period_end > ${filter.from.toISOString()}::timestamptz
          AND l.period_end <= ${filter.to.toISOString()}::timestamptz ${kind}
        GROUP BY c.kind ORDER BY c.kind`,
  );
  return rows.map((row) => ({
    kind: row['kind'] as ContractKind,
    earned: toNumber(row['earned']),
    paidOut: toNumber(row['paid_out']),
    pendingIn: toNumber(row['pending_in']),
    pendingOut: toNumber(row['pending_out']),
  }));
}

/** A run with its lines' sums (the back office). */
export interface RunRow {
  id: number;
  kind: ContractKind;
  rhythm: SettlementRhythm;
  periodStart: string;
  periodEnd: string;
  settledAt: string;
  lines: number;
  paidLines: number;
  pendingLines: number;
  paidMinor: number;
  pendingMinor: number;
  brandPaidMinor: number;
}

const runSelect = (runs: SQL): SQL => sql`SELECT r.id, r.kind, r.rhythm, r.period_start, r.period_end, r.settled_at,
         count(l.id) AS lines,
         count(l.id) FILTER (WHERE l.status = 'paid') AS paid_lines,
         count(l.id) FILTER (WHERE l.status IN ('due', 'pending')) AS pending_lines,
         coalesce(sum(l.amount_minor) FILTER (WHERE l.status = 'paid'), 0) AS paid_minor,
         coalesce(sum(l.amount_minor) FILTER (WHERE l.status IN ('due', 'pending')), 0) AS pending_minor,
         coalesce(sum(l.amount_minor) FILTER (WHERE l.status = 'paid' AND l.payer_id IS NULL), 0) AS brand_paid_minor
  FROM (${runs}) r LEFT JOIN agent_settlement_lines l ON l.run_id = r.id
  GROUP BY r.id, r.kind, r.rhythm, r.period_start, r.period_end, r.settled_at
  ORDER BY r.id DESC`;

function toRun(row: Record<string, unknown>): RunRow {
  return {
    id: toNumber(row['id']),
    kind: row['kind'] as ContractKind,
    rhythm: row['rhythm'] as SettlementRhythm,
    periodStart: toIso(row['period_start']),
    periodEnd: toIso(row['period_end']),
    settledAt: toIso(row['settled_at']),
    lines: toNumber(row['lines']),
    paidLines: toNumber(row['paid_lines']),
    pendingLines: toNumber(row['pending_lines']),
    paidMinor: toNumber(row['paid_minor']),
    pendingMinor: toNumber(row['pending_minor']),
    brandPaidMinor: toNumber(row['brand_paid_minor']),
  };
}

/**
 * The brand's runs with at least one line (a period whose teams did nothing is settled, but not listed), newest
 * first, before the run `before`.
 */
export async function findRuns(
  db: Executor,
  merchantId: number,
  filter: { kind?: ContractKind; pendingOnly?: boolean; limit: number; before?: number },
): Promise<RunRow[]> {
  const kind = filter.kind === undefined ? sql`` : sql`AND r.kind = ${filter.kind}`;
  const before = filter.before === undefined ? sql`` : sql`AND r.id < ${filter.before}`;
  const status = filter.pendingOnly ? sql`AND x.status IN ('due', 'pending')` : sql``;
  const rows = await query<Record<string, unknown>>(
    db,
    runSelect(sql`SELECT r.* FROM agent_settlement_runs r
                  WHERE r.merchant_id = ${merchantId} ${kind} ${before}
                    AND EXISTS (SELECT 1 FROM agent_settlement_lines x WHERE x.run_id = r.id ${status})
                  ORDER BY r.id DESC LIMIT ${filter.limit}`),
  );
  return rows.map(toRun);
}

export async function findRun(db: Executor, merchantId: number, runId: number): Promise<RunRow | undefined> {
  const rows = await query<Record<string, unknown>>(
    db,
    runSelect(sql`SELECT r.* FROM agent_settlement_runs r WHERE r.merchant_id = ${merchantId} AND r.id = ${runId}`),
  );
  return rows[0] ? toRun(rows[0]) : undefined;
}

export async function findRunLines(db: Executor, runId: number): Promise<LineRow[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT ${LINE_COLUMNS} FROM agent_settlement_lines l ${LINE_JOINS}
        WHERE l.run_id = ${runId} ORDER BY l.agent_level, l.id`,
  );
  return rows.map(toLine);
}

/** The brand's lines waiting for payment, every run. */
export async function sumPending(db: Executor, merchantId: number): Promise<{ lines: number; minor: number }> {
  const rows = await query<{ lines: unknown; minor: unknown }>(
    db,
    sql`SELECT count(*) AS lines, coalesce(sum(amount_minor), 0) AS minor FROM agent_settlement_lines
        WHERE merchant_id = ${merchantId} AND status IN ('due', 'pending')`,
  );
  return { lines: toNumber(rows[0]?.lines ?? 0), minor: toNumber(rows[0]?.minor ?? 0) };
}
