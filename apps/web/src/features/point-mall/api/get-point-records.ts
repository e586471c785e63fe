import { PointRecordPageSchema, type PointRecordPage, type PointRecordsQuery } from '@parlay/contract';
import { POINT_MALL_CALLS } from '@parlay/contract/constants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { useRequestLanguage } from './use-request-language';
import { pointMallKeys } from './query-keys';

/** Lines a page of the records shows. */
export const RECORDS_PAGE_SIZE = 10;
export type RecordsView = NonNullable<PointRecordsQuery['view']>;

/**
 * GET /wps/relay/MCS2_getRedeemPointList: my exchange records (`exchanges`: a line per redemption or conversion) or
 * redeem history (`history`: a line per point movement), newest first, a page after `cursor` (keyset).
 */
export function getPointRecords(
  view: RecordsView,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<PointRecordPage> {
  return apiRequest(
    POINT_MALL_CALLS.records,
    { query: { view, limit: RECORDS_PAGE_SIZE, cursor }, signal },
    PointRecordPageSchema,
  );
}

export function getPointRecordsQueryOptions(
  token: string | null,
  language: string,
  view: RecordsView,
  cursor: string | null,
) {
  return queryOptions({
    // Product names come in the request's language: a change of language asks again.
    queryKey: pointMallKeys.records(token, language, view, cursor),
    queryFn: ({ signal }) => getPointRecords(view, cursor, signal),
    enabled: token !== null,
    // Going back a page shows it at once; a redemption or a conversion invalidates them all.
    staleTime: 15_000,
    // The page shown stays while the next one loads: the pager does not jump.
    placeholderData: keepPreviousData,
  });
}

export function usePointRecords(view: RecordsView, cursor: string | null) {
  const token = useSessionStore((state) => state.token);
  return useQuery(getPointRecordsQueryOptions(token, useRequestLanguage(), view, cursor));
}
