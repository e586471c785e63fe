import {
  BACKOFFICE_CALLS,
  callWithParams,
  type DailyReportExportQuery,
  type DailyReportPage,
  type DailyReportQuery,
} from '@parlay/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type DailyReportFilters = Omit<DailyReportQuery, 'limit'> & { limit?: number };

/** GET /bo/api/brands/:brand/reports/daily: a page of daily rows, newest day first. */
export function getDailyReport(
  brand: string,
  query: DailyReportFilters,
  signal?: AbortSignal,
): Promise<DailyReportPage> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.dailyReport, { brand }), { query: { ...query }, signal });
}

export function getDailyReportQueryOptions(brand: string, query: DailyReportFilters) {
  return queryOptions({
    queryKey: ['daily-report', brand, query],
    queryFn: ({ signal }) => getDailyReport(brand, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDailyReport(brand: string, query: DailyReportFilters) {
  return useQuery(getDailyReportQueryOptions(brand, query));
}

/**
 * The address of the report's CSV (every row of the filters, streamed by the server as it reads them): a link the
 * browser downloads with the operator's cookie, never a file built in the page.
 */
export function dailyReportExportUrl(brand: string, query: DailyReportExportQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, value);
  return `${callWithParams(BACKOFFICE_CALLS.dailyReportExport, { brand }).path}?${params.toString()}`;
}
