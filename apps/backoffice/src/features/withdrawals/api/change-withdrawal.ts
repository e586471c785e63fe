import { BACKOFFICE_CALLS, callWithParams, type BoWithdrawal } from '@parlay/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withdrawalKeys } from './query-keys';

export type WithdrawalChange =
  | { action: 'approve'; id: number; version: number; payout: 'provider' | 'manual' }
  | { action: 'reject'; id: number; version: number; reason: string }
  | { action: 'paid'; id: number; version: number; reference?: string }
  | { action: 'retry'; id: number; version: number }
  | { action: 'resolve'; id: number; version: number; reason: string; refundMinor: number };

const CALLS = {
  approve: BACKOFFICE_CALLS.approveWithdrawal,
  reject: BACKOFFICE_CALLS.rejectWithdrawal,
  paid: BACKOFFICE_CALLS.markWithdrawalPaid,
  retry: BACKOFFICE_CALLS.retryWithdrawalPayout,
  resolve: BACKOFFICE_CALLS.resolveWithdrawalCase,
} as const;

/** One step of a withdrawal (approve, reject, mark paid, retry the payout, resolve its case), with its version. */
export function changeWithdrawal(brand: string, change: WithdrawalChange): Promise<BoWithdrawal> {
  const { action, id, ...body } = change;
  return apiRequest(callWithParams(CALLS[action], { brand, withdrawalId: id }), { body });
}

export function useChangeWithdrawal(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: WithdrawalChange) => changeWithdrawal(brand, change),
    // Done or refused (another operator moved it first), every queue asks again.
    onSettled: () => client.invalidateQueries({ queryKey: withdrawalKeys.all(brand) }),
  });
}
