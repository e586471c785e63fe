import { DownlineTransferOverviewSchema, type DownlineTransferOverview } from '@parlay/contract';
import { TRANSFER_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { agentKeys } from '../../../api/query-keys';

/**
 * GET /wps/agent/transfers/downline (docs/product/calls.md#transfer-to-the-downline): how deep the brand lets me send
 * (`any` or `direct`), its limits, what I sent today and my balance.
 */
export function getDownlineTransferOverview(signal?: AbortSignal): Promise<DownlineTransferOverview> {
  return apiRequest(TRANSFER_CALLS.downlineOverview, { signal }, DownlineTransferOverviewSchema);
}

export function getDownlineTransferOverviewQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: agentKeys.transferOverview(token),
    queryFn: ({ signal }) => getDownlineTransferOverview(signal),
    enabled: token !== null,
    // The balance changes with every round: the dialog reads it again each time it opens.
    staleTime: 0,
  });
}

export function useDownlineTransferOverview() {
  const token = useSessionStore((state) => state.token);
  return useQuery(getDownlineTransferOverviewQueryOptions(token));
}

/**
 * How deep the brand lets me send, for the team's Send actions: read once with the page (the dialog reads the whole
 * overview again when it opens), so the tree's nodes do not each ask for it.
 */
export function useDownlineTransferScope() {
  const token = useSessionStore((state) => state.token);
  return useQuery({
    ...getDownlineTransferOverviewQueryOptions(token),
    staleTime: 60_000,
    select: (overview) => overview.scope,
  }).data;
}
