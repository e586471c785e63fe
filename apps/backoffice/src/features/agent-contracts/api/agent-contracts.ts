import {
  BACKOFFICE_CALLS,
  callWithParams,
  type BoContract,
  type BoContractPage,
  type BoSetBrandContractRequest,
  type BrandSettings,
} from '@parlay/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Query keys of the agent contracts page, per brand. */
export const agentContractKeys = {
  all: (brand: string) => ['agent-contracts', brand] as const,
  list: (brand: string, query: object) => [...agentContractKeys.all(brand), 'list', query] as const,
  currency: (brand: string) => [...agentContractKeys.all(brand), 'currency'] as const,
};

export interface ContractListQuery {
  /** open: offered or active; ended: the others; '' or undefined: all. */
  status?: 'open' | 'ended' | undefined;
  cursor?: string | undefined;
}

/** The brand's contracts, newest first (keyset): the brand's own with its top agents and the agents' with theirs. */
export function useAgentContracts(brand: string, query: ContractListQuery) {
  return useQuery({
    queryKey: agentContractKeys.list(brand, query),
    queryFn: ({ signal }): Promise<BoContractPage> =>
      apiRequest(callWithParams(BACKOFFICE_CALLS.agentContracts, { brand }), {
        query: { limit: 50, status: query.status, cursor: query.cursor },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The brand's currency: the tiers' minimum valid bet is typed in its major units. */
export function useBrandCurrency(brand: string) {
  return useQuery({
    queryKey: agentContractKeys.currency(brand),
    queryFn: async ({ signal }) => {
      const settings: BrandSettings = await apiRequest(callWithParams(BACKOFFICE_CALLS.brandSettings, { brand }), {
        signal,
      });
      return settings.currency.code;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Sets the brand's contract with a top agent (audited): active at once, in place of its brand contract of the kind. */
export function useSetBrandContract(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BoSetBrandContractRequest): Promise<BoContract> =>
      apiRequest(callWithParams(BACKOFFICE_CALLS.setBrandAgentContract, { brand }), { body }),
    onSettled: () => client.invalidateQueries({ queryKey: [...agentContractKeys.all(brand), 'list'] }),
  });
}
