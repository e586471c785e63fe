import { PaymentPasswordStatusSchema, type PaymentPasswordStatus } from '@parlay/contract';
import { SECURITY_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { securityKeys } from './query-keys';

/** GET /wps/member/security/payment-password: set or not, locked until when, where a reset code can go. */
export function getPaymentPassword(signal?: AbortSignal): Promise<PaymentPasswordStatus> {
  return apiRequest(SECURITY_CALLS.paymentPassword, { signal }, PaymentPasswordStatusSchema);
}

export function getPaymentPasswordQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: securityKeys.paymentPassword(token),
    queryFn: ({ signal }) => getPaymentPassword(signal),
    enabled: token !== null,
  });
}

export function usePaymentPassword() {
  const token = useSessionStore((state) => state.token);
  return useQuery(getPaymentPasswordQueryOptions(token));
}
