import { query, sql, toIso, toNullableNumber, toNumber, type HouseExecutor } from '../db/database';
import type { DrawResult } from './lottery-games';

// The lottery's SQL (migration 0006_lottery.sql). Times are the vendor's clock, passed in as epoch milliseconds,
// never the database's now(): a test moves the clock, and every instance decides a draw on the same times.

export type DrawStatus = 'scheduled' | 'open' | 'closed' | 'drawn' | 'settled' | 'void';
export type SlipStatus =
  'debiting' | 'placed' | 'payout_due' | 'settled' | 'cancelling' | 'cancelled' | 'refunding' | 'refunded';

/** Slips a draw still waits on before it is settled. */
export const UNFINISHED_SLIP_STATUSES: readonly SlipStatus[] = ['debiting', 'placed', 'payout_due', 'cancelling'];

export interface DrawRecord {
  id: number;
  gameCode: string;
  drawNo: string;
  opensAt: number;
  closesAt: number;
  drawsAt: number;
  /** Null for a Vietnamese draw: its result is entered, not drawn from a seed. */
  seedHash: string | null;
  seed: string | null;
  result: DrawResult | null;
  status: DrawStatus;
  drawnAt: string | null;
  settledAt: string | null;
  voidedAt: string | null;
  voidReason: string | null;
}

/** A bet as the slip keeps it: with its bet type's odds as they were when it was placed. */
export interface SlipBet {
  betType: string;
  selection: string[];
  stakeMinor: number;
  odds: Record<string, number>;
}

export interface SlipRecord {
  id: number;
  slipId: string;
  drawId: number;
  gameCode: string;
  playerRef: number;
  playerId: string;
  platformToken: string;
  brand: string;
  currency: string;
  prizeMode: string;
  bets: SlipBet[];
  stakeMinor: number;
  payoutMinor: number | null;
  status: SlipStatus;
  createdAt: string;
  settledAt: string | null;
}

const epoch = (value: unknown): number => new Date(value as string | Date).getTime();
const at = (ms: number): string => new Date(ms).toISOString();

function toDraw(row: Record<string, unknown>): DrawRecord {
  return {
    id: toNumber(row.id),
    gameCode: row.game_code as string,
    drawNo: row.draw_no as string,
    opensAt: epoch(row.opens_at),
    closesAt: epoch(row.closes_at),
    drawsAt: epoch(row.draws_at),
    seedHash: (row.seed_hash as string | null) ?? null,
    seed: (row.seed as string | null) ?? null,
    result: (row.result as DrawResult | null) ?? null,
    status: row.status as DrawStatus,
    drawnAt: row.drawn_at ? toIso(row.drawn_at) : null,
    settledAt: row.settled_at ? toIso(row.settled_at) : null,
    voidedAt: row.voided_at ? toIso(row.voided_at) : null,
    voidReason: (row.void_reason as string | null) ?? null,
  };
}

function toSlip(row: Record<string, unknown>): SlipRecord {
  return {
    id: toNumber(row.id),
    slipId: row.slip_id as string,
    drawId: toNumber(row.draw_id),
    gameCode: row.game_code as string,
    playerRef: toNumber(row.player_ref),
    playerId: row.player_id as string,
    platformToken: row.platform_token as string,
    brand: row.brand as string,
    currency: row.currency as string,
    prizeMode: row.prize_mode as string,
    bets: row.bets as SlipBet[],
    stakeMinor: toNumber(row.stake_minor),
    payoutMinor: toNullableNumber(row.payout_minor),
    status: row.status as SlipStatus,
    createdAt: toIso(row.created_at),
    settledAt: row.settled_at ? toIso(row.settled_at) : null,
  };
}

/** A text[] parameter, as JSON so that no value can break the array's syntax. */
const textArray = (values: readonly string[]) =>
  sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

// The leader's lease: as house.crash_leader (crash.repository.ts), on the database's clock, which every
// instance shares.

export async function takeLease(db: HouseExecutor, holder: string, ttlMs: number): Promise<boolean> {
  const rows = await query(
    db,
    sql`INSERT INTO house.lottery_leader AS lease (id, holder, expires_at)
        VALUES (1, ${holder}, now() + ${ttlMs}::integer * interval '1 millisecond')
        ON CONFLICT (id) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
        WHERE lease.holder = EXCLUDED.holder OR lease.expires_at < now()
        RETURNING holder`,
  );
  return rows.length > 0;
}

export async function releaseLease(db: HouseExecutor, holder: string): Promise<void> {
  await query(db, sql`DELETE FROM house.lottery_leader WHERE id = 1 AND holder = ${holder}`);
}

// Settings.

export interface SettingsRow {
  odds: Record<string, Record<string, number>>;
  closeSeconds: number;
  maxLiabilityMinor: number;
  enabled: boolean;
}

/** The brand's row, else the default brand's ('*'); undefined when neither exists. */
export async function findSettings(
  db: HouseExecutor,
  brand: string,
  gameCode: string,
): Promise<SettingsRow | undefined> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT odds, close_seconds, max_liability_minor, enabled FROM house.lottery_settings
        WHERE game_code = ${gameCode} AND brand IN (${brand}, '*') ORDER BY (brand = '*') LIMIT 1`,
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    odds: (row.odds ?? {}) as SettingsRow['odds'],
    closeSeconds: toNumber(row.close_seconds),
    maxLiabilityMinor: toNumber(row.max_liability_minor),
    enabled: row.enabled as boolean,
  };
}

export async function upsertSettings(
  db: HouseExecutor,
  brand: string,
  gameCode: string,
  settings: SettingsRow,
): Promise<void> {
  await query(
    db,
    sql`INSERT INTO house.lottery_settings (brand, game_code, odds, close_seconds, max_liability_minor, enabled)
        VALUES (${brand}, ${gameCode}, ${JSON.stringify(settings.odds)}::jsonb, ${settings.closeSeconds},
                ${settings.maxLiabilityMinor}, ${settings.enabled})
        ON CONFLICT (brand, game_code) DO UPDATE SET odds = EXCLUDED.odds, close_seconds = EXCLUDED.close_seconds,
          max_liability_minor = EXCLUDED.max_liability_minor, enabled = EXCLUDED.enabled,
          version = house.lottery_settings.version + 1, updated_at = now()`,
  );
}

// Sessions.

export interface LotterySessionRecord {
  playerRef: number;
  platformToken: string;
  brand: string;
  gameCode: string;
  prizeMode: string;
  language: string;
}

export async function insertSession(
  db: HouseExecutor,
  input: LotterySessionRecord & { tokenHash: string; expiresAt: Date },
): Promise<void> {
  await query(
    db,
    sql`INSERT INTO house.lottery_sessions
          (token_hash, player_ref, platform_token, brand, game_code, prize_mode, language, expires_at)
        VALUES (${input.tokenHash}, ${input.playerRef}, ${input.platformToken}, ${input.brand}, ${input.gameCode},
                ${input.prizeMode}, ${input.language}, ${input.expiresAt.toISOString()})`,
  );
}

export async function findSession(db: HouseExecutor, tokenHash: string): Promise<LotterySessionRecord | undefined> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT player_ref, platform_token, brand, game_code, prize_mode, language FROM house.lottery_sessions
        WHERE token_hash = ${tokenHash} AND expires_at > now()`,
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    playerRef: toNumber(row.player_ref),
    platformToken: row.platform_token as string,
    brand: row.brand as string,
    gameCode: row.game_code as string,
    prizeMode: row.prize_mode as string,
    language: row.language as string,
  };
}

// Draws.

/** Schedules a draw unless its slot already has one (another instance, an earlier pass): true when written. */
export async function insertDraw(
  db: HouseExecutor,
  input: {
    gameCode: string;
    drawNo: string;
    opensAt: number;
    closesAt: number;
    drawsAt: number;
    seed: string | null;
    seedHash: string | null;
  },
): Promise<boolean> {
  const rows = await query(
    db,
    sql`INSERT INTO house.lottery_draws (game_code, draw_no, opens_at, closes_at, draws_at, seed, seed_hash)
        VALUES (${input.gameCode}, ${input.drawNo}, ${at(input.opensAt)}, ${at(input.closesAt)}, ${at(input.drawsAt)},
                ${input.seed}, ${input.seedHash})
        ON CONFLICT (game_code, draw_no) DO NOTHING RETURNING id`,
  );
  return rows.length > 0;
}

/** Opens the draws whose betting has begun and closes those past their closing time. */
export async function advanceDraws(db: HouseExecutor, now: number): Promise<void> {
  await query(
    db,
    sql`UPDATE house.lottery_draws SET status = 'closed'
        WHERE status IN ('scheduled', 'open') AND closes_at <= ${at(now)}`,
  );
  await query(
    db,
    sql`UPDATE house.lottery_draws SET status = 'open'
        WHERE status = 'scheduled' AND opens_at <= ${at(now)} AND closes_at > ${at(now)}`,
  );
}

/** Draws drawn from a seed whose time has come and that are not drawn yet, oldest first. */
export async function findDueDraws(db: HouseExecutor, now: number): Promise<DrawRecord[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT * FROM house.lottery_draws WHERE status IN ('scheduled', 'open', 'closed') AND draws_at <= ${at(now)}
          AND seed IS NOT NULL
        ORDER BY draws_at, id`,
  );
  return rows.map(toDraw);
}

/** Writes the result once: a draw already drawn (by another pass or instance) keeps its own. */
export async function markDrawn(db: HouseExecutor, drawId: number, result: DrawResult, now: number): Promise<boolean> {
  const rows = await query(
    db,
    sql`UPDATE house.lottery_draws SET status = 'drawn', result = ${JSON.stringify(result)}::jsonb, drawn_at = ${at(now)}
        WHERE id = ${drawId} AND status IN ('scheduled', 'open', 'closed') RETURNING id`,
  );
  return rows.length > 0;
}

export async function findDrawnDraws(db: HouseExecutor): Promise<DrawRecord[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT * FROM house.lottery_draws WHERE status = 'drawn' ORDER BY draws_at, id`,
  );
  return rows.map(toDraw);
}

/** Marks the draw settled once none of its slips is left unfinished; true when it is (now or before). */
export async function markSettled(db: HouseExecutor, drawId: number, now: number): Promise<boolean> {
  const rows = await query(
    db,
    sql`UPDATE house.lottery_draws SET status = 'settled', settled_at = ${at(now)}
        WHERE id = ${drawId} AND status = 'drawn'
          AND NOT EXISTS (SELECT 1 FROM house.lottery_slips WHERE draw_id = ${drawId}
                            AND status = ANY(${textArray(UNFINISHED_SLIP_STATUSES)}))
        RETURNING id`,
  );
  return rows.length > 0;
}

export async function findDrawById(db: HouseExecutor, drawId: number): Promise<DrawRecord | undefined> {
  const rows = await query<Record<string, unknown>>(db, sql`SELECT * FROM house.lottery_draws WHERE id = ${drawId}`);
  return rows[0] ? toDraw(rows[0]) : undefined;
}

export async function findDraw(db: HouseExecutor, gameCode: string, drawNo: string): Promise<DrawRecord | undefined> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT * FROM house.lottery_draws WHERE game_code = ${gameCode} AND draw_no = ${drawNo}`,
  );
  return rows[0] ? toDraw(rows[0]) : undefined;
}

/** The draw taking bets at `now`: the first not closed yet whose betting has begun. */
export async function findCurrentDraw(
  db: HouseExecutor,
  gameCode: string,
  now: number,
): Promise<DrawRecord | undefined> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT * FROM house.lottery_draws
        WHERE game_code = ${gameCode} AND status IN ('scheduled', 'open') AND closes_at > ${at(now)}
          AND opens_at <= ${at(now)}
        ORDER BY draws_at LIMIT 1`,
  );
  return rows[0] ? toDraw(rows[0]) : undefined;
}

/** Drawn and settled draws, newest first, before a draw time when paging. */
export async function findResults(
  db: HouseExecutor,
  gameCode: string,
  limit: number,
  before: number | null,
): Promise<DrawRecord[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT * FROM house.lottery_draws
        WHERE game_code = ${gameCode} AND status IN ('drawn', 'settled')
          ${before === null ? sql`` : sql`AND draws_at < ${at(before)}`}
        ORDER BY draws_at DESC LIMIT ${limit}`,
  );
  return rows.map(toDraw);
}

// Slips.

/**
 * The draw, its row locked for share in the caller's transaction (the slip's): the leader's close (an update of
 * that row) waits for the slips being written, and no slip lands after it.
 */
export async function lockDrawForSlip(db: HouseExecutor, drawId: number): Promise<DrawRecord | undefined> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT * FROM house.lottery_draws WHERE id = ${drawId} FOR SHARE`,
  );
  return rows[0] ? toDraw(rows[0]) : undefined;
}

export async function insertSlip(
  db: HouseExecutor,
  input: Omit<SlipRecord, 'id' | 'payoutMinor' | 'status' | 'createdAt' | 'settledAt'>,
): Promise<SlipRecord> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`INSERT INTO house.lottery_slips (slip_id, draw_id, game_code, player_ref, player_id, platform_token, brand,
          currency, prize_mode, bets, stake_minor, status)
        VALUES (${input.slipId}, ${input.drawId}, ${input.gameCode}, ${input.playerRef}, ${input.playerId},
                ${input.platformToken}, ${input.brand}, ${input.currency}, ${input.prizeMode},
                ${JSON.stringify(input.bets)}::jsonb, ${input.stakeMinor}, 'debiting')
        RETURNING *`,
  );
  return toSlip(rows[0]!);
}

/**
 * Adds the slip's exposure to the draw's, each key only if it stays within the limit: the keys in a fixed order
 * (no two slips wait on each other), each upsert re-reading the row another transaction just wrote. Answers the
 * first key refused, or null when every key was added; the caller rolls the transaction back on a refusal.
 */
export async function holdExposure(
  db: HouseExecutor,
  slot: { drawId: number; brand: string; currency: string },
  exposure: ReadonlyMap<string, number>,
  limitMinor: number,
): Promise<string | null> {
  for (const key of [...exposure.keys()].sort()) {
    const amount = exposure.get(key)!;
    if (amount > limitMinor) return key;
    const rows = await query(
      db,
      sql`INSERT INTO house.lottery_exposure AS e (draw_id, brand, currency, exposure_key, payout_minor)
          VALUES (${slot.drawId}, ${slot.brand}, ${slot.currency}, ${key}, ${amount})
          ON CONFLICT (draw_id, brand, currency, exposure_key)
          DO UPDATE SET payout_minor = e.payout_minor + EXCLUDED.payout_minor
          WHERE e.payout_minor + EXCLUDED.payout_minor <= ${limitMinor}
          RETURNING payout_minor`,
    );
    if (rows.length === 0) return key;
  }
  return null;
}

/** Gives a cancelled slip's exposure back. */
export async function releaseExposure(
  db: HouseExecutor,
  slot: { drawId: number; brand: string; currency: string },
  exposure: ReadonlyMap<string, number>,
): Promise<void> {
  const entries = [...exposure.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [key, amount] of entries) {
    await query(
      db,
      sql`UPDATE house.lottery_exposure SET payout_minor = GREATEST(payout_minor - ${amount}, 0)
          WHERE draw_id = ${slot.drawId} AND brand = ${slot.brand} AND currency = ${slot.currency}
            AND exposure_key = ${key}`,
    );
  }
}

export async function findExposure(
  db: HouseExecutor,
  drawId: number,
): Promise<{ brand: string; currency: string; key: string; payoutMinor: number }[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT brand, currency, exposure_key, payout_minor FROM house.lottery_exposure WHERE draw_id = ${drawId}
        ORDER BY brand, currency, exposure_key`,
  );
  return rows.map((row) => ({
    brand: row.brand as string,
    currency: row.currency as string,
    key: row.exposure_key as string,
    payoutMinor: toNumber(row.payout_minor),
  }));
}

/** Moves a slip from one of `from` to `to`; undefined when it was not in one of them (another pass moved it). */
export async function moveSlip(
  db: HouseExecutor,
  slipId: string,
  from: readonly SlipStatus[],
  to: SlipStatus,
  failure?: string,
): Promise<SlipRecord | undefined> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`UPDATE house.lottery_slips SET status = ${to}, updated_at = now()
          ${failure === undefined ? sql`` : sql`, failure = ${failure}`}
          ${to === 'settled' ? sql`, settled_at = now()` : sql``}
        WHERE slip_id = ${slipId} AND status = ANY(${textArray(from)}) RETURNING *`,
  );
  return rows[0] ? toSlip(rows[0]) : undefined;
}

export async function findSlip(db: HouseExecutor, slipId: string): Promise<SlipRecord | undefined> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT * FROM house.lottery_slips WHERE slip_id = ${slipId}`,
  );
  return rows[0] ? toSlip(rows[0]) : undefined;
}

/** A batch of a draw's slips in one status, in the order they were placed. */
export async function findDrawSlips(
  db: HouseExecutor,
  drawId: number,
  status: SlipStatus,
  limit: number,
  afterId = 0,
): Promise<SlipRecord[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT * FROM house.lottery_slips WHERE draw_id = ${drawId} AND status = ${status} AND id > ${afterId}
        ORDER BY id LIMIT ${limit}`,
  );
  return rows.map(toSlip);
}

/**
 * Writes the payouts of a batch of placed slips in one statement (status payout_due), each only if the slip is
 * still placed: a second pass over the same batch writes nothing, and the amounts are the same anyway.
 */
export async function writePayouts(
  db: HouseExecutor,
  payouts: readonly { slipId: string; payoutMinor: number }[],
): Promise<number> {
  if (payouts.length === 0) return 0;
  const rows = await query(
    db,
    sql`UPDATE house.lottery_slips AS s SET status = 'payout_due', payout_minor = p."payoutMinor", updated_at = now()
        FROM jsonb_to_recordset(${JSON.stringify(payouts)}::jsonb) AS p("slipId" text, "payoutMinor" bigint)
        WHERE s.slip_id = p."slipId" AND s.status = 'placed' RETURNING s.id`,
  );
  return rows.length;
}

/**
 * A draw's row locked for update in the caller's transaction: a void or a result's publication waits for the slips
 * being placed (which hold it for share) and for a batch of payouts being written, and they for it.
 */
export async function lockDrawForUpdate(db: HouseExecutor, drawId: number): Promise<DrawRecord | undefined> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT * FROM house.lottery_draws WHERE id = ${drawId} FOR UPDATE`,
  );
  return rows[0] ? toDraw(rows[0]) : undefined;
}

/** How many of the draw's slips are in each status. */
export async function countDrawSlips(db: HouseExecutor, drawId: number): Promise<Partial<Record<SlipStatus, number>>> {
  const rows = await query<{ status: string; count: unknown }>(
    db,
    sql`SELECT status, count(*) AS count FROM house.lottery_slips WHERE draw_id = ${drawId} GROUP BY status`,
  );
  return Object.fromEntries(rows.map((row) => [row.status, toNumber(row.count)]));
}

/**
 * Voids a draw not paid (the caller holds its row for update and has checked no payout is written): the draw
 * `void`, every slip placed or still being debited `refunding` (its debit's rollback owed), its exposure dropped.
 * Answers how many slips are to be refunded.
 */
export async function markVoid(db: HouseExecutor, drawId: number, reason: string, now: number): Promise<number> {
  await query(
    db,
    sql`UPDATE house.lottery_draws SET status = 'void', voided_at = ${at(now)}, void_reason = ${reason}
        WHERE id = ${drawId}`,
  );
  const slips = await query(
    db,
    sql`UPDATE house.lottery_slips SET status = 'refunding', updated_at = now()
        WHERE draw_id = ${drawId} AND status IN ('debiting', 'placed') RETURNING id`,
  );
  await query(db, sql`DELETE FROM house.lottery_exposure WHERE draw_id = ${drawId}`);
  return slips.length;
}

/** Records an operator's action on a draw (house.lottery_draw_actions). */
export async function insertDrawAction(
  db: HouseExecutor,
  input: {
    drawId: number;
    action: 'vn_result_entered' | 'vn_result_confirmed' | 'sea_result_entered' | 'sea_result_confirmed' | 'void';
    operatorId: string;
    detail: object;
    now: number;
  },
): Promise<void> {
  await query(
    db,
    sql`INSERT INTO house.lottery_draw_actions (draw_id, action, operator_id, detail, created_at)
        VALUES (${input.drawId}, ${input.action}, ${input.operatorId}, ${JSON.stringify(input.detail)}::jsonb,
                ${at(input.now)})`,
  );
}

export interface DrawAction {
  action: string;
  operatorId: string;
  detail: Record<string, unknown>;
  createdAt: string;
}

export async function findDrawActions(db: HouseExecutor, drawId: number): Promise<DrawAction[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT action, operator_id, detail, created_at FROM house.lottery_draw_actions WHERE draw_id = ${drawId}
        ORDER BY id`,
  );
  return rows.map((row) => ({
    action: row.action as string,
    operatorId: row.operator_id as string,
    detail: row.detail as Record<string, unknown>,
    createdAt: toIso(row.created_at),
  }));
}

// Vietnamese results waiting for their confirmation.

export interface VnEntryRecord {
  drawId: number;
  result: DrawResult;
  enteredBy: string;
  enteredAt: string;
  confirmedBy: string | null;
  confirmedAt: string | null;
  version: number;
}

function toEntry(row: Record<string, unknown>): VnEntryRecord {
  return {
    drawId: toNumber(row.draw_id),
    result: row.result as DrawResult,
    enteredBy: row.entered_by as string,
    enteredAt: toIso(row.entered_at),
    confirmedBy: (row.confirmed_by as string | null) ?? null,
    confirmedAt: row.confirmed_at ? toIso(row.confirmed_at) : null,
    version: toNumber(row.version),
  };
}

export async function findVnEntry(db: HouseExecutor, drawId: number): Promise<VnEntryRecord | undefined> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT * FROM house.lottery_vn_entries WHERE draw_id = ${drawId}`,
  );
  return rows[0] ? toEntry(rows[0]) : undefined;
}

/** Writes the draw's entry, or replaces the one not confirmed yet (its version moves on). */
export async function upsertVnEntry(
  db: HouseExecutor,
  input: { drawId: number; result: DrawResult; enteredBy: string; now: number },
): Promise<VnEntryRecord> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`INSERT INTO house.lottery_vn_entries AS e (draw_id, result, entered_by, entered_at)
        VALUES (${input.drawId}, ${JSON.stringify(input.result)}::jsonb, ${input.enteredBy}, ${at(input.now)})
        ON CONFLICT (draw_id) DO UPDATE SET result = EXCLUDED.result, entered_by = EXCLUDED.entered_by,
          entered_at = EXCLUDED.entered_at, version = e.version + 1
        WHERE e.confirmed_by IS NULL
        RETURNING *`,
  );
  return toEntry(rows[0]!);
}

export async function confirmVnEntry(
  db: HouseExecutor,
  drawId: number,
  confirmedBy: string,
  now: number,
): Promise<void> {
  await query(
    db,
    sql`UPDATE house.lottery_vn_entries SET confirmed_by = ${confirmedBy}, confirmed_at = ${at(now)}
        WHERE draw_id = ${drawId} AND confirmed_by IS NULL`,
  );
}

/**
 * Draws whose result is entered (Vietnamese, SEA) past their time with no result published, oldest first, with their
 * entries if any; only those of `gameCodes` when given.
 */
export async function findVnDrawsAwaitingResult(
  db: HouseExecutor,
  now: number,
  limit: number,
  gameCodes: readonly string[] | null = null,
): Promise<(DrawRecord & { entry: VnEntryRecord | null })[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT d.*, e.result AS entry_result, e.entered_by, e.entered_at, e.confirmed_by, e.confirmed_at, e.version,
          e.draw_id AS entry_draw_id
        FROM house.lottery_draws d LEFT JOIN house.lottery_vn_entries e ON e.draw_id = d.id
        WHERE d.seed IS NULL AND d.status IN ('scheduled', 'open', 'closed') AND d.draws_at <= ${at(now)}
          ${gameCodes === null ? sql`` : sql`AND d.game_code = ANY(${textArray(gameCodes)})`}
        ORDER BY d.draws_at, d.game_code LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    ...toDraw(row),
    entry: row.entry_draw_id == null ? null : toEntry({ ...row, draw_id: row.entry_draw_id, result: row.entry_result }),
  }));
}

/** Marks credited slips settled, in one statement. */
export async function markSlipsSettled(db: HouseExecutor, slipIds: readonly string[]): Promise<number> {
  if (slipIds.length === 0) return 0;
  const rows = await query(
    db,
    sql`UPDATE house.lottery_slips SET status = 'settled', settled_at = now(), updated_at = now()
        WHERE slip_id = ANY(${textArray(slipIds)}) AND status = 'payout_due' RETURNING id`,
  );
  return rows.length;
}

/** Slips left in a status for longer than `olderThanMs` (real time: a debit's or rollback's wait). */
export async function findStuckSlips(
  db: HouseExecutor,
  status: SlipStatus,
  olderThanMs: number,
  limit: number,
): Promise<SlipRecord[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT * FROM house.lottery_slips
        WHERE status = ${status} AND updated_at <= now() - ${olderThanMs}::integer * interval '1 millisecond'
        ORDER BY id LIMIT ${limit}`,
  );
  return rows.map(toSlip);
}

/** Moves a batch of refunded slips (their rollbacks acknowledged) to refunded, in one statement. */
export async function markSlipsRefunded(db: HouseExecutor, slipIds: readonly string[]): Promise<number> {
  if (slipIds.length === 0) return 0;
  const rows = await query(
    db,
    sql`UPDATE house.lottery_slips SET status = 'refunded', settled_at = now(), updated_at = now()
        WHERE slip_id = ANY(${textArray(slipIds)}) AND status = 'refunding' RETURNING id`,
  );
  return rows.length;
}

/** A player's slips, newest first, with their draws' numbers and results; not those cancelled or being cancelled. */
export async function findPlayerSlips(
  db: HouseExecutor,
  playerRef: number,
  filter: { gameCode: string | null; open: boolean | null; before: string | null },
  limit: number,
): Promise<(SlipRecord & { drawNo: string; drawsAt: number; result: DrawResult | null })[]> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT s.*, d.draw_no, d.draws_at, d.result FROM house.lottery_slips s
        JOIN house.lottery_draws d ON d.id = s.draw_id
        WHERE s.player_ref = ${playerRef} AND s.status NOT IN ('cancelling', 'cancelled')
          ${filter.gameCode === null ? sql`` : sql`AND s.game_code = ${filter.gameCode}`}
          ${filter.open === null ? sql`` : filter.open ? sql`AND s.status IN ('debiting', 'placed')` : sql`AND s.status IN ('payout_due', 'settled', 'refunding', 'refunded')`}
          ${
            // The cursor: the last slip of the page before, the player's own (another's gives an empty page).
            filter.before === null
              ? sql``
              : sql`AND s.id < (SELECT b.id FROM house.lottery_slips b
                                 WHERE b.slip_id = ${filter.before} AND b.player_ref = ${playerRef})`
          }
        ORDER BY s.id DESC LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    ...toSlip(row),
    drawNo: row.draw_no as string,
    drawsAt: epoch(row.draws_at),
    result: (row.result as DrawResult | null) ?? null,
  }));
}
