import { BoundContactsSchema, type BoundContacts, type ContactCodeRequest } from '@parlay/contract';
import { CONTACT_CALLS } from '@parlay/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { profileKeys } from './query-keys';

/** POST /wps/member/security/contact/confirm: the code sent to the new contact; the change is made. */
export function confirmContactChange(request: ContactCodeRequest): Promise<BoundContacts> {
  return apiRequest(CONTACT_CALLS.confirmContactChange, { body: request }, BoundContactsSchema);
}

/** The page shows the contacts the server answers; what depends on them (member info, security centre) reads again. */
export function useConfirmContactChange() {
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.token);
  return useMutation({
    mutationFn: confirmContactChange,
    onSuccess: async (contacts) => {
      queryClient.setQueryData(profileKeys.contacts(token), contacts);
      await queryClient.invalidateQueries({ queryKey: ['navigation', 'member-info'] });
    },
  });
}
