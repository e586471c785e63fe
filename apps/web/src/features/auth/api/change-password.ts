import type { ChangePasswordRequest } from '@parlay/contract';
import { ACCOUNT_CALLS } from '@parlay/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { encryptedRequest } from '../lib/encrypt-body';

/** POST /wps/member/password (encrypted, signed in). */
export function changePassword(request: ChangePasswordRequest): Promise<null> {
  return encryptedRequest(ACCOUNT_CALLS.changePassword, request, () => null);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
