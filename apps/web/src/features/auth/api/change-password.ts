import type { ChangePasswordRequest } from '@parlay/contract';
import { useMutation } from '@tanstack/react-query';
import { encryptedRequest } from '../lib/encrypt-body';

/** POST /wps/member/password (encrypted, signed in). */
export function changePassword(request: ChangePasswordRequest): Promise<null> {
  return encryptedRequest('/wps/member/password', 'POST', request, () => null);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
