import { BACKOFFICE_CALLS, callWithParams, type BrandOfferVendor, type SetGameOrderRequest } from '@parlay/contract';
import { apiRequest } from '../../../lib/api-client';
import { useOfferChange } from './use-offer-change';

/** Every top-level game of the vendor in the brand's new order, as one change. */
export function setGameOrder(
  input: { brand: string; vendor: string } & SetGameOrderRequest,
): Promise<BrandOfferVendor> {
  const { brand, vendor, ...body } = input;
  return apiRequest(callWithParams(BACKOFFICE_CALLS.setGameOrder, { brand, vendor }), { body });
}

export function useSetGameOrder(brand: string) {
  return useOfferChange(brand, setGameOrder);
}
