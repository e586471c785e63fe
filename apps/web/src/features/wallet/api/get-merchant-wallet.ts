import { MerchantWalletSchema, type MerchantWallet } from '@parlay/contract';
import { WALLET_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { walletKeys } from './query-keys';

/**
 * GET /wps/relay/GCS_merchantWallet (docs/product/calls.md#wallet): whether the brand plays from one wallet, and
 * my wallets.
 */
export function getMerchantWallet(signal?: AbortSignal): Promise<MerchantWallet> {
  return apiRequest(WALLET_CALLS.merchantWallet, { query: { isSingle: 'false' }, signal }, MerchantWalletSchema);
}

export function getMerchantWalletQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: walletKeys.merchantWallet(token),
    queryFn: ({ signal }) => getMerchantWallet(signal),
    enabled: token !== null,
    staleTime: 30_000,
  });
}

export function useMerchantWallet(enabled = true) {
  const token = useSessionStore((state) => state.token);
  const options = getMerchantWalletQueryOptions(token);
  return useQuery({ ...options, enabled: options.enabled !== false && enabled });
}
