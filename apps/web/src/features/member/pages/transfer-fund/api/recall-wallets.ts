import { MerchantWalletSchema, type MerchantWallet, type WalletRecallBody } from '@parlay/contract';
import { WALLET_CALLS } from '@parlay/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { getMerchantWalletQueryOptions } from './get-merchant-wallet';

/** POST /wps/member/wallet/recall (docs/product/calls.md#wallet): every vendor wallet's money back to the main one. */
export function recallWallets(body: WalletRecallBody): Promise<MerchantWallet> {
  return apiRequest(WALLET_CALLS.walletRecall, { body }, MerchantWalletSchema);
}

export function useRecallWallets() {
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.token);
  return useMutation({
    mutationFn: recallWallets,
    onSuccess: (wallets) => queryClient.setQueryData(getMerchantWalletQueryOptions(token).queryKey, wallets),
  });
}
