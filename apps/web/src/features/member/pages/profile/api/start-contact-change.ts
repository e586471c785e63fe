import { ContactChangeSchema, type ContactChange, type StartContactChangeRequest } from '@parlay/contract';
import { CONTACT_CALLS } from '@parlay/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';

/**
 * POST /wps/member/security/contact/start: opens a change; a code goes to the bound contact, or, with none bound,
 * the login password is the proof. Sending the first code again is a new start.
 */
export function startContactChange(request: StartContactChangeRequest): Promise<ContactChange> {
  return apiRequest(CONTACT_CALLS.startContactChange, { body: request }, ContactChangeSchema);
}

export function useStartContactChange() {
  return useMutation({ mutationFn: startContactChange });
}
