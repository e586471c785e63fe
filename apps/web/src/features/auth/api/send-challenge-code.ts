import { SmsSentSchema } from '@parlay/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /wps/session/login/verification/code: the code of the new-IP check, to the bound mobile or e-mail. */
export function sendChallengeCode(request: { challengeId: string; method: 'sms' | 'email' }) {
  return apiRequest('/wps/session/login/verification/code', { method: 'POST', body: request }, SmsSentSchema);
}

export function useSendChallengeCode() {
  return useMutation({ mutationFn: sendChallengeCode });
}
