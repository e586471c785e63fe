import { query, toIso, toNullableNumber, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** A place in the feed: the writing transaction's id (xid8, as text) and the row's sequence number. */
export interface FeedPosition {
  xid: string;
  id: number;
}

export type FeedEventKind = 'round' | 'deposit' | 'withdrawal';

/** One row of the feed: a settled round, or a deposit or withdrawal. */
export interface FeedEvent extends FeedPosition {
  kind: FeedEventKind;
  merchantId: number;
  memberId: number;
  currency: string;
  vendorId: number | null;
  gameId: number | null;
  /** game_rounds.id of a settled round. */
  roundRef: number | null;
  stakeMinor: number;
  validBetMinor: number;
  payoutMinor: number;
  /** A deposit's or withdrawal's amount; 0 for a round. */
  amountMinor: number;
  at: string;
}

export const FEED_START: FeedPosition = { xid: '0', id: 0 };

/** Consumers' names (letters, digits, - and _) as one text[] parameter. */
const nameArray = (names: readonly string[]) => sql`${`{${names.join(',')}}`}::text[]`;

interface RawEvent extends Record<string, unknown> {
  xid_text: string;
  id: unknown;
  kind: FeedEventKind;
  merchant_id: unknown;
  member_id: unknown;
  currency: string;
  vendor_id: unknown;
  game_id: unknown;
  round_ref: unknown;
  stake_minor: unknown;
  valid_bet_minor: unknown;
  payout_minor: unknown;
  amount_minor: unknown;
  at: unknown;
}

/**
 * The rows after `after`, in (xid, id) order, of transactions that have all ended: a row's xid below the
 * statement snapshot's xmin. Every row of such a transaction is visible now and no row can join them, so
 * a consumer that moves its checkpoint past them never skips one that commits later (decision 0034).
 */
export async function findBatch(db: Executor, after: FeedPosition, limit: number): Promise<FeedEvent[]> {
  const rows = await query<RawEvent>(
    db,
    sql`SELECT xid::text AS xid_text, id, kind, merchant_id, member_id, currency, vendor_id, game_id, round_ref, stake_minor,
               valid_bet_minor, payout_minor, amount_minor, at
        FROM settlement_feed
        WHERE (xid, id) > (${after.xid}::xid8, ${after.id}::bigint)
          AND xid < pg_snapshot_xmin(pg_current_snapshot())
        ORDER BY settlement_feed.xid, settlement_feed.id
        LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    xid: row.xid_text,
    id: toNumber(row.id),
    kind: row.kind,
    merchantId: toNumber(row.merchant_id),
    memberId: toNumber(row.member_id),
    currency: row.currency,
    vendorId: toNullableNumber(row.vendor_id),
    gameId: toNullableNumber(row.game_id),
    roundRef: toNullableNumber(row.round_ref),
    stakeMinor: toNumber(row.stake_minor),
    validBetMinor: toNumber(row.valid_bet_minor),
    payoutMinor: toNumber(row.payout_minor),
    amountMinor: toNumber(row.amount_minor),
    at: toIso(row.at),
  }));
}

/** Whether rows are ready after `after` (the same test as findBatch), read without a lock. */
export async function hasReadyRows(db: Executor, after: FeedPosition): Promise<boolean> {
  const rows = await query<{ ready: boolean }>(
    db,
    sql`SELECT EXISTS (
          SELECT 1 FROM settlement_feed
          WHERE (xid, id) > (${after.xid}::xid8, ${after.id}::bigint)
            AND xid < pg_snapshot_xmin(pg_current_snapshot())) AS ready`,
  );
  return rows[0]?.ready === true;
}

/** Rows after `after`, ended or not: how far a consumer is behind. */
export async function countAfter(db: Executor, after: FeedPosition): Promise<number> {
  const rows = await query<{ n: unknown }>(
    db,
    sql`SELECT count(*) AS n FROM settlement_feed WHERE (xid, id) > (${after.xid}::xid8, ${after.id}::bigint)`,
  );
  return toNumber(rows[0]?.n ?? 0);
}

export interface Checkpoint extends FeedPosition {
  applied: number;
  updatedAt: string;
}

function toCheckpoint(row: { last_xid: string; last_id: unknown; applied: unknown; updated_at: unknown }): Checkpoint {
  return {
    xid: row.last_xid,
    id: toNumber(row.last_id),
    applied: toNumber(row.applied),
    updatedAt: toIso(row.updated_at),
  };
}

/** The consumer's checkpoint as last committed, without a lock; undefined before its first run. */
export async function findCheckpoint(db: Executor, consumer: string): Promise<Checkpoint | undefined> {
  const rows = await query<{ last_xid: string; last_id: unknown; applied: unknown; updated_at: unknown }>(
    db,
    sql`SELECT last_xid::text AS last_xid, last_id, applied, updated_at FROM settlement_feed_consumers
        WHERE name = ${consumer}`,
  );
  return rows[0] && toCheckpoint(rows[0]);
}

/**
 * Claims the consumer's checkpoint for this transaction (its row locked until the transaction ends);
 * undefined when another transaction holds it: another instance is applying, and this one stays out.
 */
export async function claimCheckpoint(db: Executor, consumer: string): Promise<Checkpoint | undefined> {
  await query(db, sql`INSERT INTO settlement_feed_consumers (name) VALUES (${consumer}) ON CONFLICT (name) DO NOTHING`);
  const rows = await query<{ last_xid: string; last_id: unknown; applied: unknown; updated_at: unknown }>(
    db,
    sql`SELECT last_xid::text AS last_xid, last_id, applied, updated_at FROM settlement_feed_consumers
        WHERE name = ${consumer}
        FOR UPDATE SKIP LOCKED`,
  );
  return rows[0] && toCheckpoint(rows[0]);
}

/** The checkpoints of several consumers as last committed, by name; a consumer before its first batch is absent. */
export async function findCheckpoints(db: Executor, consumers: readonly string[]): Promise<Map<string, Checkpoint>> {
  const rows = await query<{ name: string; last_xid: string; last_id: unknown; applied: unknown; updated_at: unknown }>(
    db,
    sql`SELECT name, last_xid::text AS last_xid, last_id, applied, updated_at FROM settlement_feed_consumers
        WHERE name = ANY(${nameArray(consumers)})`,
  );
  return new Map(rows.map((row) => [row.name, toCheckpoint(row)]));
}

/**
 * Claims the checkpoints of several consumers for this transaction, as claimCheckpoint does one: those another
 * transaction holds are left out of the answer.
 */
export async function claimCheckpoints(db: Executor, consumers: readonly string[]): Promise<Map<string, Checkpoint>> {
  await query(
    db,
    sql`INSERT INTO settlement_feed_consumers (name) SELECT unnest(${nameArray(consumers)})
        ON CONFLICT (name) DO NOTHING`,
  );
  const rows = await query<{ name: string; last_xid: string; last_id: unknown; applied: unknown; updated_at: unknown }>(
    db,
    sql`SELECT name, last_xid::text AS last_xid, last_id, applied, updated_at FROM settlement_feed_consumers
        WHERE name = ANY(${nameArray(consumers)})
        ORDER BY name
        FOR UPDATE SKIP LOCKED`,
  );
  return new Map(rows.map((row) => [row.name, toCheckpoint(row)]));
}

/** Moves the claimed checkpoint to `last`, in the transaction that applied the rows up to it. */
export async function moveCheckpoint(db: Executor, consumer: string, last: FeedPosition, count: number): Promise<void> {
  await query(
    db,
    sql`UPDATE settlement_feed_consumers
        SET last_xid = ${last.xid}::xid8, last_id = ${last.id}, applied = applied + ${count}, updated_at = now()
        WHERE name = ${consumer}`,
  );
}

export interface MoneyEventInput {
  kind: 'deposit' | 'withdrawal';
  merchantId: number;
  memberId: number;
  currency: string;
  amountMinor: number;
}

/** A deposit or withdrawal, written by the transaction that moves its money. */
export async function insertMoneyEvent(db: Executor, event: MoneyEventInput): Promise<void> {
  await query(
    db,
    sql`INSERT INTO settlement_feed (kind, merchant_id, member_id, currency, amount_minor, at)
        VALUES (${event.kind}, ${event.merchantId}, ${event.memberId}, ${event.currency}, ${event.amountMinor}, now())`,
  );
}

/**
 * Whether the feed holds rounds settled before `end` that `consumer` has not applied yet (a period is paid only
 * once every round of it is counted: leaderboards, contract settlement).
 */
export async function feedBehindBefore(db: Executor, consumer: string, end: Date): Promise<boolean> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT 1 AS behind FROM settlement_feed f
        LEFT JOIN settlement_feed_consumers c ON c.name = ${consumer}
        WHERE f.kind = 'round' AND f.at < ${end.toISOString()}::timestamptz
          AND (c.name IS NULL OR (f.xid, f.id) > (c.last_xid, c.last_id))
        LIMIT 1`,
  );
  return rows.length > 0;
}
