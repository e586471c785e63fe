import { LoginResultSchema, type LoginRequest, type LoginResult } from '@parlay/contract';
import { ACCOUNT_CALLS } from '@parlay/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { encryptedRequest } from '../lib/encrypt-body';

/** POST /wps/session/login (encrypted): by username and password, or by mobile number and SMS code. */
export function login(request: LoginRequest): Promise<LoginResult> {
  return encryptedRequest(ACCOUNT_CALLS.login, request, (value) => LoginResultSchema.parse(value), { device: true });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
