import { LoginResultSchema, type LoginResult, type PhoneRecoveryRequest } from '@parlay/contract';
import { ACCOUNT_CALLS } from '@parlay/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { encryptedRequest } from '../lib/encrypt-body';

/** POST /wps/member/password/verification (encrypted): new password by SMS code; signs in. */
export function recoverByPhone(request: PhoneRecoveryRequest): Promise<LoginResult> {
  return encryptedRequest(ACCOUNT_CALLS.phoneRecovery, request, (value) => LoginResultSchema.parse(value), {
    device: true,
  });
}

export function useRecoverByPhone() {
  return useMutation({ mutationFn: recoverByPhone });
}
