import { CustomerServicePathSchema, type CustomerServicePath } from '@parlay/contract';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const CustomerServiceValueSchema = z.object({ version: z.object({ pathList: z.array(CustomerServicePathSchema) }) });

/** The encrypted customer-service path list (spec 01 §3). Not cached: a link may rotate. */
export async function getCustomerServicePaths(): Promise<CustomerServicePath[]> {
  const value = await apiRequest('/wps/system/customerService', {}, CustomerServiceValueSchema);
  return value.version.pathList;
}
