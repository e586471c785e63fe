import {
  BankAccountSchema,
  type BankAccount,
  type BindBankAccountRequest,
  type RemoveBankAccountRequest,
} from '@parlay/contract';
import { WITHDRAWAL_CALLS } from '@parlay/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { withdrawKeys } from './query-keys';

/** POST /wps/member/withdrawals/bank-accounts: binds an account in the registered real name. */
export function bindBankAccount(body: BindBankAccountRequest): Promise<BankAccount> {
  return apiRequest(WITHDRAWAL_CALLS.bindBankAccount, { body }, BankAccountSchema);
}

/** POST /wps/member/withdrawals/bank-accounts/remove: with the payment password. */
export function removeBankAccount(body: RemoveBankAccountRequest): Promise<null> {
  return apiRequest<null>(WITHDRAWAL_CALLS.removeBankAccount, { body });
}

function useInvalidateOverview() {
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.token);
  return () => queryClient.invalidateQueries({ queryKey: withdrawKeys.overview(token) });
}

export function useBindBankAccount() {
  const invalidate = useInvalidateOverview();
  return useMutation({ mutationFn: bindBankAccount, onSuccess: invalidate });
}

export function useRemoveBankAccount() {
  const invalidate = useInvalidateOverview();
  return useMutation({ mutationFn: removeBankAccount, onSuccess: invalidate });
}
