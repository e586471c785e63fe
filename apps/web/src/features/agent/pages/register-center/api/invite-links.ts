import {
  InviteLinkSchema,
  InviteLinksSchema,
  type CreateInviteLinkRequest,
  type InviteLink,
  type InviteLinks,
} from '@parlay/contract';
import { AGENT_CALLS } from '@parlay/contract/constants';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { agentKeys } from '../../../api/query-keys';

/** GET /wps/agent/invite-links: my invitation links, newest first, and whether I may make sub-agents. */
export function getInviteLinks(signal?: AbortSignal): Promise<InviteLinks> {
  return apiRequest(AGENT_CALLS.inviteLinks, { signal }, InviteLinksSchema);
}

export function getInviteLinksQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: agentKeys.inviteLinks(token),
    queryFn: ({ signal }) => getInviteLinks(signal),
    enabled: token !== null,
    // Short: a revisit of the page shows the registrations counted meanwhile; the panel's prefetch is still fresh.
    staleTime: 5_000,
  });
}

export function useInviteLinks() {
  const token = useSessionStore((state) => state.token);
  return useQuery(getInviteLinksQueryOptions(token));
}

/** The list's first data, which the panel waits for before it shows the page (pages.ts). */
export function prefetchInviteLinks(client: QueryClient, token: string | null): Promise<unknown> {
  return client.prefetchQuery(getInviteLinksQueryOptions(token));
}

/** Both changes answer the link as it now is; the list is read again (its counts may have moved meanwhile). */
function useLinkChange<T>(call: (body: T) => Promise<InviteLink>) {
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.token);
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentKeys.inviteLinks(token) }),
  });
}

/** POST /wps/agent/invite-links: a new link with its own code. */
export function useCreateInviteLink() {
  return useLinkChange((body: CreateInviteLinkRequest) =>
    apiRequest(AGENT_CALLS.createInviteLink, { body }, InviteLinkSchema),
  );
}

/** POST /wps/agent/invite-links/disable: its code takes no more registrations. */
export function useDisableInviteLink() {
  return useLinkChange((body: { id: number }) => apiRequest(AGENT_CALLS.disableInviteLink, { body }, InviteLinkSchema));
}
