import {
  PaymentPasswordCodeSentSchema,
  type ChangePaymentPasswordRequest,
  type PaymentPasswordChannel,
  type PaymentPasswordCodeSent,
  type ResetPaymentPasswordRequest,
  type SetPaymentPasswordRequest,
} from '@parlay/contract';
import { SECURITY_CALLS } from '@parlay/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { securityKeys } from './query-keys';

// The payment password's writes, one flow: set (with the login password), change, and the reset by a code.

/** POST /wps/member/security/payment-password: the first one, with the login password. */
export function setPaymentPassword(request: SetPaymentPasswordRequest): Promise<unknown> {
  return apiRequest(SECURITY_CALLS.setPaymentPassword, { body: request });
}

/** POST /wps/member/security/payment-password/change: with the current one. */
export function changePaymentPassword(request: ChangePaymentPasswordRequest): Promise<unknown> {
  return apiRequest(SECURITY_CALLS.changePaymentPassword, { body: request });
}

/** POST /wps/member/security/payment-password/reset/code: a code to the bound mobile or e-mail. */
export function sendPaymentPasswordCode(channel: PaymentPasswordChannel): Promise<PaymentPasswordCodeSent> {
  return apiRequest(SECURITY_CALLS.sendPaymentPasswordCode, { body: { channel } }, PaymentPasswordCodeSentSchema);
}

/** POST /wps/member/security/payment-password/reset: the new one with the code; a lock ends with it. */
export function resetPaymentPassword(request: ResetPaymentPasswordRequest): Promise<unknown> {
  return apiRequest(SECURITY_CALLS.resetPaymentPassword, { body: request });
}

/** A try changes the status (a wrong one counts, the fifth locks): read it again whatever the answer. */
function useRefreshStatus() {
  const token = useSessionStore((state) => state.token);
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: securityKeys.paymentPassword(token) });
}

export function useSetPaymentPassword() {
  const refresh = useRefreshStatus();
  return useMutation({ mutationFn: setPaymentPassword, onSettled: refresh });
}

export function useChangePaymentPassword() {
  const refresh = useRefreshStatus();
  return useMutation({ mutationFn: changePaymentPassword, onSettled: refresh });
}

export function useSendPaymentPasswordCode() {
  return useMutation({ mutationFn: sendPaymentPasswordCode });
}

export function useResetPaymentPassword() {
  const refresh = useRefreshStatus();
  return useMutation({ mutationFn: resetPaymentPassword, onSettled: refresh });
}
