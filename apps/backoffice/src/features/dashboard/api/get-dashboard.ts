import { BACKOFFICE_CALLS, callWithParams, type Dashboard, type DashboardPeriod } from '@parlay/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The period a dashboard is asked for: custom ones carry their days (the brand's). */
export interface DashboardFilters {
  period: DashboardPeriod;
  from?: string | undefined;
  to?: string | undefined;
}

/** GET /bo/api/brands/:brand/dashboard: the brand's figures over the period, read from its aggregates. */
export function getDashboard(brand: string, filters: DashboardFilters, signal?: AbortSignal): Promise<Dashboard> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.dashboard, { brand }), { query: { ...filters }, signal });
}

export function getDashboardQueryOptions(brand: string, filters: DashboardFilters) {
  return queryOptions({
    queryKey: ['dashboard', brand, filters],
    queryFn: ({ signal }) => getDashboard(brand, filters, signal),
    // Another period keeps the figures on screen until its own arrive; the figures follow settled rounds.
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

export function useDashboard(brand: string, filters: DashboardFilters) {
  return useQuery(getDashboardQueryOptions(brand, filters));
}
