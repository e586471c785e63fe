import { WHITELABEL, type WhitelabelNode } from '@parlay/contract';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor, AuditService } from '../audit/index';
import { normaliseCountryCode, parseIpRule } from './region';
import * as repository from './merchant.repository';
import { toMerchant, type Merchant } from './merchant.service';
import { normaliseSiteUrl } from './site-link';

/** A region rule as the operator gives it: a country code or an IP address / CIDR range. */
export type RegionRule = { country: string } | { ip: string };

const KNOWN_MODULES = new Set<string>(Object.values(WHITELABEL));

type MerchantPatch = Parameters<typeof repository.updateMerchant>[2];

async function getRow(db: Executor, code: string, options: { lock?: boolean } = {}): Promise<repository.MerchantRow> {
  const row = await repository.findMerchantByCode(db, code, options);
  if (!row) throw new AppError('MERCHANT_NOT_FOUND', { merchantCode: code });
  return row;
}

/** The fields of a patch as a row holds them, for the audit trail's before and after. */
function pick(row: repository.MerchantRow, patch: MerchantPatch): Record<string, unknown> {
  return Object.fromEntries(Object.keys(patch).map((key) => [key, row[key as keyof repository.MerchantRow]]));
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
  constructor(
    private readonly db: Database,
    private readonly audit: AuditService,
  ) {}

  /**
   * One change to a brand, audited in its transaction with the fields it changed, before and after. The row
   * is locked first, so the 'before' is what the change replaced. `patchOf` may refuse the change from the row.
   */
  private async update(
    actor: Actor,
    code: string,
    action: string,
    patchOf: (row: repository.MerchantRow) => MerchantPatch,
  ): Promise<Merchant> {
    return this.db.transaction(async (tx) => {
      const row = await getRow(tx, code, { lock: true });
      const patch = patchOf(row);
      const updated = await repository.updateMerchant(tx, row.id, patch);
      if (!updated) throw new AppError('MERCHANT_NOT_FOUND', { merchantCode: code });
      await this.audit.record(tx, {
        actor,
        merchantId: row.id,
        action,
        targetType: 'brand',
        targetId: row.code,
        before: pick(row, patch),
        after: pick(updated, patch),
      });
      return toMerchant(updated);
    });
  }

  async getBrand(code: string): Promise<{ merchant: Merchant; domains: { domain: string; isRoute: boolean }[] }> {
    const row = await getRow(this.db, code);
    return { merchant: toMerchant(row), domains: await repository.findDomains(this.db, row.id) };
  }

  /** Turns maintenance on; the end time is only shown to visitors, maintenance stays on until turned off. */
  async startMaintenance(actor: Actor, code: string, until?: string): Promise<Merchant> {
    let endAt: Date | null = null;
    if (until !== undefined) {
      endAt = new Date(until);
      if (!/^\d{4}-\d{2}-\d{2}T/.test(until) || Number.isNaN(endAt.getTime())) {
        throw new AppError('MAINTENANCE_END_INVALID', { until });
      }
    }
    return this.update(actor, code, 'brand.maintenance', () => ({ maintenance: true, maintenanceEndAt: endAt }));
  }

  async endMaintenance(actor: Actor, code: string): Promise<Merchant> {
    return this.update(actor, code, 'brand.maintenance', () => ({ maintenance: false, maintenanceEndAt: null }));
  }

  /** Adds (block) or removes (unblock) a country or IP rule; adding twice keeps one copy. */
  async changeRegionRule(actor: Actor, code: string, action: 'block' | 'unblock', rule: RegionRule): Promise<Merchant> {
    if ('country' in rule) {
      const country = normaliseCountryCode(rule.country);
      if (!country)
        throw new AppError('REGION_RULE_INVALID', { rule: rule.country }, { params: { rule: rule.country } });
      return this.update(actor, code, 'brand.region', (row) => ({
        restrictedCountries: applyRule(row.restrictedCountries, country, action),
      }));
    }
    const parsed = parseIpRule(rule.ip);
    if (!parsed) throw new AppError('REGION_RULE_INVALID', { rule: rule.ip }, { params: { rule: rule.ip } });
    const full = parsed.prefix === (parsed.family === 'ipv4' ? 32 : 128);
    const canonical = full ? parsed.network : `${parsed.network}/${parsed.prefix}`;
    return this.update(actor, code, 'brand.region', (row) => ({
      restrictedIps: applyRule(row.restrictedIps, canonical, action),
    }));
  }

  /** Sets the origin of the brand's player site, which every link the platform sends is built on (decision 0026). */
  async setSiteUrl(actor: Actor, code: string, raw: string): Promise<Merchant> {
    const siteUrl = normaliseSiteUrl(raw);
    if (!siteUrl) throw new AppError('SITE_URL_INVALID', { url: raw }, { params: { url: raw } });
    return this.update(actor, code, 'brand.site-url', () => ({ siteUrl }));
  }

  /**
   * Switches a whitelabel module. A module missing from the brand's tree is added at the top when it is
   * one of the platform's known modules; any other id is refused, so a typo never becomes a flag.
   */
  async setFlag(actor: Actor, code: string, modId: string, enabled: boolean): Promise<Merchant> {
    return this.update(actor, code, 'brand.flag', (row) => {
      const tree = toMerchant(row).whitelabel;
      let next = setModuleInTree(tree, modId, enabled);
      if (!next) {
        if (!KNOWN_MODULES.has(modId)) {
          throw new AppError('WHITELABEL_MODULE_UNKNOWN', { modId }, { params: { modId } });
        }
        next = [...tree, { modId, enabled: enabled ? '1' : '0', childrenNodes: [] }];
      }
      return { whitelabel: next };
    });
  }
}

function applyRule(current: readonly string[], rule: string, action: 'block' | 'unblock'): string[] {
  const rest = current.filter((entry) => entry !== rule);
  return action === 'block' ? [...rest, rule] : rest;
}
