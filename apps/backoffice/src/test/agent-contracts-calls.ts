import {
  BACKOFFICE_CALLS,
  BoAgentSettingsResponseSchema,
  BoContractPageResponseSchema,
  BoContractResponseSchema,
} from '@parlay/contract';

/** The agent contracts page's calls (decision 0066) and the brand's agent settings, with the schemas of their answers, for `answer` in tests. */
export const AGENT_CONTRACTS_TEST_CALLS = {
  agentContracts: { ...BACKOFFICE_CALLS.agentContracts, schema: BoContractPageResponseSchema },
  setBrandAgentContract: { ...BACKOFFICE_CALLS.setBrandAgentContract, schema: BoContractResponseSchema },
  agentSettings: { ...BACKOFFICE_CALLS.agentSettings, schema: BoAgentSettingsResponseSchema },
  updateAgentSettings: { ...BACKOFFICE_CALLS.updateAgentSettings, schema: BoAgentSettingsResponseSchema },
} as const;
