import { BACKOFFICE_CALLS, type AcceptInvitationRequest } from '@parlay/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { InvitationSchema } from '@parlay/contract';
import { apiRequest } from '../../../lib/api-client';

export type Invitation = z.infer<typeof InvitationSchema>;

/** What an invitation link is for (login, name, e-mail), before it is accepted. */
export function getInvitation(token: string): Promise<Invitation> {
  return apiRequest(BACKOFFICE_CALLS.invitation, { body: { token } });
}

export function getInvitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['invitation', token],
    queryFn: () => getInvitation(token),
    retry: false,
    staleTime: Infinity,
  });
}

export function useInvitation(token: string) {
  return useQuery({ ...getInvitationQueryOptions(token), enabled: token.length > 0 });
}

export function acceptInvitation(request: AcceptInvitationRequest): Promise<{ login: string }> {
  return apiRequest(BACKOFFICE_CALLS.acceptInvitation, { body: request });
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
