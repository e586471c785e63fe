import { BACKOFFICE_CALLS, callWithParams, type SetVendorOrderRequest } from '@parlay/contract';
import { apiRequest } from '../../../lib/api-client';
import { useOfferChange } from './use-offer-change';

/** Every vendor of the brand in a new order, as one change with the order's version. */
export function setVendorOrder(input: { brand: string } & SetVendorOrderRequest): Promise<null> {
  const { brand, ...body } = input;
  return apiRequest(callWithParams(BACKOFFICE_CALLS.setVendorOrder, { brand }), { body });
}

export function useSetVendorOrder(brand: string) {
  return useOfferChange(brand, setVendorOrder);
}
