import { BACKOFFICE_CALLS, callWithParams, type FeedbackItem, type FeedbackQuery, type Page } from '@parlay/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { messageKeys } from './query-keys';

type Asked = Partial<Pick<FeedbackQuery, 'status' | 'cursor'>>;

/** The brand's feedback, newest first, open or answered. */
export function getFeedback(brand: string, query: Asked, signal?: AbortSignal): Promise<Page<FeedbackItem>> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.feedbackList, { brand }), { query, signal });
}

export function getFeedbackQueryOptions(brand: string, query: Asked) {
  return queryOptions({
    queryKey: messageKeys.feedback(brand, query),
    queryFn: ({ signal }) => getFeedback(brand, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useFeedback(brand: string, query: Asked) {
  return useQuery(getFeedbackQueryOptions(brand, query));
}
