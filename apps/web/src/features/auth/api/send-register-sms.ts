import { SmsSentSchema } from '@parlay/contract';
import { ACCOUNT_CALLS } from '@parlay/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface SendRegisterSmsInput {
  mobileNo: string;
  countryDialingCode: string;
  type: 'username' | 'mobile';
}

/** POST /wps/verification/sms/register: proves a mobile number before it is registered. */
export function sendRegisterSms(request: SendRegisterSmsInput) {
  return apiRequest(ACCOUNT_CALLS.registerSms, { body: request }, SmsSentSchema);
}

export function useSendRegisterSms() {
  return useMutation({ mutationFn: sendRegisterSms });
}
