import type { HouseExecutor } from '../db/database';
import { HouseError, type HouseErrorCode } from '../errors';
import type { DrawResult } from './lottery-games';
import * as repository from './lottery.repository';
import type { DrawRecord, VnEntryRecord } from './lottery.repository';

// The draws we do not draw (docs/decisions/0070-lottery-vendor.md): the Vietnamese regional draws (lottery-vn.ts)
// and the SEA 4D draws (lottery-sea.ts) take their numbers from the real lotteries. For both, one operator (or a
// results feed, as the operator `feed`) enters a draw's result, checked by its kind's checker; a second, different
// operator confirms it; only then is it published on the draw (status drawn, written once) and the draw loop settles
// its slips as any other's. What differs between the kinds is which games they are and how a result is checked and
// kept: a `ResultKind`. These work on the database alone, for the platform's back office.

/** The operator id a results feed enters under; no person may use it. */
export const FEED_OPERATOR = 'feed';

/** Which draw: its game and number (`20261129-0001`). */
export interface DrawRef {
  gameCode: string;
  drawNo: string;
}

/** A result entered and waiting for its confirmation (or confirmed, once published). */
export interface EntryView<Result> {
  result: Result;
  enteredBy: string;
  enteredAt: string;
  confirmedBy: string | null;
  confirmedAt: string | null;
  /** Moves on with every new entry: a confirmation may name the one it checked. */
  version: number;
}

/** A draw as an operator sees it once its result is published. */
export interface PublishedDraw<Result> {
  gameCode: string;
  drawNo: string;
  status: 'drawn';
  result: Result;
  enteredBy: string;
  confirmedBy: string;
}

/** What one kind of entered results (Vietnamese, SEA) decides for itself. */
export interface ResultKind<Result extends DrawResult> {
  /** The action names its entries and confirmations are recorded under (house.lottery_draw_actions). */
  actions: {
    entered: 'vn_result_entered' | 'sea_result_entered';
    confirmed: 'vn_result_confirmed' | 'sea_result_confirmed';
  };
  /** Refused with this when the game is not of the kind. */
  notOfKind: HouseErrorCode;
  /** The game codes of the kind. */
  gameCodes: readonly string[];
  /** The result checked for its shape and against the draw (HouseError else), answered canonical. */
  checked(draw: DrawRecord, input: unknown): Result;
  /** A stored result in its canonical form, so that two entries of the same numbers compare equal. */
  canonical(stored: DrawResult): Result;
}

const OPERATOR_ID = /^[\w.:@-]{1,128}$/;

/** A person's operator id: well formed and not the feed's. */
export function personOrThrow(operatorId: unknown): string {
  if (typeof operatorId !== 'string' || !OPERATOR_ID.test(operatorId) || operatorId === FEED_OPERATOR)
    throw new HouseError('HOUSE_BAD_REQUEST', { field: 'operatorId' });
  return operatorId;
}

export function toEntryView<Result extends DrawResult>(
  kind: ResultKind<Result>,
  entry: VnEntryRecord,
): EntryView<Result> {
  return {
    // jsonb keeps its keys in its own order: answered in the result's usual order.
    result: kind.canonical(entry.result),
    enteredBy: entry.enteredBy,
    enteredAt: entry.enteredAt,
    confirmedBy: entry.confirmedBy,
    confirmedAt: entry.confirmedAt,
    version: entry.version,
  };
}

/** The draw, its row held for update in `tx`; refused when it is not a draw of the kind waiting for its result. */
async function lockedDraw(
  tx: HouseExecutor,
  kind: ResultKind<DrawResult>,
  ref: DrawRef,
  now: number,
): Promise<DrawRecord> {
  if (!kind.gameCodes.includes(ref.gameCode)) throw new HouseError(kind.notOfKind);
  const found = await repository.findDraw(tx, ref.gameCode, ref.drawNo);
  const draw = found && (await repository.lockDrawForUpdate(tx, found.id));
  if (!draw) throw new HouseError('LOTTERY_DRAW_NOT_FOUND');
  if (draw.status === 'void') throw new HouseError('LOTTERY_DRAW_VOID');
  if (draw.status === 'drawn' || draw.status === 'settled') throw new HouseError('LOTTERY_VN_RESULT_PUBLISHED');
  if (now < draw.drawsAt) throw new HouseError('LOTTERY_VN_NOT_DRAWN_YET', { drawsAt: new Date(draw.drawsAt) });
  return draw;
}

/**
 * Enters a draw's result as `operatorId` (a person, or the feed), to be confirmed by another operator: an entry not
 * confirmed yet is replaced (its version moves on). Refusals: the kind's checker's, LOTTERY_VN_RESULT_PUBLISHED,
 * LOTTERY_DRAW_NOT_FOUND, LOTTERY_DRAW_VOID, LOTTERY_VN_NOT_DRAWN_YET, the kind's `notOfKind`.
 */
export async function enterResult<Result extends DrawResult>(
  db: HouseExecutor,
  kind: ResultKind<Result>,
  input: DrawRef & { result: unknown; operatorId: string; now: number },
): Promise<EntryView<Result>> {
  return db.transaction(async (tx) => {
    const draw = await lockedDraw(tx, kind, input, input.now);
    const result = kind.checked(draw, input.result);
    const entry = await repository.upsertVnEntry(tx, {
      drawId: draw.id,
      result,
      enteredBy: input.operatorId,
      now: input.now,
    });
    await repository.insertDrawAction(tx, {
      drawId: draw.id,
      action: kind.actions.entered,
      operatorId: input.operatorId,
      detail: { result, version: entry.version },
      now: input.now,
    });
    return toEntryView(kind, entry);
  });
}

/**
 * Confirms the result entered for a draw and publishes it: the draw `drawn` with that result, written once. The
 * confirming operator must not be the one who entered it (LOTTERY_VN_SAME_OPERATOR); with `version` or `result`, a
 * different entry is LOTTERY_VN_ENTRY_CHANGED and nothing is published; LOTTERY_VN_NO_ENTRY without an entry.
 */
export async function confirmResult<Result extends DrawResult>(
  db: HouseExecutor,
  kind: ResultKind<Result>,
  input: DrawRef & { operatorId: string; version?: number | undefined; result?: unknown; now: number },
): Promise<PublishedDraw<Result>> {
  const { operatorId, now } = input;
  return db.transaction(async (tx) => {
    const draw = await lockedDraw(tx, kind, input, now);
    const entry = await repository.findVnEntry(tx, draw.id);
    if (!entry) throw new HouseError('LOTTERY_VN_NO_ENTRY');
    if (entry.enteredBy === operatorId) throw new HouseError('LOTTERY_VN_SAME_OPERATOR');
    if (input.version !== undefined && input.version !== entry.version)
      throw new HouseError('LOTTERY_VN_ENTRY_CHANGED', { version: entry.version });
    if (input.result !== undefined) {
      const typed = kind.checked(draw, input.result);
      if (JSON.stringify(typed) !== JSON.stringify(kind.canonical(entry.result)))
        throw new HouseError('LOTTERY_VN_ENTRY_CHANGED', { version: entry.version });
    }
    await repository.confirmVnEntry(tx, draw.id, operatorId, now);
    await repository.markDrawn(tx, draw.id, entry.result, now);
    await repository.insertDrawAction(tx, {
      drawId: draw.id,
      action: kind.actions.confirmed,
      operatorId,
      detail: { version: entry.version, enteredBy: entry.enteredBy },
      now,
    });
    return {
      gameCode: draw.gameCode,
      drawNo: draw.drawNo,
      status: 'drawn' as const,
      result: kind.canonical(entry.result),
      enteredBy: entry.enteredBy,
      confirmedBy: operatorId,
    };
  });
}

/** The kind's draws past their time whose result is not published, oldest first, with the entry waiting. */
export async function findAwaiting<Result extends DrawResult>(
  db: HouseExecutor,
  kind: ResultKind<Result>,
  options: { now?: number | undefined; limit?: number | undefined },
): Promise<(DrawRecord & { entry: EntryView<Result> | null })[]> {
  const draws = await repository.findVnDrawsAwaitingResult(
    db,
    options.now ?? Date.now(),
    options.limit ?? 200,
    kind.gameCodes,
  );
  return draws.map((draw) => ({ ...draw, entry: draw.entry ? toEntryView(kind, draw.entry) : null }));
}

/**
 * Enters a feed's answer for every draw of the kind past its time with no entry yet, as the operator `feed` (an
 * operator then confirms it). `fetch` answers null while the feed has no result. A result the feed gets wrong is
 * refused as an operator's would be and left for the operators. Answers what was entered and what was refused.
 */
export async function enterFromFeed<Result extends DrawResult>(
  db: HouseExecutor,
  kind: ResultKind<Result>,
  now: number,
  fetch: (draw: DrawRecord) => Promise<unknown>,
): Promise<{ entered: DrawRef[]; refused: (DrawRef & { code: string })[] }> {
  const entered: DrawRef[] = [];
  const refused: (DrawRef & { code: string })[] = [];
  for (const draw of await findAwaiting(db, kind, { now })) {
    if (draw.entry) continue;
    const result = await fetch(draw);
    if (!result) continue;
    const ref = { gameCode: draw.gameCode, drawNo: draw.drawNo };
    try {
      await enterResult(db, kind, { ...ref, result, operatorId: FEED_OPERATOR, now });
      entered.push(ref);
    } catch (error) {
      if (!(error instanceof HouseError)) throw error;
      refused.push({ ...ref, code: error.code });
    }
  }
  return { entered, refused };
}
