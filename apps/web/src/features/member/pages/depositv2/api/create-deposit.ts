import { DepositOrderSchema, type CreateDepositRequest, type DepositOrder } from '@parlay/contract';
import { CASHIER_CALLS } from '@parlay/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { depositKeys } from './query-keys';

/** POST /wps/member/cashier/deposits (docs/product/calls.md#cashier): a new order with what to pay it by. */
export function createDeposit(body: CreateDepositRequest): Promise<DepositOrder> {
  return apiRequest(CASHIER_CALLS.createDeposit, { body }, DepositOrderSchema);
}

export function useCreateDeposit() {
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.token);
  return useMutation({
    mutationFn: createDeposit,
    onSettled: () => queryClient.invalidateQueries({ queryKey: depositKeys.orders(token) }),
  });
}
