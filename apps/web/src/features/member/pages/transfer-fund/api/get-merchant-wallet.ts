import { MerchantWalletSchema, type MerchantWallet } from '@parlay/contract';
import { WALLET_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { transferFundKeys } from './query-keys';

/**
 * GET /wps/relay/GCS_merchantWallet (docs/product/calls.md#wallet): whether the brand plays from one wallet, and my
 * wallets with their balances.
 */
export function getMerchantWallet(signal?: AbortSignal): Promise<MerchantWallet> {
  return apiRequest(WALLET_CALLS.merchantWallet, { query: { isSingle: 'false' }, signal }, MerchantWalletSchema);
}

export function getMerchantWalletQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: transferFundKeys.wallets(token),
    queryFn: ({ signal }) => getMerchantWallet(signal),
    enabled: token !== null,
    // A game in another tab moves a vendor wallet: read again whenever the page opens.
    staleTime: 0,
  });
}

export function useMerchantWallet() {
  const token = useSessionStore((state) => state.token);
  return useQuery(getMerchantWalletQueryOptions(token));
}
