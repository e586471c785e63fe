import { DashboardQuerySchema, type DashboardPeriod } from '@parlay/contract';
import type { DashboardFilters } from '../api/get-dashboard';

/** The period a dashboard opens with when its address names none: a week shows a trend at a glance. */
export const DEFAULT_PERIOD: DashboardPeriod = '7d';

/**
 * The period in the address (`?period=30d`, `?period=custom&from=…&to=…`), checked by the contract's schema:
 * a hand-typed address that the server would refuse opens the default period instead.
 */
export function periodFromParams(params: URLSearchParams): DashboardFilters {
  const parsed = DashboardQuerySchema.safeParse({
    period: params.get('period') ?? DEFAULT_PERIOD,
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
  });
  if (!parsed.success) return { period: DEFAULT_PERIOD };
  const { period, from, to } = parsed.data;
  return period === 'custom' ? { period, from, to } : { period };
}

/** The address's query for a period (the default period has none). */
export function paramsOfPeriod(filters: DashboardFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.period === DEFAULT_PERIOD) return params;
  params.set('period', filters.period);
  if (filters.period === 'custom' && filters.from && filters.to) {
    params.set('from', filters.from);
    params.set('to', filters.to);
  }
  return params;
}
