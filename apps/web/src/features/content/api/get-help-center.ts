import { HelpItemSchema, type HelpItem, type TranslatedLanguage } from '@parlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { contentKeys } from './query-keys';
import { useContentLanguage } from './use-content-language';

const HelpCenterSchema = z.object({ list: z.array(HelpItemSchema) });

export function getHelpCenter(language: TranslatedLanguage, signal?: AbortSignal): Promise<HelpItem[]> {
  return apiRequest('/wps/system/helpCenter', { query: { language }, signal }, HelpCenterSchema).then(
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
