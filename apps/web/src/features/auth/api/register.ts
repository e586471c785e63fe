import { RegisterResultSchema, type RegisterResult } from '@parlay/contract';
import { useMutation } from '@tanstack/react-query';
import { encryptedRequest } from '../lib/encrypt-body';

export type RegisterInput = Record<string, string | boolean | undefined> & { altcha: string };

/** PUT /wps/member/register or /wps/member/register/mobile (encrypted); with login true it signs in. */
export function register({ tab, body }: { tab: 'username' | 'mobile'; body: RegisterInput }): Promise<RegisterResult> {
  const path = tab === 'mobile' ? '/wps/member/register/mobile' : '/wps/member/register';
  return encryptedRequest(path, 'PUT', body, (value) => RegisterResultSchema.parse(value));
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
