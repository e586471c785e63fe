import { WHITELABEL, type WhitelabelNode } from '@parlay/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { normaliseCountryCode, parseIpRule } from './region';
import * as repository from './merchant.repository';
import { toMerchant, type Merchant } from './merchant.service';
import { normaliseSiteUrl } from './site-link';

/** A region rule as the operator gives it: a country code or an IP address / CIDR range. */
export type RegionRule = { country: string } | { ip: string };

const KNOWN_MODULES = new Set<string>(Object.values(WHITELABEL));

async function getRow(db: Database, code: string): Promise<repository.MerchantRow> {
  const row = await repository.findMerchantByCode(db, code);
  if (!row) throw new AppError('MERCHANT_NOT_FOUND', { merchantCode: code });
  return row;
}

async function update(db: Database, code: string, patch: Parameters<typeof repository.updateMerchant>[2]) {
  const row = await getRow(db, code);
  const updated = await repository.updateMerchant(db, row.id, patch);
  if (!updated) throw new AppError('MERCHANT_NOT_FOUND', { merchantCode: code });
  return toMerchant(updated);
}

/** Returns a copy of the tree with the module switched, or null when the tree has no such module. */
export function setModuleInTree(
  tree: readonly WhitelabelNode[],
  modId: string,
  enabled: boolean,
): WhitelabelNode[] | null {
  let found = false;
  const walk = (nodes: readonly WhitelabelNode[]): WhitelabelNode[] =>
    nodes.map((node) => {
      if (node.modId === modId) {
        found = true;
        return { ...node, enabled: enabled ? '1' : '0' };
      }
      return { ...node, childrenNodes: walk(node.childrenNodes) };
    });
  const next = walk(tree);
  return found ? next : null;
}

/**
 * What an operator changes on a brand: maintenance, region rules, feature flags and the site address. Used by the admin
 * CLI now and the back office later. Running servers see a change within the merchant cache's TTL.
 */
export class MerchantAdminService {
  constructor(private readonly db: Database) {}

  async getBrand(code: string): Promise<{ merchant: Merchant; domains: { domain: string; isRoute: boolean }[] }> {
    const row = await getRow(this.db, code);
    return { merchant: toMerchant(row), domains: await repository.findDomains(this.db, row.id) };
  }

  /** Turns maintenance on; the end time is only shown to visitors, maintenance stays on until turned off. */
  async startMaintenance(code: string, until?: string): Promise<Merchant> {
    let endAt: Date | null = null;
    if (until !== undefined) {
      endAt = new Date(until);
      if (!/^\d{4}-\d{2}-\d{2}T/.test(until) || Number.isNaN(endAt.getTime())) {
        throw new AppError('MAINTENANCE_END_INVALID', { until });
      }
    }
    return update(this.db, code, { maintenance: true, maintenanceEndAt: endAt });
  }

  async endMaintenance(code: string): Promise<Merchant> {
    return update(this.db, code, { maintenance: false, maintenanceEndAt: null });
  }

  /** Adds (block) or removes (unblock) a country or IP rule; adding twice keeps one copy. */
  async changeRegionRule(code: string, action: 'block' | 'unblock', rule: RegionRule): Promise<Merchant> {
    const row = await getRow(this.db, code);
    if ('country' in rule) {
      const country = normaliseCountryCode(rule.country);
      if (!country)
        throw new AppError('REGION_RULE_INVALID', { rule: rule.country }, { params: { rule: rule.country } });
      return update(this.db, code, { restrictedCountries: applyRule(row.restrictedCountries, country, action) });
    }
    const parsed = parseIpRule(rule.ip);
    if (!parsed) throw new AppError('REGION_RULE_INVALID', { rule: rule.ip }, { params: { rule: rule.ip } });
    const full = parsed.prefix === (parsed.family === 'ipv4' ? 32 : 128);
    const canonical = full ? parsed.network : `${parsed.network}/${parsed.prefix}`;
    return update(this.db, code, { restrictedIps: applyRule(row.restrictedIps, canonical, action) });
  }

  /** Sets the origin of the brand's player site, which every link the platform sends is built on (decision 0026). */
  async setSiteUrl(code: string, raw: string): Promise<Merchant> {
    const siteUrl = normaliseSiteUrl(raw);
    if (!siteUrl) throw new AppError('SITE_URL_INVALID', { url: raw }, { params: { url: raw } });
    return update(this.db, code, { siteUrl });
  }

  /**
   * Switches a whitelabel module. A module missing from the brand's tree is added at the top when it is
   * one of the platform's known modules; any other id is refused, so a typo never becomes a flag.
   */
  async setFlag(code: string, modId: string, enabled: boolean): Promise<Merchant> {
    const row = await getRow(this.db, code);
    const tree = toMerchant(row).whitelabel;
    let next = setModuleInTree(tree, modId, enabled);
    if (!next) {
      if (!KNOWN_MODULES.has(modId)) {
        throw new AppError('WHITELABEL_MODULE_UNKNOWN', { modId }, { params: { modId } });
      }
      next = [...tree, { modId, enabled: enabled ? '1' : '0', childrenNodes: [] }];
    }
    return update(this.db, code, { whitelabel: next });
  }
}

function applyRule(current: readonly string[], rule: string, action: 'block' | 'unblock'): string[] {
  const rest = current.filter((entry) => entry !== rule);
  return action === 'block' ? [...rest, rule] : rest;
}
