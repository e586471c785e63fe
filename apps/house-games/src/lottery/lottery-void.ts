import type { HouseExecutor } from '../db/database';
import { HouseError } from '../errors';
import { isLotteryGameCode } from './lottery-games';
import * as repository from './lottery.repository';

// Voiding a draw (docs/decisions/0070-lottery-vendor.md): an operator's audited action, for any game. A draw is void
// before its result, or after it as long as no payout of it is written; its result, if it had one, stays as
// published. Every slip placed on it (or still being debited) is refunded: the draw loop rolls back each slip's
// debit with the slip's own id as key, so the platform gives the stake back once and cancels the round.

export interface VoidedDraw {
  gameCode: string;
  drawNo: string;
  status: 'void';
  /** False when the draw already was void: nothing more was done. */
  voided: boolean;
  /** The slips this void made refundable (0 when it already was void). */
  refunds: number;
}

/**
 * Voids a draw and has its slips refunded by the draw loop (within its next pass). Refused: LOTTERY_DRAW_NOT_FOUND;
 * LOTTERY_DRAW_PAID once a payout of the draw is written (settled, or drawn with slips settling): a paid draw
 * stands. Voiding a void draw again answers `voided: false` and changes nothing. `reason` is kept on the draw and,
 * with the operator, in house.lottery_draw_actions.
 */
export async function voidLotteryDraw(
  db: HouseExecutor,
  input: { gameCode: string; drawNo: string; operatorId: string; reason: string; now?: number },
): Promise<VoidedDraw> {
  if (typeof input.operatorId !== 'string' || !/^[\w.:@-]{1,128}$/.test(input.operatorId))
    throw new HouseError('HOUSE_BAD_REQUEST', { field: 'operatorId' });
  const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
  if (reason.length === 0 || reason.length > 500) throw new HouseError('HOUSE_BAD_REQUEST', { field: 'reason' });
  if (!isLotteryGameCode(input.gameCode)) throw new HouseError('LOTTERY_DRAW_NOT_FOUND');
  const now = input.now ?? Date.now();
  return db.transaction(async (tx) => {
    const found = await repository.findDraw(tx, input.gameCode, input.drawNo);
    // Held for update: slips being placed (which hold it for share) finish first, and a batch of payouts being
    // written (under the same share) either is written before (and this refuses) or finds the draw void.
    const draw = found && (await repository.lockDrawForUpdate(tx, found.id));
    if (!draw) throw new HouseError('LOTTERY_DRAW_NOT_FOUND');
    const answer = { gameCode: draw.gameCode, drawNo: draw.drawNo, status: 'void' as const };
    if (draw.status === 'void') return { ...answer, voided: false, refunds: 0 };
    if (draw.status === 'settled') throw new HouseError('LOTTERY_DRAW_PAID');
    const slips = await repository.countDrawSlips(tx, draw.id);
    if ((slips.payout_due ?? 0) > 0 || (slips.settled ?? 0) > 0) throw new HouseError('LOTTERY_DRAW_PAID');
    const refunds = await repository.markVoid(tx, draw.id, reason, now);
    await repository.insertDrawAction(tx, {
      drawId: draw.id,
      action: 'void',
      operatorId: input.operatorId,
      detail: { reason, statusBefore: draw.status, refunds },
      now,
    });
    return { ...answer, voided: true, refunds };
  });
}

/** Every operator action on a draw, oldest first: results entered and confirmed, the void, with their details. */
export async function listLotteryDrawActions(
  db: HouseExecutor,
  input: { gameCode: string; drawNo: string },
): Promise<repository.DrawAction[]> {
  const draw = await repository.findDraw(db, input.gameCode, input.drawNo);
  if (!draw) throw new HouseError('LOTTERY_DRAW_NOT_FOUND');
  return repository.findDrawActions(db, draw.id);
}
