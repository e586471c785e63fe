import { BACKOFFICE_CALLS } from '@parlay/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { endSessionOnPage } from '../../../lib/session';

export function signOut(): Promise<null> {
  return apiRequest(BACKOFFICE_CALLS.signOut);
}

/** Ends every session of the operator, this one included; answers how many ended. */
export function signOutEverywhere(): Promise<{ ended: number }> {
  return apiRequest(BACKOFFICE_CALLS.signOutEverywhere);
}

/**
 * Either way, the page forgets the operator and every answer it held for them, and shows the sign-in with no
 * page to come back to.
 */
export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (everywhere: boolean) => (everywhere ? signOutEverywhere() : signOut()),
    onSettled: () => {
      client.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
      endSessionOnPage(client, { signedOut: true });
    },
  });
}
