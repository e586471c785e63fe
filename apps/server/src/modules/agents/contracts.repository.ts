import type { ContractKind, ContractPeriod, ContractStatus, ContractTier, SalaryType } from '@parlay/contract';
import { query, toIso, toNumber } from '@parlay/db';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';

// Agent contracts (decision 0066, migration 0092). SQL only; contracts.ts decides who may do what.

export type EndReason = 'rejected' | 'cancelled' | 'terminated' | 'replaced' | 'upline_rate_lowered' | 'operator';

export interface ContractRow {
  id: number;
  merchantId: number;
  uplineId: number | null;
  uplineAccount: string | null;
  downlineId: number;
  downlineAccount: string;
  kind: ContractKind;
  salaryType: SalaryType | null;
  period: ContractPeriod | null;
  tiers: ContractTier[];
  topRateBp: number;
  status: ContractStatus;
  terminationRequestedBy: 'upline' | 'downline' | null;
  endReason: EndReason | null;
  version: number;
  createdAt: string;
  activatedAt: string | null;
  endedAt: string | null;
}

const COLUMNS = sql`c.*, u.account AS upline_account, d.account AS downline_account`;
const FROM = sql`agent_contracts c LEFT JOIN members u ON u.id = c.upline_id JOIN members d ON d.id = c.downline_id`;

const nullableIso = (value: unknown) => (value === null || value === undefined ? null : toIso(value));

function toContract(row: Record<string, unknown>): ContractRow {
  const tiers = row['tiers'];
  return {
    id: toNumber(row['id']),
    merchantId: toNumber(row['merchant_id']),
    uplineId: row['upline_id'] === null ? null : toNumber(row['upline_id']),
    uplineAccount: (row['upline_account'] as string | null) ?? null,
    downlineId: toNumber(row['downline_id']),
    downlineAccount: String(row['downline_account']),
    kind: row['kind'] as ContractKind,
    salaryType: (row['salary_type'] as SalaryType | null) ?? null,
    period: (row['period'] as ContractPeriod | null) ?? null,
    tiers: (typeof tiers === 'string' ? JSON.parse(tiers) : tiers) as ContractTier[],
    topRateBp: toNumber(row['top_rate_bp']),
    status: row['status'] as ContractStatus,
    terminationRequestedBy: (row['termination_requested_by'] as 'upline' | 'downline' | null) ?? null,
    endReason: (row['end_reason'] as EndReason | null) ?? null,
    version: toNumber(row['version']),
    createdAt: toIso(row['created_at']),
    activatedAt: nullableIso(row['activated_at']),
    endedAt: nullableIso(row['ended_at']),
  };
}

async function select(db: Executor, where: SQL, tail: SQL = sql``): Promise<ContractRow[]> {
  const rows = await query(db, sql`SELECT ${COLUMNS} FROM ${FROM} WHERE ${where} ${tail}`);
  return rows.map(toContract);
}

/** The member's offered and active contracts as a downline (from its upline or the brand), and as an upline. */
export async function findOpen(
  db: Executor,
  memberId: number,
  kind?: ContractKind,
): Promise<{ fromUpline: ContractRow[]; toDownline: ContractRow[] }> {
  const ofKind = kind ? sql`AND c.kind = ${kind}` : sql``;
  const [fromUpline, toDownline] = await Promise.all([
    select(
      db,
      sql`c.downline_id = ${memberId} AND c.status IN ('offered', 'active') ${ofKind}`,
      sql`ORDER BY c.kind, c.id`,
    ),
    select(
      db,
      sql`c.upline_id = ${memberId} AND c.status IN ('offered', 'active') ${ofKind}`,
      sql`ORDER BY d.account, c.kind, c.id`,
    ),
  ]);
  return { fromUpline, toDownline };
}

/** Ended contracts of a kind where the member is either side, newest first. */
export async function findHistory(db: Executor, memberId: number, kind: ContractKind, limit: number) {
  return select(
    db,
    sql`(c.downline_id = ${memberId} OR c.upline_id = ${memberId}) AND c.kind = ${kind}
        AND c.status NOT IN ('offered', 'active')`,
    sql`ORDER BY c.id DESC LIMIT ${limit}`,
  );
}

/** A contract, locked for the caller's transaction. */
export async function lockContract(db: Executor, id: number): Promise<ContractRow | undefined> {
  const locked = await query(db, sql`SELECT id FROM agent_contracts WHERE id = ${id} FOR UPDATE`);
  if (!locked[0]) return undefined;
  return (await select(db, sql`c.id = ${id}`))[0];
}

/** The member's active contract of a kind (locked with `forUpdate`). */
export async function findActive(
  db: Executor,
  downlineId: number,
  kind: ContractKind,
  options: { forUpdate: boolean },
): Promise<ContractRow | undefined> {
  if (options.forUpdate) {
    await query(
      db,
      sql`SELECT id FROM agent_contracts WHERE downline_id = ${downlineId} AND kind = ${kind} AND status = 'active'
          FOR UPDATE`,
    );
  }
  return (await select(db, sql`c.downline_id = ${downlineId} AND c.kind = ${kind} AND c.status = 'active'`))[0];
}

/** The upline's open contracts of a kind with its direct downline whose top rate is above `rateBp`, locked. */
export async function lockDownlineAbove(
  db: Executor,
  uplineId: number,
  kind: ContractKind,
  rateBp: number,
): Promise<ContractRow[]> {
  await query(
    db,
    sql`SELECT id FROM agent_contracts
        WHERE upline_id = ${uplineId} AND kind = ${kind} AND status IN ('offered', 'active') AND top_rate_bp > ${rateBp}
        ORDER BY id FOR UPDATE`,
  );
  return select(
    db,
    sql`c.upline_id = ${uplineId} AND c.kind = ${kind} AND c.status IN ('offered', 'active')
        AND c.top_rate_bp > ${rateBp}`,
    sql`ORDER BY c.id`,
  );
}

/** A direct downline member of the upline by account (any case), with its type. */
export async function findDirectDownline(
  db: Executor,
  merchantId: number,
  uplineId: number,
  account: string,
): Promise<{ id: number; type: number } | undefined> {
  const rows = await query<{ id: unknown; agent_type: unknown }>(
    db,
    sql`SELECT id, agent_type FROM members
        WHERE merchant_id = ${merchantId} AND upline_id = ${uplineId} AND lower(account) = lower(${account})`,
  );
  return rows[0] ? { id: toNumber(rows[0].id), type: toNumber(rows[0].agent_type) } : undefined;
}

export interface NewContract {
  merchantId: number;
  uplineId: number | null;
  downlineId: number;
  kind: ContractKind;
  salaryType: SalaryType | null;
  period: ContractPeriod | null;
  tiers: ContractTier[];
  topRateBp: number;
  status: 'offered' | 'active';
}

/** Writes a contract; undefined when one of its state already exists for the downline and kind (the unique index). */
export async function insertContract(db: Executor, input: NewContract): Promise<number | undefined> {
  const rows = await query<{ id: unknown }>(
    db,
    sql`INSERT INTO agent_contracts (merchant_id, upline_id, downline_id, kind, salary_type, period, tiers, top_rate_bp,
                                     status, activated_at)
        VALUES (${input.merchantId}, ${input.uplineId}, ${input.downlineId}, ${input.kind}, ${input.salaryType},
                ${input.period}, ${JSON.stringify(input.tiers)}::jsonb, ${input.topRateBp}, ${input.status},
                ${input.status === 'active' ? sql`now()` : sql`NULL`})
        ON CONFLICT DO NOTHING
        RETURNING id`,
  );
  return rows[0] ? toNumber(rows[0].id) : undefined;
}

/** Ends an open contract (locked by the caller). */
export async function endContract(
  db: Executor,
  id: number,
  status: 'rejected' | 'cancelled' | 'terminated',
  reason: EndReason,
): Promise<void> {
  await query(
    db,
    sql`UPDATE agent_contracts SET status = ${status}, end_reason = ${reason}, ended_at = now(),
          termination_requested_by = NULL, version = version + 1
        WHERE id = ${id} AND status IN ('offered', 'active')`,
  );
}

/** An offer becomes the active contract (the one it replaces ended first, in the same transaction). */
export async function activate(db: Executor, id: number): Promise<void> {
  await query(
    db,
    sql`UPDATE agent_contracts SET status = 'active', activated_at = now(), version = version + 1
        WHERE id = ${id} AND status = 'offered'`,
  );
}

/** Sets or clears who asked to end an active contract. */
export async function setTerminationRequest(
  db: Executor,
  id: number,
  side: 'upline' | 'downline' | null,
): Promise<void> {
  await query(
    db,
    sql`UPDATE agent_contracts SET termination_requested_by = ${side}, version = version + 1
        WHERE id = ${id} AND status = 'active'`,
  );
}

export async function insertEvent(
  db: Executor,
  event: { contractId: number; action: string; actor: string; detail?: Record<string, unknown> },
): Promise<void> {
  await query(
    db,
    sql`INSERT INTO agent_contract_events (contract_id, action, actor, detail)
        VALUES (${event.contractId}, ${event.action}, ${event.actor}, ${JSON.stringify(event.detail ?? {})}::jsonb)`,
  );
}

/** The brand's contracts, newest first (the back office), from `beforeId`. */
export async function findBrandContracts(
  db: Executor,
  merchantId: number,
  page: { beforeId: number | null; limit: number; status?: 'open' | 'ended' },
): Promise<ContractRow[]> {
  const status =
    page.status === 'open'
      ? sql`AND c.status IN ('offered', 'active')`
      : page.status === 'ended'
        ? sql`AND c.status NOT IN ('offered', 'active')`
        : sql``;
  return select(
    db,
    sql`c.merchant_id = ${merchantId} ${status} ${page.beforeId === null ? sql`` : sql`AND c.id < ${page.beforeId}`}`,
    sql`ORDER BY c.id DESC LIMIT ${page.limit}`,
  );
}

/** A member of the brand by account (any case) with its type and whether its upline is an agent. */
export async function findMemberForBrandContract(
  db: Executor,
  merchantId: number,
  account: string,
): Promise<{ id: number; type: number; uplineIsAgent: boolean } | undefined> {
  const rows = await query<{ id: unknown; agent_type: unknown; upline_agent: unknown }>(
    db,
    sql`SELECT m.id, m.agent_type, u.agent_type IN (1, 2, 41, 42) AS upline_agent
        FROM members m LEFT JOIN members u ON u.id = m.upline_id
        WHERE m.merchant_id = ${merchantId} AND lower(m.account) = lower(${account})`,
  );
  const row = rows[0];
  return row
    ? { id: toNumber(row.id), type: toNumber(row.agent_type), uplineIsAgent: row.upline_agent === true }
    : undefined;
}
