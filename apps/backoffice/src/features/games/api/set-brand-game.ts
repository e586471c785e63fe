import { BACKOFFICE_CALLS, callWithParams, type BrandGameChange, type SetBrandGameRequest } from '@parlay/contract';
import { apiRequest } from '../../../lib/api-client';
import { useOfferChange } from './use-offer-change';

/** The brand's choices over one game (listed, hot), with the offer's version; null follows the feed again. */
export function setBrandGame(
  input: { brand: string; vendor: string; game: string } & SetBrandGameRequest,
): Promise<BrandGameChange> {
  const { brand, vendor, game, ...body } = input;
  return apiRequest(callWithParams(BACKOFFICE_CALLS.setBrandGame, { brand, vendor, game }), { body });
}

export function useSetBrandGame(brand: string) {
  return useOfferChange(brand, setBrandGame);
}
