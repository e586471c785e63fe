import { MerchantWalletSchema, type MerchantWallet, type WalletTransferBody } from '@parlay/contract';
import { WALLET_CALLS } from '@parlay/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { getMerchantWalletQueryOptions } from './get-merchant-wallet';

/**
 * POST /wps/relay/GCS_walletTransfer (docs/product/calls.md#wallet): between the main wallet and a vendor wallet, once
 * per requestId. The total does not change, so the header's balance stays as it is.
 */
export function transferWallet(body: WalletTransferBody): Promise<MerchantWallet> {
  return apiRequest(WALLET_CALLS.walletTransfer, { body }, MerchantWalletSchema);
}

export function useTransferWallet() {
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.token);
  return useMutation({
    mutationFn: transferWallet,
    onSuccess: (wallets) => queryClient.setQueryData(getMerchantWalletQueryOptions(token).queryKey, wallets),
  });
}
