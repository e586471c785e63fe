import type { Announcement, AnnouncementContentSchema } from '@parlay/contract';
import { NOTICE_ANNOUNCEMENT_TYPES, SYSTEM_CALLS, toTranslatedLanguage } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { apiRequest } from '../../../../../lib/api-client';
import { messageKeys } from './query-keys';

type AnnouncementContent = z.infer<typeof AnnouncementContentSchema>;

/**
 * Platform information: the brand's notices, the same call the notice page makes (MCSFE_getListAnnouncements with
 * 'B,PL,PU,PR'): player notices, popups and promotions, each once, newest first.
 */
export async function getNotices(language: string, signal?: AbortSignal): Promise<Announcement[]> {
  const content = await apiRequest<AnnouncementContent>(SYSTEM_CALLS.announcements, {
    query: { types: NOTICE_ANNOUNCEMENT_TYPES.join(','), platform: 'W', execution: 'B', language },
    signal,
  });
  const seen = new Set<number>();
  return [...content.player, ...content.popup, ...content.promotion]
    .filter((notice) => (seen.has(notice.id) ? false : (seen.add(notice.id), true)))
    .sort((a, b) => (Date.parse(b.timestamp) || 0) - (Date.parse(a.timestamp) || 0));
}

export function useNotices() {
  const { i18n } = useTranslation();
  const language = toTranslatedLanguage(i18n.resolvedLanguage ?? i18n.language);
  return useQuery(
    queryOptions({
      queryKey: messageKeys.notices(language),
      queryFn: ({ signal }) => getNotices(language, signal),
      staleTime: 60_000,
    }),
  );
}
