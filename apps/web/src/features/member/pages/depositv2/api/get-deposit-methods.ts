import { DepositMethodsSchema, type DepositMethods } from '@parlay/contract';
import { CASHIER_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { depositKeys } from './query-keys';

/** GET /wps/member/cashier/methods (docs/product/calls.md#cashier): the brand's deposit methods. */
export function getDepositMethods(signal?: AbortSignal): Promise<DepositMethods> {
  return apiRequest(CASHIER_CALLS.depositMethods, { signal }, DepositMethodsSchema);
}

export function getDepositMethodsQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: depositKeys.methods(token),
    queryFn: ({ signal }) => getDepositMethods(signal),
    enabled: token !== null,
  });
}

export function useDepositMethods() {
  const token = useSessionStore((state) => state.token);
  return useQuery(getDepositMethodsQueryOptions(token));
}
