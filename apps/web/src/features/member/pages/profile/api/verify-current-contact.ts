import { ContactChangeSchema, type ContactChange, type ContactCodeRequest } from '@parlay/contract';
import { CONTACT_CALLS } from '@parlay/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';

/** POST /wps/member/security/contact/verify-current: the code sent to the bound contact. */
export function verifyCurrentContact(request: ContactCodeRequest): Promise<ContactChange> {
  return apiRequest(CONTACT_CALLS.verifyCurrentContact, { body: request }, ContactChangeSchema);
}

export function useVerifyCurrentContact() {
  return useMutation({ mutationFn: verifyCurrentContact });
}
