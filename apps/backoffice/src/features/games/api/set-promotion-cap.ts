import { BACKOFFICE_CALLS, callWithParams, type BrandOfferVendor, type SetPromotionCapRequest } from '@parlay/contract';
import { apiRequest } from '../../../lib/api-client';
import { useOfferChange } from './use-offer-change';

/** The most the vendor may pay the brand's members a day in promotion and tournament credits. */
export function setPromotionCap(
  input: { brand: string; vendor: string } & SetPromotionCapRequest,
): Promise<BrandOfferVendor> {
  const { brand, vendor, ...body } = input;
  return apiRequest(callWithParams(BACKOFFICE_CALLS.setPromotionCap, { brand, vendor }), { body });
}

export function useSetPromotionCap(brand: string) {
  return useOfferChange(brand, setPromotionCap);
}
