import { BACKOFFICE_CALLS, BoTreeNodeResponseSchema, BoTreePageResponseSchema } from '@parlay/contract';

/** The downline tree page's calls with the schemas of their answers (decision 0059), for `answer` in tests. */
export const AGENT_TREE_TEST_CALLS = {
  agentTree: { ...BACKOFFICE_CALLS.agentTree, schema: BoTreePageResponseSchema },
  agentTreeChildren: { ...BACKOFFICE_CALLS.agentTreeChildren, schema: BoTreePageResponseSchema },
  moveAgentTreeMember: { ...BACKOFFICE_CALLS.moveAgentTreeMember, schema: BoTreeNodeResponseSchema },
} as const;
