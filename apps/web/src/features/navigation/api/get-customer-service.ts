import type { CustomerServicePath } from '@parlay/contract';
import { apiRequest } from '../../../lib/api-client';

/** The encrypted customer-service path list (spec 01 §3). Not cached: a link may rotate. Server-checked (decision 0008). */
export async function getCustomerServicePaths(): Promise<CustomerServicePath[]> {
  const value = await apiRequest<{ version: { pathList: CustomerServicePath[] } }>('/wps/system/customerService');
  return value.version.pathList;
}
