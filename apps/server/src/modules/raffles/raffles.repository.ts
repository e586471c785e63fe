import type { RaffleStatus } from '@parlay/contract';
import { query, toIso, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** A raffle as stored: its promotion row (texts, sale window, switch) and its `raffles` row (the draw's details). */
export interface RaffleRow {
  id: number;
  merchantId: number;
  code: string;
  category: string;
  titleKo: string;
  titleEn: string;
  summaryKo: string;
  summaryEn: string;
  saleStartsAt: string;
  saleEndsAt: string;
  drawAt: string;
  depositStepMinor: number | null;
  betStepMinor: number | null;
  maxTicketsPerMember: number;
  /** Minor units by rank: prizes[0] is rank 1's. */
  prizes: number[];
  serverSeed: string;
  seedHash: string;
  status: RaffleStatus;
  active: boolean;
  totalTickets: number | null;
  drawnAt: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** What an operator writes of a raffle (its code and seed are written once, on creation). */
export interface RaffleFields {
  titleKo: string;
  titleEn: string;
  summaryKo: string;
  summaryEn: string;
  saleStartsAt: string;
  saleEndsAt: string;
  drawAt: string;
  depositStepMinor: number | null;
  betStepMinor: number | null;
  maxTicketsPerMember: number;
  prizes: number[];
}

const nullableNumber = (value: unknown) => (value === null || value === undefined ? null : toNumber(value));

// The prizes as text ('100,50'): bigint[] reaches the drivers as different shapes, a list of digits does not.
const RAFFLE_COLUMNS = sql`p.id, p.merchant_id, p.code, p.category, p.title_ko, p.title_en, p.summary_ko, p.summary_en,
  p.starts_at, p.ends_at, r.draw_at, r.deposit_step_minor, r.bet_step_minor, r.max_tickets_per_member,
  array_to_string(r.prizes, ',') AS prizes, r.server_seed, r.seed_hash, r.status, p.active, r.total_tickets,
  r.drawn_at, p.version, p.created_at, p.updated_at`;

function toRaffle(row: Record<string, unknown>): RaffleRow {
  return {
    id: toNumber(row['id']),
    merchantId: toNumber(row['merchant_id']),
    code: String(row['code']),
    category: String(row['category']),
    titleKo: String(row['title_ko']),
    titleEn: String(row['title_en']),
    summaryKo: String(row['summary_ko']),
    summaryEn: String(row['summary_en']),
    saleStartsAt: toIso(row['starts_at']),
    saleEndsAt: toIso(row['ends_at']),
    drawAt: toIso(row['draw_at']),
    depositStepMinor: nullableNumber(row['deposit_step_minor']),
    betStepMinor: nullableNumber(row['bet_step_minor']),
    maxTicketsPerMember: toNumber(row['max_tickets_per_member']),
    prizes: String(row['prizes']).split(',').map(Number),
    serverSeed: String(row['server_seed']),
    seedHash: String(row['seed_hash']),
    status: row['status'] as RaffleStatus,
    active: row['active'] === true,
    totalTickets: nullableNumber(row['total_tickets']),
    drawnAt: row['drawn_at'] ? toIso(row['drawn_at']) : null,
    version: toNumber(row['version']),
    createdAt: toIso(row['created_at']),
    updatedAt: toIso(row['updated_at']),
  };
}

const FROM_RAFFLES = sql`FROM promotions p JOIN raffles r ON r.promotion_id = p.id`;

/**
 * The raffles members see: switched on, open or drawn (a drawn one for 90 days after its draw), open ones first by
 * their draw time, then drawn ones, the latest draw first.
 */
export async function findVisibleRaffles(db: Executor, merchantId: number): Promise<RaffleRow[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT ${RAFFLE_COLUMNS} ${FROM_RAFFLES}
        WHERE p.merchant_id = ${merchantId} AND p.kind = 'raffle' AND p.active
          AND (r.status = 'open' OR (r.status = 'drawn' AND r.drawn_at > now() - interval '90 days'))
        ORDER BY r.status = 'drawn', CASE WHEN r.status = 'open' THEN r.draw_at END, r.drawn_at DESC, p.id`,
  );
  return rows.map(toRaffle);
}

/** One raffle of a brand, whatever its state. `lock`: FOR SHARE of its raffles row (a join waits out a draw). */
export async function findRaffle(
  db: Executor,
  merchantId: number,
  raffleId: number,
  lock: 'share' | 'none' = 'none',
): Promise<RaffleRow | undefined> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT ${RAFFLE_COLUMNS} ${FROM_RAFFLES}
        WHERE p.merchant_id = ${merchantId} AND p.id = ${raffleId} AND p.kind = 'raffle'
        ${lock === 'share' ? sql`FOR SHARE OF r` : sql``}`,
  );
  return rows[0] ? toRaffle(rows[0]) : undefined;
}

/** A brand's raffles, newest first (keyset by id). */
export async function findRaffles(
  db: Executor,
  merchantId: number,
  filter: { status?: RaffleStatus; beforeId: number | null; limit: number },
): Promise<RaffleRow[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT ${RAFFLE_COLUMNS} ${FROM_RAFFLES}
        WHERE p.merchant_id = ${merchantId} AND p.kind = 'raffle'
          ${filter.status === undefined ? sql`` : sql`AND r.status = ${filter.status}`}
          ${filter.beforeId === null ? sql`` : sql`AND p.id < ${filter.beforeId}`}
        ORDER BY p.id DESC LIMIT ${filter.limit}`,
  );
  return rows.map(toRaffle);
}

const prizesArray = (prizes: readonly number[]) => `{${prizes.map((prize) => String(prize)).join(',')}}`;

/**
 * Adds a raffle: its promotion row (kind and category 'raffle', the sale window as its dates) and its raffles row
 * with the seed and its hash. Undefined when the brand has a promotion of this code already.
 */
export async function insertRaffle(
  db: Executor,
  input: RaffleFields & { merchantId: number; code: string; serverSeed: string; seedHash: string },
): Promise<number | undefined> {
  const rows = await query<{ id: unknown }>(
    db,
    sql`INSERT INTO promotions (merchant_id, code, kind, category, title_ko, title_en, summary_ko, summary_en, rules,
                                starts_at, ends_at)
        VALUES (${input.merchantId}, ${input.code}, 'raffle', 'raffle', ${input.titleKo}, ${input.titleEn},
                ${input.summaryKo}, ${input.summaryEn}, '{}'::jsonb, ${input.saleStartsAt}::timestamptz,
                ${input.saleEndsAt}::timestamptz)
        ON CONFLICT (merchant_id, code) DO NOTHING RETURNING id`,
  );
  if (!rows[0]) return undefined;
  const id = toNumber(rows[0].id);
  await query(
    db,
    sql`INSERT INTO raffles (promotion_id, merchant_id, draw_at, deposit_step_minor, bet_step_minor,
                             max_tickets_per_member, prizes, server_seed, seed_hash)
        VALUES (${id}, ${input.merchantId}, ${input.drawAt}::timestamptz, ${input.depositStepMinor},
                ${input.betStepMinor}, ${input.maxTicketsPerMember}, ${prizesArray(input.prizes)}::bigint[],
                ${input.serverSeed}, ${input.seedHash})`,
  );
  return id;
}

/** Writes an open raffle's fields if still at `version`; false when stale (or no longer open). */
export async function updateRaffle(
  db: Executor,
  merchantId: number,
  raffleId: number,
  version: number,
  fields: RaffleFields,
): Promise<boolean> {
  const rows = await query<{ id: unknown }>(
    db,
    sql`UPDATE promotions p SET title_ko = ${fields.titleKo}, title_en = ${fields.titleEn},
          summary_ko = ${fields.summaryKo}, summary_en = ${fields.summaryEn},
          starts_at = ${fields.saleStartsAt}::timestamptz, ends_at = ${fields.saleEndsAt}::timestamptz,
          version = p.version + 1, updated_at = now()
        FROM raffles r
        WHERE r.promotion_id = p.id AND r.status = 'open' AND p.merchant_id = ${merchantId} AND p.id = ${raffleId}
          AND p.version = ${version}
        RETURNING p.id`,
  );
  if (rows.length === 0) return false;
  await query(
    db,
    sql`UPDATE raffles SET draw_at = ${fields.drawAt}::timestamptz, deposit_step_minor = ${fields.depositStepMinor},
          bet_step_minor = ${fields.betStepMinor}, max_tickets_per_member = ${fields.maxTicketsPerMember},
          prizes = ${prizesArray(fields.prizes)}::bigint[]
        WHERE promotion_id = ${raffleId}`,
  );
  return true;
}

/** Switches a raffle off if still at `version` (an open one becomes void); false when stale. */
export async function switchOff(db: Executor, merchantId: number, raffleId: number, version: number): Promise<boolean> {
  const rows = await query<{ id: unknown }>(
    db,
    sql`UPDATE promotions SET active = false, version = version + 1, updated_at = now()
        WHERE merchant_id = ${merchantId} AND id = ${raffleId} AND kind = 'raffle' AND version = ${version}
        RETURNING id`,
  );
  if (rows.length === 0) return false;
  await query(db, sql`UPDATE raffles SET status = 'void' WHERE promotion_id = ${raffleId} AND status = 'open'`);
  return true;
}

/** Joins a member to a raffle once; true when this call joined it, false when it had joined already. */
export async function join(db: Executor, raffleId: number, memberId: number): Promise<boolean> {
  const rows = await query<{ member_id: unknown }>(
    db,
    sql`INSERT INTO raffle_entrants (raffle_id, member_id) VALUES (${raffleId}, ${memberId})
        ON CONFLICT (raffle_id, member_id) DO NOTHING RETURNING member_id`,
  );
  return rows.length > 0;
}

/** A member's rows in the given raffles: when it joined, its frozen tickets once drawn, and its prize if it won. */
export interface MemberEntryRow {
  raffleId: number;
  joinedAt: string;
  tickets: number | null;
  prizeRank: number | null;
  prizeMinor: number | null;
}

export async function findMemberEntries(
  db: Executor,
  memberId: number,
  raffleIds: readonly number[],
): Promise<MemberEntryRow[]> {
  if (raffleIds.length === 0) return [];
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT e.raffle_id, e.joined_at, e.tickets, w.rank, w.prize_minor
        FROM raffle_entrants e
        LEFT JOIN raffle_winners w ON w.raffle_id = e.raffle_id AND w.member_id = e.member_id
        WHERE e.member_id = ${memberId} AND e.raffle_id = ANY(${`{${raffleIds.join(',')}}`}::bigint[])`,
  );
  return rows.map((row) => ({
    raffleId: toNumber(row['raffle_id']),
    joinedAt: toIso(row['joined_at']),
    tickets: nullableNumber(row['tickets']),
    prizeRank: nullableNumber(row['rank']),
    prizeMinor: nullableNumber(row['prize_minor']),
  }));
}

/**
 * The tickets members hold in a raffle now, read from their credited deposits (amount less fee, by the time they
 * were credited) and the valid bets of their settled rounds (by the time they settled) in the sale window
 * [starts_at, ends_at), by the rules: floor(deposits / deposit step) + floor(bets / bet step), at most the maximum.
 * The rounds come from game_rounds_member_settled_idx (member, settled_at, INCLUDE valid_bet_minor), the deposits from
 * cashier_deposits_member: nothing is added to the settlement's hot path. `memberIds` null: every entrant.
 */
export async function countTickets(
  db: Executor,
  raffleId: number,
  memberIds: readonly number[] | null,
): Promise<Map<number, number>> {
  const members =
    memberIds === null
      ? sql`SELECT member_id FROM raffle_entrants WHERE raffle_id = ${raffleId}`
      : sql`SELECT unnest(${`{${memberIds.join(',')}}`}::bigint[]) AS member_id`;
  const rows = await query<{ member_id: unknown; tickets: unknown }>(
    db,
    sql`SELECT m.member_id,
               least(r.max_tickets_per_member,
                 CASE WHEN r.deposit_step_minor IS NULL THEN 0 ELSE coalesce(d.total, 0) / r.deposit_step_minor END
                 + CASE WHEN r.bet_step_minor IS NULL THEN 0 ELSE coalesce(b.total, 0) / r.bet_step_minor END
               ) AS tickets
        FROM (${members}) m
        CROSS JOIN raffles r
        JOIN promotions p ON p.id = r.promotion_id
        LEFT JOIN LATERAL (
          SELECT sum(c.amount_minor - c.fee_minor)::bigint AS total FROM cashier_deposits c
          WHERE c.member_id = m.member_id AND c.state = 'credited'
            AND c.credited_at >= p.starts_at AND c.credited_at < p.ends_at
        ) d ON r.deposit_step_minor IS NOT NULL
        LEFT JOIN LATERAL (
          SELECT sum(g.valid_bet_minor)::bigint AS total FROM game_rounds g
          WHERE g.member_id = m.member_id AND g.status = 'settled'
            AND g.settled_at >= p.starts_at AND g.settled_at < p.ends_at
        ) b ON r.bet_step_minor IS NOT NULL
        WHERE r.promotion_id = ${raffleId}`,
  );
  return new Map(rows.map((row) => [toNumber(row.member_id), toNumber(row.tickets)]));
}

/** A due raffle with its brand's currency. */
export interface DueRaffle {
  raffle: RaffleRow;
  currency: string;
  /** The brand currency's exponent: the winners' messages write the prize in major units. */
  currencyExponent: number;
}

/**
 * The next open, switched-on raffle whose draw time has come, its raffles row locked: SKIP LOCKED, so that two
 * instances draw different raffles (or one waits for the next run), never the same one twice.
 */
export async function lockDueRaffle(db: Executor, now: Date): Promise<DueRaffle | undefined> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT ${RAFFLE_COLUMNS}, mer.currency AS brand_currency, mer.currency_exponent ${FROM_RAFFLES}
        JOIN merchants mer ON mer.id = p.merchant_id
        WHERE r.status = 'open' AND p.active AND r.draw_at <= ${now.toISOString()}::timestamptz
        ORDER BY r.draw_at, p.id
        LIMIT 1
        FOR UPDATE OF r SKIP LOCKED`,
  );
  return rows[0]
    ? {
        raffle: toRaffle(rows[0]),
        currency: String(rows[0]['brand_currency']),
        currencyExponent: toNumber(rows[0]['currency_exponent']),
      }
    : undefined;
}

/** One entrant of a frozen ticket list. */
export interface EntryRow {
  entry: number;
  memberId: number;
  account: string;
  firstTicket: number;
  count: number;
}

/**
 * Freezes a raffle's ticket list: each entrant's tickets written, and those with at least one numbered in member id
 * order (entry 0, 1, ...) with consecutive tickets from 1. The list, in its order.
 */
export async function freezeEntrants(
  db: Executor,
  raffleId: number,
  tickets: Map<number, number>,
): Promise<EntryRow[]> {
  const ids = [...tickets.keys()];
  if (ids.length === 0) return [];
  await query(
    db,
    sql`WITH counted AS (
          SELECT t.member_id, t.tickets FROM unnest(${`{${ids.join(',')}}`}::bigint[],
                                                   ${`{${ids.map((id) => tickets.get(id)!).join(',')}}`}::bigint[])
            AS t (member_id, tickets)
        ),
        numbered AS (
          SELECT member_id, tickets,
                 CASE WHEN tickets > 0 THEN (row_number() OVER (PARTITION BY tickets > 0 ORDER BY member_id) - 1) END
                   AS entry,
                 CASE WHEN tickets > 0 THEN 1 + sum(tickets) OVER (PARTITION BY tickets > 0 ORDER BY member_id) - tickets END
                   AS first_ticket
          FROM counted
        )
        UPDATE raffle_entrants e SET tickets = n.tickets, entry = n.entry, first_ticket = n.first_ticket
        FROM numbered n WHERE e.raffle_id = ${raffleId} AND e.member_id = n.member_id`,
  );
  return findEntries(db, raffleId);
}

/** A drawn raffle's ticket list, in its order. */
export async function findEntries(db: Executor, raffleId: number): Promise<EntryRow[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT e.entry, e.member_id, m.account, e.first_ticket, e.tickets
        FROM raffle_entrants e JOIN members m ON m.id = e.member_id
        WHERE e.raffle_id = ${raffleId} AND e.entry IS NOT NULL
        ORDER BY e.entry`,
  );
  return rows.map((row) => ({
    entry: toNumber(row['entry']),
    memberId: toNumber(row['member_id']),
    account: String(row['account']),
    firstTicket: toNumber(row['first_ticket']),
    count: toNumber(row['tickets']),
  }));
}

/** A prize drawn and paid. */
export interface WinnerRow {
  rank: number;
  ticket: number;
  entry: number;
  attempt: number;
  memberId: number;
  prizeMinor: number;
  movementId: number;
}

export async function insertWinner(db: Executor, raffleId: number, winner: WinnerRow): Promise<void> {
  await query(
    db,
    sql`INSERT INTO raffle_winners (raffle_id, rank, ticket, entry, attempt, member_id, prize_minor, movement_id)
        VALUES (${raffleId}, ${winner.rank}, ${winner.ticket}, ${winner.entry}, ${winner.attempt}, ${winner.memberId},
                ${winner.prizeMinor}, ${winner.movementId})`,
  );
}

/** A drawn raffle's winners by rank, with their accounts. */
export async function findWinners(db: Executor, raffleId: number): Promise<(WinnerRow & { account: string })[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT w.rank, w.ticket, w.entry, w.attempt, w.member_id, w.prize_minor, w.movement_id, m.account
        FROM raffle_winners w JOIN members m ON m.id = w.member_id
        WHERE w.raffle_id = ${raffleId} ORDER BY w.rank`,
  );
  return rows.map((row) => ({
    rank: toNumber(row['rank']),
    ticket: toNumber(row['ticket']),
    entry: toNumber(row['entry']),
    attempt: toNumber(row['attempt']),
    memberId: toNumber(row['member_id']),
    prizeMinor: toNumber(row['prize_minor']),
    movementId: toNumber(row['movement_id']),
    account: String(row['account']),
  }));
}

/** Marks the locked raffle drawn: its seed may be shown from now on. */
export async function markDrawn(db: Executor, raffleId: number, totalTickets: number): Promise<void> {
  await query(
    db,
    sql`UPDATE raffles SET status = 'drawn', drawn_at = now(), total_tickets = ${totalTickets}
        WHERE promotion_id = ${raffleId} AND status = 'open'`,
  );
}

/** The back office's figures of raffles: members joined and prizes paid. */
export async function findFigures(
  db: Executor,
  raffleIds: readonly number[],
): Promise<Map<number, { entrants: number; prizesPaidMinor: number }>> {
  if (raffleIds.length === 0) return new Map();
  const ids = `{${raffleIds.join(',')}}`;
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT r.id,
               (SELECT count(*) FROM raffle_entrants e WHERE e.raffle_id = r.id) AS entrants,
               (SELECT coalesce(sum(prize_minor), 0) FROM raffle_winners w WHERE w.raffle_id = r.id) AS paid
        FROM unnest(${ids}::bigint[]) AS r (id)`,
  );
  return new Map(
    rows.map((row) => [
      toNumber(row['id']),
      { entrants: toNumber(row['entrants']), prizesPaidMinor: toNumber(row['paid']) },
    ]),
  );
}

/** Raffles open past their draw time, for /metrics (the draw job's backlog). */
export async function countDue(db: Executor): Promise<number> {
  const rows = await query<{ n: unknown }>(
    db,
    sql`SELECT count(*) AS n FROM raffles r JOIN promotions p ON p.id = r.promotion_id
        WHERE r.status = 'open' AND p.active AND r.draw_at <= now()`,
  );
  return toNumber(rows[0]?.n);
}
