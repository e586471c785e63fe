import { ACCOUNT_CALLS } from '@parlay/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { encryptedRequest } from '../lib/encrypt-body';

/** POST /wps/member/password/email/reset (encrypted): the new password with the e-mailed link's token. */
export function resetByEmail(request: { token: string; newPassword: string; confirmNewPassword: string }) {
  return encryptedRequest(ACCOUNT_CALLS.emailReset, request, () => null);
}

export function useResetByEmail() {
  return useMutation({ mutationFn: resetByEmail });
}
