import {
  BACKOFFICE_CALLS,
  PaySettlementRunResponseSchema,
  SettlementRunLinesResponseSchema,
  SettlementRunsResponseSchema,
} from '@parlay/contract';

/** The agent settlements page's calls with the schemas of their answers (decision 0068), for `answer` in tests. */
export const AGENT_SETTLEMENTS_TEST_CALLS = {
  agentSettlements: { ...BACKOFFICE_CALLS.agentSettlements, schema: SettlementRunsResponseSchema },
  agentSettlementLines: { ...BACKOFFICE_CALLS.agentSettlementLines, schema: SettlementRunLinesResponseSchema },
  payAgentSettlement: { ...BACKOFFICE_CALLS.payAgentSettlement, schema: PaySettlementRunResponseSchema },
} as const;
