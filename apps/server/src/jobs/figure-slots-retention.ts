import type { MemberFiguresService } from '../modules/member-figures/index';
import { startIntervalJob, type IntervalJob, type JobLog } from './interval-job';

/**
 * How long the members' 5-minute slots are kept (member_figure_slots, decision 0068): only the real-time salary reads
 * them, for periods settled a minute after they end, so 35 days covers any settlement catching up after an outage
 * with room to spare. A brand's days and hours, which its reports and other contracts read, are kept.
 */
export const FIGURE_SLOTS_RETENTION_DAYS = 35;
/** How often the job runs. */
export const FIGURE_SLOTS_RETENTION_EVERY_MS = 60 * 60_000;
/** Rows deleted per statement: a backlog goes in short statements, none holding its locks for long. */
export const FIGURE_SLOTS_RETENTION_BATCH = 5_000;

/** Deletes the slots older than FIGURE_SLOTS_RETENTION_DAYS at `now`, `batch` rows a statement; answers how many. */
export async function removeOldFigureSlots(
  figures: Pick<MemberFiguresService, 'removeSlotsBefore'>,
  now: Date,
  batch = FIGURE_SLOTS_RETENTION_BATCH,
): Promise<number> {
  const before = new Date(now.getTime() - FIGURE_SLOTS_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  let total = 0;
  for (;;) {
    const deleted = await figures.removeSlotsBefore(before, batch);
    total += deleted;
    if (deleted < batch) return total;
  }
}

/** Runs removeOldFigureSlots hourly against `clock` (tests pass their own); a run that deleted nothing is not logged. */
export function startFigureSlotsRetention(
  figures: Pick<MemberFiguresService, 'removeSlotsBefore'>,
  log: JobLog,
  options: { clock?: () => Date; everyMs?: number } = {},
): IntervalJob {
  const clock = options.clock ?? (() => new Date());
  return startIntervalJob(
    'figure-slots-retention',
    options.everyMs ?? FIGURE_SLOTS_RETENTION_EVERY_MS,
    async () => ({ slots: await removeOldFigureSlots(figures, clock()) }),
    log,
    { isIdle: (result) => (result as { slots: number }).slots === 0 },
  );
}
