import { AgentAnnouncementPageSchema, AgentAnnouncementReadSchema, type AgentAnnouncementPage } from '@parlay/contract';
import { AGENT_CALLS, toTranslatedLanguage, type TranslatedLanguage } from '@parlay/contract/constants';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { getStoredLanguage } from '../../../../../lib/storage';
import { agentKeys } from '../../../api/query-keys';

/** GET /wps/agent/announcements: the operator's announcements to agents, newest first, 9 a page, read or not. */
export function getAgentAnnouncements(page: number, signal?: AbortSignal): Promise<AgentAnnouncementPage> {
  return apiRequest(AGENT_CALLS.agentAnnouncements, { query: { page }, signal }, AgentAnnouncementPageSchema);
}

/** Keyed by the UI language, which the call's header carries: a language change reads the page again. */
export function getAgentAnnouncementsQueryOptions(token: string | null, language: TranslatedLanguage, page: number) {
  return queryOptions({
    queryKey: agentKeys.announcements(token, language, page),
    queryFn: ({ signal }) => getAgentAnnouncements(page, signal),
    enabled: token !== null,
    staleTime: 30_000,
  });
}

export function useAgentAnnouncements(page: number) {
  const token = useSessionStore((state) => state.token);
  const { i18n } = useTranslation();
  const language = toTranslatedLanguage(i18n.resolvedLanguage ?? i18n.language);
  return useQuery({ ...getAgentAnnouncementsQueryOptions(token, language, page), placeholderData: keepPreviousData });
}

/** The first page, which the panel waits for before it shows the page (pages.ts). */
export function prefetchAgentAnnouncements(client: QueryClient, token: string | null): Promise<unknown> {
  return client.prefetchQuery(getAgentAnnouncementsQueryOptions(token, toTranslatedLanguage(getStoredLanguage()), 1));
}

/** POST /wps/agent/announcements/read: the agent opened it; the pages are read again for their marks. */
export function useReadAgentAnnouncement() {
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.token);
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(AGENT_CALLS.readAgentAnnouncement, { body: { id } }, AgentAnnouncementReadSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentKeys.announcementPages(token) }),
  });
}
