import { BACKOFFICE_CALLS, type OperatorSession, type Permission } from '@parlay/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from './api-client';

/** A brand the operator may act on: its merchant code and name. */
export type BrandRef = OperatorSession['brands'][number];

export const SESSION_QUERY_KEY = ['session'] as const;

/** Whether the last session on the page ended by its operator's sign-out (no page to return to after sign-in). */
let signedOutOnPurpose = false;

/** The signed-in operator, or null when no session is live (none, ended, idle, or past its 12 hours). */
export async function getSession(signal?: AbortSignal): Promise<OperatorSession | null> {
  try {
    const session = await apiRequest<OperatorSession>(BACKOFFICE_CALLS.session, { signal });
    signedOutOnPurpose = false;
    return session;
  } catch (error) {
    if (isApiError(error, 'BO_NOT_SIGNED_IN')) return null;
    throw error;
  }
}

export function getSessionQueryOptions() {
  return queryOptions({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 60_000,
    // Coming back to the tab asks again: a session that ended meanwhile sends to sign-in at once.
    refetchOnWindowFocus: true,
  });
}

export function useSessionQuery() {
  return useQuery(getSessionQueryOptions());
}

/** The signed-in operator; only inside the frame, which renders nothing without a session. */
export function useOperatorSession(): OperatorSession {
  const { data } = useSessionQuery();
  if (!data) throw new Error('useOperatorSession outside a signed-in page');
  return data;
}

/** Whether the operator's roles grant `permission`: what they do not, the back office does not show. */
export function useCan(permission: Permission): boolean {
  const { data } = useSessionQuery();
  return data ? data.permissions.includes(permission) : false;
}

export function isOwner(session: OperatorSession): boolean {
  return session.roles.includes('owner');
}

/**
 * The session ended on the page: the frame sends to sign-in. After a call answered BO_NOT_SIGNED_IN (idle, past
 * its 12 hours, signed out elsewhere) the operator comes back to the page after signing in; after signing out
 * (`signedOut`), there is no page to come back to.
 */
export function endSessionOnPage(client: QueryClient, { signedOut = false } = {}): void {
  signedOutOnPurpose = signedOut;
  client.setQueryData(SESSION_QUERY_KEY, null);
}

/** Whether the operator ended the session on the page themselves (sign out), rather than its time. */
export function isSignedOutOnPurpose(): boolean {
  return signedOutOnPurpose;
}

/** A session (from a sign-in step) put on the page, so the frame draws without asking again. */
export function startSessionOnPage(client: QueryClient, session: OperatorSession): void {
  signedOutOnPurpose = false;
  client.setQueryData(SESSION_QUERY_KEY, session);
}
