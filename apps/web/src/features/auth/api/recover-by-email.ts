import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /wps/member/password/email (form-urlencoded): a one-use reset link by e-mail. */
export function recoverByEmail(request: { username: string; email: string }) {
  return apiRequest('/wps/member/password/email', { method: 'POST', body: new URLSearchParams(request) });
}

export function useRecoverByEmail() {
  return useMutation({ mutationFn: recoverByEmail });
}
