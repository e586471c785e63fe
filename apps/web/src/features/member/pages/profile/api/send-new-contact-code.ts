import { ContactChangeSchema, type ContactChange, type NewContactRequest } from '@parlay/contract';
import { CONTACT_CALLS } from '@parlay/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';

/** POST /wps/member/security/contact/new: names the new mobile number or e-mail and sends it a code. */
export function sendNewContactCode(request: NewContactRequest): Promise<ContactChange> {
  return apiRequest(CONTACT_CALLS.sendNewContactCode, { body: request }, ContactChangeSchema);
}

export function useSendNewContactCode() {
  return useMutation({ mutationFn: sendNewContactCode });
}
