import { LoginResultSchema, type LoginChallengeAnswerRequest, type LoginResult } from '@parlay/contract';
import { ACCOUNT_CALLS } from '@parlay/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { encryptedRequest } from '../lib/encrypt-body';

/** POST /wps/session/login/verification (encrypted): passes the new-IP check and signs in. */
export function answerChallenge(request: LoginChallengeAnswerRequest): Promise<LoginResult> {
  return encryptedRequest(ACCOUNT_CALLS.loginChallenge, request, (value) => LoginResultSchema.parse(value), {
    device: true,
  });
}

export function useAnswerChallenge() {
  return useMutation({ mutationFn: answerChallenge });
}
