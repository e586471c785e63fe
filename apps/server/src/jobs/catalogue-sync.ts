import { CATALOGUE_SYNC_EVERY_MS } from '@parlay/contract';
import type { CatalogueSyncService } from '../modules/games/index';
import { startIntervalJob, type IntervalJob, type JobLog } from './interval-job';

/** How often the vendors whose feed is due are looked for; each is read every CATALOGUE_SYNC_EVERY_MS. */
export const CATALOGUE_SYNC_CHECK_EVERY_MS = 15 * 60_000;

/** Catalogue sync on a timer: reads again the feed of every vendor that publishes one and is due. */
export function startCatalogueSync(
  feeds: CatalogueSyncService,
  log: JobLog,
  everyMs = CATALOGUE_SYNC_CHECK_EVERY_MS,
): IntervalJob {
  return startIntervalJob('catalogue-sync', everyMs, () => feeds.syncDueCatalogues(CATALOGUE_SYNC_EVERY_MS), log);
}
