import { SmsSentSchema } from '@parlay/contract';
import { ACCOUNT_CALLS } from '@parlay/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /wps/session/login/verification/code: the code of the new-IP check, to the bound mobile or e-mail. */
export function sendChallengeCode(request: { challengeId: string; method: 'sms' | 'email' }) {
  return apiRequest(ACCOUNT_CALLS.loginChallengeCode, { body: request }, SmsSentSchema);
}

export function useSendChallengeCode() {
  return useMutation({ mutationFn: sendChallengeCode });
}
