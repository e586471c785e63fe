import { SmsSentSchema, type SmsNoLoginRequest } from '@parlay/contract';
import { ACCOUNT_CALLS } from '@parlay/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /wps/verification/sms/noLogin: the sign-in (and phone recovery) code. */
export function sendLoginSms(request: SmsNoLoginRequest) {
  return apiRequest(ACCOUNT_CALLS.loginSms, { body: request }, SmsSentSchema);
}

export function useSendLoginSms() {
  return useMutation({ mutationFn: sendLoginSms });
}
