import {
  BACKOFFICE_CALLS,
  callWithParams,
  type BrandSettings,
  type SetBrandFlagRequest,
  type SetCurrencyRequest,
  type SetCustomerServiceRequest,
  type SetDomainsRequest,
  type SetLanguagesRequest,
  type SetMaintenanceRequest,
  type SetOperatorRequest,
  type SetRegionBlocksRequest,
  type SetSiteUrlRequest,
  type SetThemeRequest,
} from '@parlay/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { brandSettingsKey } from './get-brand-settings';

/** Each part of the settings a save names, with the body its call takes (every one carries `version`). */
export interface BrandParts {
  flags: SetBrandFlagRequest;
  maintenance: SetMaintenanceRequest;
  regions: SetRegionBlocksRequest;
  domains: SetDomainsRequest;
  customerService: SetCustomerServiceRequest;
  operator: SetOperatorRequest;
  languages: SetLanguagesRequest;
  currency: SetCurrencyRequest;
  theme: SetThemeRequest;
  siteUrl: SetSiteUrlRequest;
}
export type BrandPart = keyof BrandParts;

const CALL_OF = {
  flags: BACKOFFICE_CALLS.setBrandFlag,
  maintenance: BACKOFFICE_CALLS.setBrandMaintenance,
  regions: BACKOFFICE_CALLS.setBrandRegions,
  domains: BACKOFFICE_CALLS.setBrandDomains,
  customerService: BACKOFFICE_CALLS.setBrandCustomerService,
  operator: BACKOFFICE_CALLS.setBrandOperator,
  languages: BACKOFFICE_CALLS.setBrandLanguages,
  currency: BACKOFFICE_CALLS.setBrandCurrency,
  theme: BACKOFFICE_CALLS.setBrandTheme,
  siteUrl: BACKOFFICE_CALLS.setBrandSiteUrl,
} as const satisfies Record<BrandPart, unknown>;

/** PUT /bo/api/brands/:brand/settings/<part>: the answer is the settings as they now are, with the new version. */
export function saveBrandPart<P extends BrandPart>(
  brand: string,
  part: P,
  body: BrandParts[P],
): Promise<BrandSettings> {
  return apiRequest(callWithParams(CALL_OF[part], { brand }), { body });
}

/** Saves one part; the answer replaces the page's settings, so the next save carries the new version. */
export function useSaveBrandPart<P extends BrandPart>(brand: string, part: P) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BrandParts[P]) => saveBrandPart(brand, part, body),
    onSuccess: (settings) => client.setQueryData(brandSettingsKey(brand), settings),
  });
}
