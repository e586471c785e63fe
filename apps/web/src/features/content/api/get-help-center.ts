import type { HelpItem, TranslatedLanguage } from '@parlay/contract';
import { SYSTEM_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { contentKeys } from './query-keys';
import { useContentLanguage } from './use-content-language';

/** Help centre items; server-checked (decision 0008). */
export function getHelpCenter(language: TranslatedLanguage, signal?: AbortSignal): Promise<HelpItem[]> {
  return apiRequest<{ list: HelpItem[] }>(SYSTEM_CALLS.helpCenter, { query: { language }, signal }).then(
    (value) => value.list,
  );
}

export function getHelpCenterQueryOptions(language: TranslatedLanguage) {
  return queryOptions({
    queryKey: contentKeys.helpCenter(language),
    queryFn: ({ signal }) => getHelpCenter(language, signal),
    staleTime: 5 * 60_000,
  });
}

/** Help centre items (title and HTML content by category) in the current UI language. */
export function useHelpCenter() {
  const language = useContentLanguage();
  return useQuery(getHelpCenterQueryOptions(language));
}
