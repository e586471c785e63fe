import type { Announcement, AnnouncementContentSchema } from '@parlay/contract';
import {
  NOTICE_ANNOUNCEMENT_TYPES,
  SYSTEM_CALLS,
  type AnnouncementType,
  type TranslatedLanguage,
} from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { contentKeys } from './query-keys';
import { useContentLanguage } from './use-content-language';

export type AnnouncementContent = z.infer<typeof AnnouncementContentSchema>;

/** The types the notice list asks for ('B,PL,PU,PR', docs/product/site-shell-and-routes.md#announcements). */
export const NOTICE_TYPES = NOTICE_ANNOUNCEMENT_TYPES.join(',');

export function toTypesParam(types: readonly AnnouncementType[]): string {
  return types.length > 0 ? types.join(',') : NOTICE_TYPES;
}

export function getAnnouncements(
  types: string,
  language: TranslatedLanguage,
  signal?: AbortSignal,
): Promise<AnnouncementContent> {
  // Server-checked against AnnouncementContentSchema (decision 0008).
  return apiRequest<AnnouncementContent>(SYSTEM_CALLS.announcements, {
    query: { types, platform: 'W', execution: 'B', language },
    signal,
  });
}

export function getAnnouncementsQueryOptions(types: string, language: TranslatedLanguage) {
  return queryOptions({
    queryKey: contentKeys.announcements(types, language),
    queryFn: ({ signal }) => getAnnouncements(types, language, signal),
    staleTime: 60_000,
  });
}

/** Announcements of the given types ('B,PL,PU,PR' for notices) in the current UI language. */
export function useAnnouncements(types: string = NOTICE_TYPES) {
  const language = useContentLanguage();
  return useQuery(getAnnouncementsQueryOptions(types, language));
}

/**
 * The notices a player reads in the notice modal and on /noticePage: player notices, popups and
 * promotions, each once, newest first (the server's order among notices of the same time).
 */
export function selectNotices(content: AnnouncementContent | undefined): Announcement[] {
  if (!content) return [];
  const seen = new Set<number>();
  const notices = [...content.player, ...content.popup, ...content.promotion].filter((notice) => {
    if (seen.has(notice.id)) return false;
    seen.add(notice.id);
    return true;
  });
  return notices
    .map((notice, order) => ({ notice, order, time: Date.parse(notice.timestamp) || 0 }))
    .sort((a, b) => b.time - a.time || a.order - b.order)
    .map(({ notice }) => notice);
}
