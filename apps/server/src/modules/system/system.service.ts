import { SYSTEM_STATUS, type SystemStatus, type SystemStatusCode } from '@parlay/contract';
import type { Merchant } from '../merchant/merchant.service';

export interface VisitorLocation {
  ip: string;
  country: string;
}

/** Status of spec 01 §4: maintenance wins over region restriction. */
export function decideStatus(merchant: Merchant, location: VisitorLocation): SystemStatusCode {
  if (merchant.maintenance) return SYSTEM_STATUS.MAINTENANCE;
  if (isRestricted(merchant, location)) return SYSTEM_STATUS.REGION_RESTRICTED;
  return SYSTEM_STATUS.NORMAL;
}

export function isRestricted(merchant: Merchant, location: VisitorLocation): boolean {
  if (location.country && merchant.restrictedCountries.includes(location.country)) return true;
  return merchant.restrictedIps.includes(location.ip);
}

export function buildSystemStatus(merchant: Merchant, location: VisitorLocation): SystemStatus {
  const status = decideStatus(merchant, location);
  return {
    status,
    maintenance: merchant.maintenance,
    regionRestriction: isRestricted(merchant, location),
    maintenanceEndAt: merchant.maintenanceEndAt?.toISOString() ?? null,
    location,
    brand: merchant.brand,
    whitelabel: merchant.whitelabel,
    registerRules: {},
    resources: merchant.site.resources,
    customerService: merchant.site.customerService,
    analytics: merchant.site.analytics,
    imageCDNs: merchant.site.imageCDNs,
    launchGameCDNs: merchant.site.launchGameCDNs,
    site: { facebookUrl: merchant.site.facebookUrl, email: merchant.site.email, footer: merchant.site.footer },
  };
}
