import type { CustomerServicePath } from '@parlay/contract';
import { SYSTEM_CALLS } from '@parlay/contract/constants';
import { apiRequest } from '../../../lib/api-client';

/**
 * The encrypted customer-service path list (docs/product/site-shell-and-routes.md#customer-service). Not cached: a link
 * may rotate. Server-checked (decision 0008).
 */
export async function getCustomerServicePaths(): Promise<CustomerServicePath[]> {
  const value = await apiRequest<{ version: { pathList: CustomerServicePath[] } }>(SYSTEM_CALLS.customerService);
  return value.version.pathList;
}
