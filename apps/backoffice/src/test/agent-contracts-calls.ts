import { BACKOFFICE_CALLS, BoContractPageResponseSchema, BoContractResponseSchema } from '@parlay/contract';

/** The agent contracts page's calls with the schemas of their answers (decision 0066), for `answer` in tests. */
export const AGENT_CONTRACTS_TEST_CALLS = {
  agentContracts: { ...BACKOFFICE_CALLS.agentContracts, schema: BoContractPageResponseSchema },
  setBrandAgentContract: { ...BACKOFFICE_CALLS.setBrandAgentContract, schema: BoContractResponseSchema },
} as const;
