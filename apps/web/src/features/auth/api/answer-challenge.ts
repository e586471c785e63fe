import { LoginResultSchema, type LoginChallengeAnswerRequest, type LoginResult } from '@parlay/contract';
import { useMutation } from '@tanstack/react-query';
import { encryptedRequest } from '../lib/encrypt-body';

/** POST /wps/session/login/verification (encrypted): passes the new-IP check and signs in. */
export function answerChallenge(request: LoginChallengeAnswerRequest): Promise<LoginResult> {
  return encryptedRequest('/wps/session/login/verification', 'POST', request, (value) =>
    LoginResultSchema.parse(value),
  );
}

export function useAnswerChallenge() {
  return useMutation({ mutationFn: answerChallenge });
}
