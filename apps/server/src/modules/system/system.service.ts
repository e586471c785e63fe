import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import {
  CUSTOMER_SERVICE_KEY_LENGTH,
  CUSTOMER_SERVICE_PATH_TYPE,
  SYSTEM_STATUS,
  type CustomerServicePath,
  type SystemStatus,
  type SystemStatusCode,
} from '@parlay/contract';
import { createIpMatcher, isUnderMaintenance, type Merchant } from '../merchant/index';

export interface VisitorLocation {
  ip: string;
  /** ISO 3166 alpha-2 from the geo-IP database, or '' when unknown. */
  country: string;
}

/** True when the visitor's country or IP is on the brand's restricted lists. */
export function isRestricted(merchant: Merchant, location: VisitorLocation): boolean {
  if (location.country && merchant.restrictedCountries.includes(location.country.toUpperCase())) return true;
  return createIpMatcher(merchant.restrictedIps)(location.ip);
}

/**
 * Status (docs/product/site-shell-and-routes.md#system-status): maintenance wins over region restriction.
 * The maintenance flag is the truth; its end time is only shown to visitors, so an overrunning maintenance
 * stays on until an operator ends it.
 */
export function decideStatus(merchant: Merchant, location: VisitorLocation, now = new Date()): SystemStatusCode {
  if (isUnderMaintenance(merchant, now)) return SYSTEM_STATUS.MAINTENANCE;
  if (isRestricted(merchant, location)) return SYSTEM_STATUS.REGION_RESTRICTED;
  return SYSTEM_STATUS.NORMAL;
}

export function buildSystemStatus(merchant: Merchant, location: VisitorLocation, now = new Date()): SystemStatus {
  const maintenance = isUnderMaintenance(merchant, now);
  return {
    status: decideStatus(merchant, location, now),
    maintenance,
    regionRestriction: isRestricted(merchant, location),
    maintenanceEndAt: maintenance ? (merchant.maintenanceEndAt?.toISOString() ?? null) : null,
    location,
    brand: merchant.brand,
    whitelabel: merchant.whitelabel,
    // The accounts feature fills the register rules.
    registerRules: {},
    resources: merchant.site.resources,
    customerService: merchant.site.customerService,
    analytics: merchant.site.analytics,
    imageCDNs: merchant.site.imageCDNs,
    launchGameCDNs: merchant.site.launchGameCDNs,
    site: { facebookUrl: merchant.site.facebookUrl, email: merchant.site.email, footer: merchant.site.footer },
  };
}

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Encrypts a customer-service link as the contract's CustomerServicePathSchema describes: AES-256-GCM
 * with SHA-256 of an 8-character key, `base64url(iv || ciphertext || tag) + key`. The key travels with
 * the text: this keeps the link away from scrapers and is obfuscation, not secrecy.
 */
export function encryptCustomerServicePath(link: string, key = randomKey()): string {
  if (key.length !== CUSTOMER_SERVICE_KEY_LENGTH) throw new Error('the key must have 8 characters');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', createHash('sha256').update(key, 'utf8').digest(), iv);
  const ciphertext = Buffer.concat([cipher.update(link, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, ciphertext, cipher.getAuthTag()]).toString('base64url') + key;
}

function randomKey(): string {
  const bytes = randomBytes(CUSTOMER_SERVICE_KEY_LENGTH);
  return Array.from(bytes, (byte) => KEY_ALPHABET[byte % KEY_ALPHABET.length]).join('');
}

/** The brand's customer-service links, each encrypted with a fresh key. */
export function buildCustomerServicePathList(merchant: Merchant): CustomerServicePath[] {
  return merchant.site.customerService.map((entry) => ({
    type: CUSTOMER_SERVICE_PATH_TYPE[entry.csType],
    path: encryptCustomerServicePath(entry.path),
  }));
}
