import { UplineTransferSchema, type TransferUplineRequest, type UplineTransfer } from '@parlay/contract';
import { TRANSFER_CALLS } from '@parlay/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { transferUplineKeys } from './query-keys';

/**
 * POST /wps/member/transfers/upline: sends money to my upline agent, once per requestId. The header's balance follows
 * from the balance socket; the page reads its overview again (balance, what is left of today's limit).
 */
export function transferUpline(body: TransferUplineRequest): Promise<UplineTransfer> {
  return apiRequest(TRANSFER_CALLS.transferUpline, { body }, UplineTransferSchema);
}

export function useTransferUpline() {
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.token);
  return useMutation({
    mutationFn: transferUpline,
    onSettled: () => queryClient.invalidateQueries({ queryKey: transferUplineKeys.overview(token) }),
  });
}
