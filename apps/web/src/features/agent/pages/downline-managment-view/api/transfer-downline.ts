import { DownlineTransferSchema, type DownlineTransfer, type TransferDownlineRequest } from '@parlay/contract';
import { TRANSFER_CALLS } from '@parlay/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { agentKeys } from '../../../api/query-keys';

/**
 * POST /wps/agent/transfers/downline: sends money to a member of my downline, once per requestId. The header's
 * balance follows from the balance socket (as the upline transfer's); the team's list and tree read their balances
 * again, and the overview what is left of today's limit.
 */
export function transferDownline(body: TransferDownlineRequest): Promise<DownlineTransfer> {
  return apiRequest(TRANSFER_CALLS.transferDownline, { body }, DownlineTransferSchema);
}

export function useTransferDownline() {
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.token);
  return useMutation({
    mutationFn: transferDownline,
    onSuccess: () => {
      for (const list of ['members', 'children'] as const) {
        void queryClient.invalidateQueries({ queryKey: [...agentKeys.all(token), list] });
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentKeys.transferOverview(token) }),
  });
}
