import {
  BACKOFFICE_CALLS,
  callWithParams,
  type ContractKind,
  type Page,
  type PaySettlementRunResult,
  type SettlementRun,
  type SettlementRunLines,
  type SettlementRuns,
} from '@parlay/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Query keys of the agent settlements page, per brand. */
export const agentSettlementKeys = {
  all: (brand: string) => ['agent-settlements', brand] as const,
  list: (brand: string, query: object) => [...agentSettlementKeys.all(brand), 'list', query] as const,
  lines: (brand: string, runId: number) => [...agentSettlementKeys.all(brand), 'lines', runId] as const,
};

/** Runs a page shows. */
export const RUNS_PER_PAGE = 20;

export interface RunListQuery {
  kind?: ContractKind | undefined;
  pendingOnly?: boolean | undefined;
  /** The previous page's nextCursor; absent for the first page. */
  cursor?: string | undefined;
}

/** The runs' answer as a keyset page, with the brand's money and pending totals. */
export type RunPage = Page<SettlementRun> & Omit<SettlementRuns, 'runs' | 'nextCursor'>;

/** The brand's runs with lines, newest first, a keyset page at a time (the server answers the next page's cursor). */
export function useSettlementRuns(brand: string, query: RunListQuery) {
  return useQuery({
    queryKey: agentSettlementKeys.list(brand, query),
    queryFn: async ({ signal }): Promise<RunPage> => {
      const answer: SettlementRuns = await apiRequest(callWithParams(BACKOFFICE_CALLS.agentSettlements, { brand }), {
        query: {
          limit: RUNS_PER_PAGE,
          kind: query.kind,
          pendingOnly: query.pendingOnly ? 'true' : undefined,
          cursor: query.cursor,
        },
        signal,
      });
      const { runs, ...rest } = answer;
      return { ...rest, items: runs };
    },
    placeholderData: keepPreviousData,
  });
}

/** One run with its lines (each contract's figures, tier, amount, payer and payment). */
export function useSettlementRunLines(brand: string, runId: number) {
  return useQuery({
    queryKey: agentSettlementKeys.lines(brand, runId),
    queryFn: ({ signal }): Promise<SettlementRunLines> =>
      apiRequest(callWithParams(BACKOFFICE_CALLS.agentSettlementLines, { brand, runId: String(runId) }), { signal }),
  });
}

/** A run's pending lines tried again now (audited): each paid once by its key, a payer still short left pending. */
export function usePaySettlementRun(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (runId: number): Promise<PaySettlementRunResult> =>
      apiRequest(callWithParams(BACKOFFICE_CALLS.payAgentSettlement, { brand, runId: String(runId) }), { body: {} }),
    onSettled: () => client.invalidateQueries({ queryKey: agentSettlementKeys.all(brand) }),
  });
}
