import {
  callWithParams,
  ProofUploadedSchema,
  WithdrawalSchema,
  type ConfirmWithdrawalRequest,
  type Withdrawal,
} from '@parlay/contract';
import { WITHDRAWAL_CALLS } from '@parlay/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { withdrawKeys } from './query-keys';

/** PUT /wps/member/withdrawals/:withdrawalId/proofs: the image itself, checked by its bytes on the server. */
export function uploadProof(withdrawalId: number, file: Blob): Promise<{ proofCount: number }> {
  return apiRequest(
    callWithParams(WITHDRAWAL_CALLS.uploadProof, { withdrawalId }),
    { body: file },
    ProofUploadedSchema,
  );
}

/** POST /wps/member/withdrawals/:withdrawalId/confirm: received, partly received or not received. */
export function confirmWithdrawal(withdrawalId: number, body: ConfirmWithdrawalRequest): Promise<Withdrawal> {
  return apiRequest(callWithParams(WITHDRAWAL_CALLS.confirmWithdrawal, { withdrawalId }), { body }, WithdrawalSchema);
}

function useInvalidateWithdrawals() {
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.token);
  return () => queryClient.invalidateQueries({ queryKey: withdrawKeys.withdrawals(token) });
}

export function useUploadProof() {
  const invalidate = useInvalidateWithdrawals();
  return useMutation({
    mutationFn: ({ withdrawalId, file }: { withdrawalId: number; file: Blob }) => uploadProof(withdrawalId, file),
    onSuccess: invalidate,
  });
}

export function useConfirmWithdrawal() {
  const invalidate = useInvalidateWithdrawals();
  return useMutation({
    mutationFn: ({ withdrawalId, body }: { withdrawalId: number; body: ConfirmWithdrawalRequest }) =>
      confirmWithdrawal(withdrawalId, body),
    onSettled: invalidate,
  });
}
