import { BACKOFFICE_CALLS, type AuditEntry, type AuditQuery, type Page } from '@parlay/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type AuditFilters = Partial<AuditQuery>;

/** GET /bo/api/audit: changes on the caller's brands, newest first, filtered and a page at a time. */
export function searchAudit(query: AuditFilters, signal?: AbortSignal): Promise<Page<AuditEntry>> {
  return apiRequest(BACKOFFICE_CALLS.audit, { query, signal });
}

export function getAuditQueryOptions(query: AuditFilters) {
  return queryOptions({
    queryKey: ['audit', query],
    queryFn: ({ signal }) => searchAudit(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAudit(query: AuditFilters) {
  return useQuery(getAuditQueryOptions(query));
}
