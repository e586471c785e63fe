import {
  BrandConfigSchema,
  SiteContentSchema,
  WhitelabelNodeSchema,
  type BrandConfig,
  type SiteContent,
  type WhitelabelNode,
} from '@parlay/contract';
import { z } from 'zod';
import type { Database } from '../../db/client';
import * as repository from './merchant.repository';

/** A brand as the rest of the server sees it: validated configuration, never raw JSON. */
export interface Merchant {
  id: number;
  code: string;
  brand: BrandConfig;
  site: SiteContent;
  whitelabel: WhitelabelNode[];
  maintenance: boolean;
  maintenanceEndAt: Date | null;
  /** A scheduled maintenance is on from this time; `maintenance` is on now. */
  maintenanceStartsAt: Date | null;
  restrictedCountries: string[];
  restrictedIps: string[];
  /** Origin of the brand's player site, which every link sent is built on (site-link.ts); null sends none. */
  siteUrl: string | null;
}

const WhitelabelTreeSchema = z.array(WhitelabelNodeSchema);

export function toMerchant(row: repository.MerchantRow): Merchant {
  const config = row.config as Record<string, unknown>;
  return {
    id: row.id,
    code: row.code,
    brand: BrandConfigSchema.parse({
      ...config,
      merchantCode: row.code,
      name: row.name,
      currency: row.currency,
      currencySymbol: row.currencySymbol,
      currencyExponent: row.currencyExponent,
      timeZone: row.timeZone,
    }),
    site: SiteContentSchema.parse(row.site),
    whitelabel: WhitelabelTreeSchema.parse(row.whitelabel),
    maintenance: row.maintenance,
    maintenanceEndAt: row.maintenanceEndAt,
    maintenanceStartsAt: row.maintenanceStartsAt,
    restrictedCountries: row.restrictedCountries,
    restrictedIps: row.restrictedIps,
    siteUrl: row.siteUrl,
  };
}

/**
 * Whether visitors see the maintenance page: it was turned on, or its scheduled start has come. Either way it
 * stays on until an operator ends it; its end time is only shown to visitors.
 */
export function isUnderMaintenance(merchant: Merchant, now: Date = new Date()): boolean {
  return merchant.maintenance || (merchant.maintenanceStartsAt !== null && merchant.maintenanceStartsAt <= now);
}

/** Lower-cased host without port or scheme, from a Host header or a full URL. */
export function normaliseHost(raw: string): string {
  let value = raw.trim().toLowerCase();
  const scheme = value.indexOf('://');
  if (scheme >= 0) value = value.slice(scheme + 3);
  value = value.split('/')[0] ?? '';
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  return value.split(':')[0] ?? '';
}

const CACHE_TTL_MS = 5_000;

/**
 * Resolves the brand of a request from its host, falling back to the default brand. Results are
 * cached briefly: operators' changes (CLI, back office) show within CACHE_TTL_MS on every instance.
 */
export class MerchantService {
  private readonly cache = new Map<string, { merchant: Merchant; agentSite: boolean; expiresAt: number }>();

  constructor(
    private readonly db: Database,
    private readonly defaultMerchantCode: string,
  ) {}

  async resolveByHost(host: string | undefined): Promise<Merchant> {
    return (await this.resolveHost(host)).merchant;
  }

  /**
   * Whether the host is a domain its brand marks as its agent site, where only agents sign in (decision 0059). A
   * host of no brand's (the default brand's fallback) is its player site.
   */
  async isAgentSite(host: string | undefined): Promise<boolean> {
    return (await this.resolveHost(host)).agentSite;
  }

  private async resolveHost(host: string | undefined): Promise<{ merchant: Merchant; agentSite: boolean }> {
    const domain = normaliseHost(host ?? '');
    const key = `host:${domain}`;
    const cached = this.cache.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached;
    const byDomain = domain ? await repository.findMerchantByDomain(this.db, domain) : undefined;
    const row = byDomain?.merchant ?? (await repository.findMerchantByCode(this.db, this.defaultMerchantCode));
    if (!row) throw new Error(`The default merchant '${this.defaultMerchantCode}' does not exist: run the seed`);
    const entry = {
      merchant: toMerchant(row),
      agentSite: byDomain?.isAgentSite ?? false,
      expiresAt: Date.now() + CACHE_TTL_MS,
    };
    this.cache.set(key, entry);
    return entry;
  }

  async findByCode(code: string): Promise<Merchant | undefined> {
    const row = await repository.findMerchantByCode(this.db, code);
    return row ? toMerchant(row) : undefined;
  }

  async listRouteDomains(merchantId: number): Promise<string[]> {
    return repository.findRouteDomains(this.db, merchantId);
  }

  invalidate(): void {
    this.cache.clear();
  }
}
