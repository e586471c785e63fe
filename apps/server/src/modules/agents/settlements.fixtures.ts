import type { ContractKind, ContractTier, SalaryType } from '@parlay/contract';
import { query, toIso, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { AuditService } from '../audit/index';
import { MemberFiguresService } from '../member-figures/index';
import { SettlementFeedService } from '../settlement-feed/index';
import { WalletService } from '../wallet/index';
import { AgentSettlementService } from './settlements';

// Contract settlement's test fixtures (its property, concurrency and SIGKILL tests): the services over a bare database
// (no housekeeping job settles behind the test's back), members and contracts written as rows, and what the settlement
// wrote, read back.

export interface SettlementServices {
  audit: AuditService;
  wallet: WalletService;
  feed: SettlementFeedService;
  /** A settlement instance on the shared clock (each call a new one: another instance of the platform). */
  settlement: (clock: () => Date) => AgentSettlementService;
}

/** The services a settlement uses, over `db`; the members' figures consumer brought up to the feed's end first. */
export async function settlementServices(db: Database): Promise<SettlementServices> {
  const audit = new AuditService(db);
  const wallet = new WalletService(db, audit);
  const feed = new SettlementFeedService(db);
  // The seed's rounds, if any, counted: a period is settled only once the consumer has passed its end.
  await new MemberFiguresService(db, feed).consumeFeed();
  return { audit, wallet, feed, settlement: (clock) => new AgentSettlementService(db, wallet, feed, audit, clock) };
}

/** A member of the brand (an agent with `agentType` 1 or 2, a player with 0) under `uplineId`. */
export async function insertMember(
  db: Database,
  merchantId: number,
  account: string,
  agentType: number,
  uplineId: number | null,
): Promise<number> {
  const rows = await query<{ id: unknown }>(
    db,
    sql`INSERT INTO members (merchant_id, account, agent_type, upline_id)
        VALUES (${merchantId}, ${account}, ${agentType}, ${uplineId}::bigint) RETURNING id`,
  );
  return toNumber(rows[0]?.id);
}

/** An active contract of `downlineId` with its upline (null: the brand's), activated at `activatedAt`. */
export async function insertContract(
  db: Database,
  contract: {
    merchantId: number;
    uplineId: number | null;
    downlineId: number;
    kind: ContractKind;
    salaryType: SalaryType | null;
    period: 'D' | 'W' | 'H' | 'M' | null;
    tiers: readonly ContractTier[];
    activatedAt: Date;
  },
): Promise<number> {
  const rows = await query<{ id: unknown }>(
    db,
    sql`INSERT INTO agent_contracts (merchant_id, upline_id, downline_id, kind, salary_type, period, tiers, top_rate_bp,
                                     status, activated_at)
        VALUES (${contract.merchantId}, ${contract.uplineId}::bigint, ${contract.downlineId}, ${contract.kind},
                ${contract.salaryType}::text, ${contract.period}::text, ${JSON.stringify(contract.tiers)}::jsonb,
                ${Math.max(...contract.tiers.map((tier) => tier.rateBp))}, 'active',
                ${contract.activatedAt.toISOString()}::timestamptz)
        RETURNING id`,
  );
  return toNumber(rows[0]?.id);
}

/** A settlement line as the tests compare it. */
export interface StoredLine {
  id: number;
  contractId: number;
  agentId: number;
  payerId: number | null;
  agentLevel: number;
  periodStart: string;
  activeMembers: number;
  validBetMinor: number;
  profitLossMinor: number;
  rateBp: number;
  baseMinor: number;
  amountMinor: number;
  carryMinor: number;
  status: 'due' | 'paid' | 'pending' | 'none';
  movementId: number | null;
}

export async function storedLines(db: Database, merchantId: number): Promise<StoredLine[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT * FROM agent_settlement_lines WHERE merchant_id = ${merchantId} ORDER BY id`,
  );
  return rows.map((row) => ({
    id: toNumber(row['id']),
    contractId: toNumber(row['contract_id']),
    agentId: toNumber(row['agent_id']),
    payerId: row['payer_id'] === null ? null : toNumber(row['payer_id']),
    agentLevel: toNumber(row['agent_level']),
    periodStart: toIso(row['period_start']),
    activeMembers: toNumber(row['active_members']),
    validBetMinor: toNumber(row['valid_bet_minor']),
    profitLossMinor: toNumber(row['profit_loss_minor']),
    rateBp: toNumber(row['rate_bp']),
    baseMinor: toNumber(row['base_minor']),
    amountMinor: toNumber(row['amount_minor']),
    carryMinor: toNumber(row['carry_minor']),
    status: row['status'] as StoredLine['status'],
    movementId: row['movement_id'] === null ? null : toNumber(row['movement_id']),
  }));
}

/** The brand's members' main balances, by member id (a member never credited has none: 0). */
export async function balances(db: Database, merchantId: number): Promise<Map<number, number>> {
  const rows = await query<{ member_id: unknown; balance_minor: unknown }>(
    db,
    sql`SELECT member_id, balance_minor FROM wallet_accounts
        WHERE merchant_id = ${merchantId} AND owner_type = 'member' AND currency = 'KRW'`,
  );
  return new Map(rows.map((row) => [toNumber(row.member_id), toNumber(row.balance_minor)]));
}

/**
 * The brand's settlement movements as the ledger has them: how many, how many carry a line's key, what the brand's
 * own accounts gave (negative), and movements whose entries do not sum to 0.
 */
export async function settlementLedger(
  db: Database,
  merchantId: number,
): Promise<{ movements: number; keyed: number; brandMinor: number; unbalanced: number }> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`WITH moves AS (
          SELECT m.id, m.idempotency_key FROM wallet_movements m
          WHERE m.merchant_id = ${merchantId} AND m.kind IN ('agent_dividend', 'agent_salary')
        )
        SELECT (SELECT count(*) FROM moves) AS movements,
               (SELECT count(*) FROM moves WHERE idempotency_key LIKE 'agent-settlement:%') AS keyed,
               (SELECT coalesce(sum(e.amount_minor), 0) FROM ledger_entries e
                  JOIN wallet_accounts a ON a.id = e.account_id
                 WHERE e.movement_id IN (SELECT id FROM moves) AND a.owner_type <> 'member') AS brand_minor,
               (SELECT count(*) FROM (SELECT e.movement_id FROM ledger_entries e
                                       WHERE e.movement_id IN (SELECT id FROM moves)
                                       GROUP BY e.movement_id HAVING sum(e.amount_minor) <> 0) x) AS unbalanced`,
  );
  const row = rows[0] ?? {};
  return {
    movements: toNumber(row['movements']),
    keyed: toNumber(row['keyed']),
    brandMinor: toNumber(row['brand_minor']),
    unbalanced: toNumber(row['unbalanced']),
  };
}

/** Runs of the brand by (kind, rhythm, period start), with how many rows each has (1 expected). */
export async function runCounts(db: Database, merchantId: number): Promise<Map<string, number>> {
  const rows = await query<{ kind: string; rhythm: string; period_start: unknown; n: unknown }>(
    db,
    sql`SELECT kind, rhythm, period_start, count(*) AS n FROM agent_settlement_runs
        WHERE merchant_id = ${merchantId} GROUP BY kind, rhythm, period_start`,
  );
  return new Map(rows.map((row) => [`${row.kind}|${row.rhythm}|${toIso(row.period_start)}`, toNumber(row.n)]));
}
