import { BoundContactsSchema, type BoundContacts } from '@parlay/contract';
import { CONTACT_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { profileKeys } from './query-keys';

/** GET /wps/member/security/contact: the bound mobile number and e-mail, masked (null when not bound). */
export function getContacts(signal?: AbortSignal): Promise<BoundContacts> {
  return apiRequest(CONTACT_CALLS.contacts, { signal }, BoundContactsSchema);
}

export function getContactsQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: profileKeys.contacts(token),
    queryFn: ({ signal }) => getContacts(signal),
    enabled: token !== null,
  });
}

export function useContacts() {
  const token = useSessionStore((state) => state.token);
  return useQuery(getContactsQueryOptions(token));
}
