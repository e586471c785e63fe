import { SECURITY_CALLS } from '@parlay/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { securityKeys } from './query-keys';

/** POST /wps/member/security/sessions/sign-out: ends one other session of the member. */
export function signOutSession(sessionId: number): Promise<unknown> {
  return apiRequest(SECURITY_CALLS.signOutSession, { body: { sessionId } });
}

/** POST /wps/member/security/sessions/sign-out-others: ends every session but this one. */
export function signOutOthers(): Promise<unknown> {
  return apiRequest(SECURITY_CALLS.signOutOthers, { body: {} });
}

/** Ends one session (a session id) or every other (null); the sessions and sign-ins are read again. */
export function useSignOutSessions() {
  const token = useSessionStore((state) => state.token);
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: number | null) => (sessionId === null ? signOutOthers() : signOutSession(sessionId)),
    onSettled: () => client.invalidateQueries({ queryKey: securityKeys.all(token) }),
  });
}
