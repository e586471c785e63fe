import { WithdrawalSchema, type CreateWithdrawalRequest, type Withdrawal } from '@parlay/contract';
import { WITHDRAWAL_CALLS } from '@parlay/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { withdrawKeys } from './query-keys';

/** POST /wps/member/withdrawals: the amount is held until it is paid or rejected. */
export function createWithdrawal(body: CreateWithdrawalRequest): Promise<Withdrawal> {
  return apiRequest(WITHDRAWAL_CALLS.createWithdrawal, { body }, WithdrawalSchema);
}

export function useCreateWithdrawal() {
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.token);
  return useMutation({
    mutationFn: createWithdrawal,
    onSettled: () => queryClient.invalidateQueries({ queryKey: withdrawKeys.all(token) }),
  });
}
