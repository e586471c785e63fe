import {
  ContractActionSchema,
  KindContractsSchema,
  type ContractActionRequest,
  type ContractActionResult,
  type ContractKind,
  type KindContracts,
} from '@parlay/contract';
import { AGENT_CALLS } from '@parlay/contract/constants';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { agentKeys } from '../../../api/query-keys';

/** GET /wps/agent/contracts/of-kind: my contracts of `kind` from my upline, to my direct downline, and the ended ones. */
export function getKindContracts(kind: ContractKind, signal?: AbortSignal): Promise<KindContracts> {
  return apiRequest(AGENT_CALLS.kindContracts, { query: { kind }, signal }, KindContractsSchema);
}

export function getKindContractsQueryOptions(token: string | null, kind: ContractKind) {
  return queryOptions({
    queryKey: agentKeys.contracts(token, kind),
    queryFn: ({ signal }) => getKindContracts(kind, signal),
    enabled: token !== null,
    staleTime: 15_000,
  });
}

export function useKindContracts(kind: ContractKind) {
  const token = useSessionStore((state) => state.token);
  return useQuery(getKindContractsQueryOptions(token, kind));
}

/** The page's contracts, which the panel waits for before it shows the page (pages.ts). */
export function prefetchKindContracts(kind: ContractKind) {
  return (client: QueryClient, token: string | null): Promise<unknown> =>
    client.prefetchQuery(getKindContractsQueryOptions(token, kind));
}

/**
 * POST /wps/agent/contracts/process: an action on a contract (each with the version read; an offer with its terms).
 * Settled either way, the kind is read again: a refusal such as CONTRACT_CHANGED means the page shows an old state.
 */
export function useProcessContract(kind: ContractKind) {
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.token);
  return useMutation({
    mutationFn: (body: ContractActionRequest): Promise<ContractActionResult> =>
      apiRequest(AGENT_CALLS.processContract, { body }, ContractActionSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentKeys.contracts(token, kind) }),
  });
}
