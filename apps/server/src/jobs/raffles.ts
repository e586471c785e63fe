import type { RaffleService } from '../modules/raffles/index';
import { startIntervalJob, type IntervalJob, type JobLog } from './interval-job';

/** How often the draw job looks for raffles past their draw time (decision 0055). */
export const RAFFLE_DRAW_EVERY_MS = 30_000;

/**
 * Raffles' draw: each open raffle past its draw time drawn once (one transaction each, its row locked with SKIP
 * LOCKED: one instance draws it). Once at start, so that a restarted server finishes a draw a kill interrupted, then
 * every 30 seconds.
 */
export function startRaffleDraw(
  raffles: Pick<RaffleService, 'drawDue'>,
  log: JobLog,
  everyMs = RAFFLE_DRAW_EVERY_MS,
): IntervalJob {
  return startIntervalJob('raffle-draw', everyMs, () => raffles.drawDue(), log, {
    isIdle: (result) => (result as { drawn: number }).drawn === 0,
  });
}
