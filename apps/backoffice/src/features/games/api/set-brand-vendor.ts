import { BACKOFFICE_CALLS, callWithParams, type BrandOfferVendor, type SetBrandVendorRequest } from '@parlay/contract';
import { apiRequest } from '../../../lib/api-client';
import { useOfferChange } from './use-offer-change';

/** Whether the brand offers the vendor's games at all. */
export function setBrandVendor(
  input: { brand: string; vendor: string } & SetBrandVendorRequest,
): Promise<BrandOfferVendor> {
  const { brand, vendor, ...body } = input;
  return apiRequest(callWithParams(BACKOFFICE_CALLS.setBrandVendor, { brand, vendor }), { body });
}

export function useSetBrandVendor(brand: string) {
  return useOfferChange(brand, setBrandVendor);
}
