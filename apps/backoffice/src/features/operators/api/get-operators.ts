import { BACKOFFICE_CALLS, type Operator, type OperatorListQuery, type Page } from '@parlay/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { operatorKeys } from './query-keys';

/** GET /bo/api/operators: the operators of the caller's brands, a page at a time. */
export function getOperators(query: Partial<OperatorListQuery>, signal?: AbortSignal): Promise<Page<Operator>> {
  return apiRequest(BACKOFFICE_CALLS.operators, { query, signal });
}

export function getOperatorsQueryOptions(query: Partial<OperatorListQuery>) {
  return queryOptions({
    queryKey: operatorKeys.list(query),
    queryFn: ({ signal }) => getOperators(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOperators(query: Partial<OperatorListQuery>, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getOperatorsQueryOptions(query), enabled: options.enabled ?? true });
}
