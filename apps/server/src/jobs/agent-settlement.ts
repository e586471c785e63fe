import type { AgentSettlementService } from '../modules/agents/index';
import { startIntervalJob, type IntervalJob, type JobLog } from './interval-job';

/** How often the settlement looks for ended periods (real-time salary's are 5 minutes, settled a minute after). */
export const AGENT_SETTLEMENT_EVERY_MS = 30_000;

/**
 * Contract settlement (decision 0068): every ended period of every kind past its grace and counted by the feed is
 * settled once by its key, and every open line tried (each paid once by its key). Once at start, then every 30 s.
 */
export function startAgentSettlement(
  settlements: Pick<AgentSettlementService, 'settleDue'>,
  log: JobLog,
  everyMs = AGENT_SETTLEMENT_EVERY_MS,
): IntervalJob {
  return startIntervalJob('agent-settlement', everyMs, () => settlements.settleDue(), log, {
    isIdle: (result) => {
      const { settled, paid, pending } = result as { settled: number; paid: number; pending: number };
      return paid === 0 && pending === 0 && settled === 0;
    },
  });
}
