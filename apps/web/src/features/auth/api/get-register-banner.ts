import { AnnouncementContentSchema, type TranslatedLanguage } from '@parlay/contract';
import { SYSTEM_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './query-keys';

/**
 * The w_register banner of the announcements (docs/product/site-shell-and-routes.md#announcements), or null when the
 * brand has none.
 */
export async function getRegisterBanner(language: TranslatedLanguage, signal?: AbortSignal) {
  const content = await apiRequest(
    SYSTEM_CALLS.announcements,
    { query: { types: 'B', platform: 'W', execution: 'B', language }, signal },
    AnnouncementContentSchema,
  );
  return content.banners.find((banner) => banner.groupName === 'w_register') ?? null;
}

export function getRegisterBannerQueryOptions(language: TranslatedLanguage) {
  return queryOptions({
    queryKey: authKeys.registerBanner(language),
    queryFn: ({ signal }) => getRegisterBanner(language, signal),
    staleTime: 5 * 60_000,
  });
}

export function useRegisterBanner(language: TranslatedLanguage) {
  return useQuery(getRegisterBannerQueryOptions(language));
}
