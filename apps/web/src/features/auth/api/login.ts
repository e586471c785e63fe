import { LoginResultSchema, type LoginRequest, type LoginResult } from '@parlay/contract';
import { useMutation } from '@tanstack/react-query';
import { encryptedRequest } from '../lib/encrypt-body';

/** POST /wps/session/login (encrypted): by username and password, or by mobile number and SMS code. */
export function login(request: LoginRequest): Promise<LoginResult> {
  return encryptedRequest('/wps/session/login', 'POST', request, (value) => LoginResultSchema.parse(value));
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
