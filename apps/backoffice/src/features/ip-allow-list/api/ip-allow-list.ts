import { BACKOFFICE_CALLS, callWithParams, type IpAllowList, type SetIpAllowListRequest } from '@parlay/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../../lib/api-client';

const keyOf = (brand: string) => ['ip-allow-list', brand] as const;

/** GET /bo/api/brands/:brand/ip-allow-list, with the caller's own address as the server sees it. */
export function getIpAllowList(brand: string, signal?: AbortSignal): Promise<IpAllowList> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.ipAllowList, { brand }), { signal });
}

export function getIpAllowListQueryOptions(brand: string) {
  return queryOptions({ queryKey: keyOf(brand), queryFn: ({ signal }) => getIpAllowList(brand, signal) });
}

export function useIpAllowList(brand: string) {
  return useQuery(getIpAllowListQueryOptions(brand));
}

export function setIpAllowList(brand: string, request: SetIpAllowListRequest): Promise<IpAllowList> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.setIpAllowList, { brand }), { body: request });
}

/** Replaces the list; the answer is the list as saved. A stale version reloads it. */
export function useSetIpAllowList(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: SetIpAllowListRequest) => setIpAllowList(brand, request),
    onSuccess: (list) => client.setQueryData(keyOf(brand), list),
    onError: (error) => {
      if (isApiError(error, 'BO_CHANGED_SINCE_OPENED')) void client.invalidateQueries({ queryKey: keyOf(brand) });
    },
  });
}
