import { RegisterResultSchema, type RegisterResult } from '@parlay/contract';
import { ACCOUNT_CALLS } from '@parlay/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { encryptedRequest } from '../lib/encrypt-body';

export type RegisterInput = Record<string, string | boolean | undefined> & { altcha: string };

/** PUT /wps/member/register or /wps/member/register/mobile (encrypted); with login true it signs in. */
export function register({ tab, body }: { tab: 'username' | 'mobile'; body: RegisterInput }): Promise<RegisterResult> {
  const call = tab === 'mobile' ? ACCOUNT_CALLS.registerByMobile : ACCOUNT_CALLS.register;
  return encryptedRequest(call, body, (value) => RegisterResultSchema.parse(value), { device: true });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
