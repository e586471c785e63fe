import { ACCOUNT_CALLS } from '@parlay/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /wps/member/password/email (form-urlencoded): a one-use reset link by e-mail. */
export function recoverByEmail(request: { username: string; email: string }) {
  return apiRequest(ACCOUNT_CALLS.emailRecovery, { body: new URLSearchParams(request) });
}

export function useRecoverByEmail() {
  return useMutation({ mutationFn: recoverByEmail });
}
