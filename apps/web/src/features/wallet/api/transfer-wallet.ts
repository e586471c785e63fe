import { MerchantWalletSchema, type MerchantWallet } from '@parlay/contract';
import { WALLET_CALLS } from '@parlay/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { getMerchantWalletQueryOptions } from './get-merchant-wallet';
import { walletKeys } from './query-keys';

export interface WalletTransfer {
  fromWallet: string;
  toWallet: string;
  amountMinor: number;
  /** Chosen once per attempt, so a repeated click or a retry moves the money once. */
  requestId: string;
}

/** POST /wps/relay/GCS_walletTransfer (docs/product/calls.md#wallet): between the main wallet and a vendor wallet. */
export function transferWallet(transfer: WalletTransfer): Promise<MerchantWallet> {
  return apiRequest(WALLET_CALLS.walletTransfer, { body: transfer }, MerchantWalletSchema);
}

export function useTransferWallet() {
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.token);
  return useMutation({
    mutationFn: transferWallet,
    onSuccess: (wallet) => {
      queryClient.setQueryData(getMerchantWalletQueryOptions(token).queryKey, wallet);
      void queryClient.invalidateQueries({ queryKey: walletKeys.balance(token) });
    },
  });
}
