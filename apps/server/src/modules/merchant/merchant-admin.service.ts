import {
  DEFAULT_BRAND_THEME,
  textColourOn,
  WHITELABEL,
  type BrandSettings,
  type BrandOperator,
  type CustomerService,
  type Language,
  type MaintenanceState,
  type WhitelabelNode,
} from '@parlay/contract';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor, AuditService } from '../audit/index';
import type { WalletService } from '../wallet/index';
import type { MediaService } from './media.service';
import { normaliseCountryCode, parseIpRule } from './region';
import * as repository from './merchant.repository';
import type { BrandDomain } from './merchant.repository';
import { isUnderMaintenance, toMerchant, type Merchant, type MerchantService } from './merchant.service';
import { normaliseSiteUrl } from './site-link';

/** A region rule as the operator gives it: a country code or an IP address / CIDR range. */
export type RegionRule = { country: string } | { ip: string };

const KNOWN_MODULES = new Set<string>(Object.values(WHITELABEL));

type MerchantPatch = Parameters<typeof repository.updateMerchant>[2];

/** What a change of the back office names besides its values: the version its page read. */
export interface ChangeOptions {
  /** The brand's version as the page read it; a stale one is BO_CHANGED_SINCE_OPENED. The CLI sends none. */
  version?: number;
}

/** Maintenance as an operator sets it: off, on now, or on from a scheduled start; the end is shown to visitors. */
export interface MaintenanceChange {
  state: MaintenanceState;
  startsAt: string | null;
  endsAt: string | null;
}

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
 * What an operator changes on a brand: its feature flags, maintenance, region rules, domains, customer service,
 * languages, currency, colours, logo and site address. Used by the back office and the admin CLI. Every change
 * bumps the brand's version; running servers see it within the merchant cache's TTL (this one at once).
 */
export class MerchantAdminService {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditService,
    private readonly wallet: WalletService,
    private readonly media: MediaService,
    private readonly merchants: MerchantService,
  ) {}

  /**
   * One change to a brand, audited in its transaction with the fields it changed, before and after. The row
   * is locked first, so the 'before' is what the change replaced and a stale `version` is seen for what it is.
   * `patchOf` may refuse the change from the row; `view` names what the trail records (the patch's columns when
   * absent), for a change to a part of a JSON column.
   */
  private async update(
    actor: Actor,
    code: string,
    action: string,
    patchOf: (row: repository.MerchantRow, tx: Executor) => MerchantPatch | Promise<MerchantPatch>,
    options: ChangeOptions & {
      view?: (row: repository.MerchantRow, moment: 'before' | 'after') => Record<string, unknown>;
    } = {},
  ): Promise<Merchant> {
    const merchant = await this.db.transaction(async (tx) => {
      const row = await getRow(tx, code, { lock: true });
      if (options.version !== undefined && options.version !== row.version) {
        throw new AppError('BO_CHANGED_SINCE_OPENED', { version: row.version });
      }
      const patch = await patchOf(row, tx);
      const updated = await repository.updateMerchant(tx, row.id, patch);
      if (!updated) throw new AppError('MERCHANT_NOT_FOUND', { merchantCode: code });
      const view = options.view ?? ((from: repository.MerchantRow) => pick(from, patch));
      await this.audit.record(tx, {
        actor,
        merchantId: row.id,
        action,
        targetType: 'brand',
        targetId: row.code,
        before: view(row, 'before'),
        after: view(updated, 'after'),
      });
      return toMerchant(updated);
    });
    this.merchants.invalidate();
    return merchant;
  }

  /** A change to values the brand keeps in its `config` (languages, colours, logo), audited field by field. */
  private updateConfig(
    actor: Actor,
    code: string,
    action: string,
    fields: Record<string, unknown>,
    options: ChangeOptions,
  ): Promise<Merchant> {
    const keys = Object.keys(fields);
    const view = (row: repository.MerchantRow) => {
      const config = row.config as Record<string, unknown>;
      return Object.fromEntries(keys.map((key) => [key, config[key] ?? null]));
    };
    return this.update(
      actor,
      code,
      action,
      (row) => {
        const config = { ...(row.config as Record<string, unknown>) };
        for (const [key, value] of Object.entries(fields)) {
          if (value === undefined) delete config[key];
          else config[key] = value;
        }
        return { config };
      },
      { ...options, view },
    );
  }

  async getBrand(code: string): Promise<{ merchant: Merchant; domains: BrandDomain[] }> {
    const row = await getRow(this.db, code);
    return { merchant: toMerchant(row), domains: await repository.findDomains(this.db, row.id) };
  }

  /** The brand's settings as the back office's Brand page shows them, with the version a save must carry. */
  async getSettings(code: string, now: Date = new Date()): Promise<BrandSettings> {
    const row = await getRow(this.db, code);
    const merchant = toMerchant(row);
    const { brand } = merchant;
    const [domains, membersWithBalance] = await Promise.all([
      repository.findDomains(this.db, row.id),
      this.wallet.countMembersWithBalance(this.db, row.id),
    ]);
    const scheduled = merchant.maintenanceStartsAt;
    return {
      code: merchant.code,
      name: brand.name,
      version: row.version,
      siteUrl: merchant.siteUrl,
      whitelabel: merchant.whitelabel,
      knownModules: [...KNOWN_MODULES],
      maintenance: {
        state: isUnderMaintenance(merchant, now) ? 'on' : scheduled ? 'scheduled' : 'off',
        startsAt: scheduled?.toISOString() ?? null,
        endsAt: merchant.maintenanceEndAt?.toISOString() ?? null,
      },
      regions: { countries: merchant.restrictedCountries, ips: merchant.restrictedIps },
      domains,
      customerService: merchant.site.customerService,
      operator: merchant.site.footer.operator,
      languages: brand.languages,
      defaultLanguage: brand.defaultLanguage,
      currency: {
        code: brand.currency,
        symbol: brand.currencySymbol,
        exponent: brand.currencyExponent,
        membersWithBalance,
      },
      theme: {
        chatHeaderColor: brand.chatHeaderColor,
        primaryColor: brand.primaryColor ?? DEFAULT_BRAND_THEME.primaryColor,
        secondaryColor: brand.secondaryColor ?? DEFAULT_BRAND_THEME.secondaryColor,
      },
      logoUrl: brand.logoUrl ?? null,
    };
  }

  /**
   * Turns maintenance on now (`from` absent) or from a scheduled start; the end time is only shown to visitors,
   * maintenance stays on until turned off.
   */
  async startMaintenance(actor: Actor, code: string, until?: string, from?: string): Promise<Merchant> {
    const parse = (text: string | undefined, field: 'until' | 'from') => {
      if (text === undefined) return null;
      const time = new Date(text);
      if (!/^\d{4}-\d{2}-\d{2}T/.test(text) || Number.isNaN(time.getTime())) {
        throw new AppError('MAINTENANCE_END_INVALID', { [field]: text });
      }
      return time.toISOString();
    };
    const startsAt = parse(from, 'from');
    return this.setMaintenance(actor, code, {
      state: startsAt === null ? 'on' : 'scheduled',
      startsAt,
      endsAt: parse(until, 'until'),
    });
  }

  async endMaintenance(actor: Actor, code: string): Promise<Merchant> {
    return this.setMaintenance(actor, code, { state: 'off', startsAt: null, endsAt: null });
  }

  /**
   * Maintenance off, on now, or scheduled: a scheduled start must be in the future and an end after the start
   * (MAINTENANCE_SCHEDULE_INVALID); the end is shown to visitors and ends nothing by itself.
   */
  async setMaintenance(
    actor: Actor,
    code: string,
    change: MaintenanceChange,
    options: ChangeOptions = {},
    now: Date = new Date(),
  ): Promise<Merchant> {
    const startsAt = change.state === 'scheduled' && change.startsAt !== null ? new Date(change.startsAt) : null;
    const endsAt = change.state !== 'off' && change.endsAt !== null ? new Date(change.endsAt) : null;
    if (change.state === 'scheduled' && (startsAt === null || startsAt <= now)) {
      throw new AppError('MAINTENANCE_SCHEDULE_INVALID', { startsAt: change.startsAt });
    }
    if (endsAt !== null && endsAt <= (startsAt ?? now)) {
      throw new AppError('MAINTENANCE_SCHEDULE_INVALID', { endsAt: change.endsAt });
    }
    return this.update(
      actor,
      code,
      'brand.maintenance',
      () => ({ maintenance: change.state === 'on', maintenanceStartsAt: startsAt, maintenanceEndAt: endsAt }),
      options,
    );
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
    const canonical = canonicalIpRule(parsed);
    return this.update(actor, code, 'brand.region', (row) => ({
      restrictedIps: applyRule(row.restrictedIps, canonical, action),
    }));
  }

  /** Replaces both lists of region rules at once; each rule is checked and written in its canonical form. */
  async setRegionRules(
    actor: Actor,
    code: string,
    rules: { countries: string[]; ips: string[] },
    options: ChangeOptions = {},
  ): Promise<Merchant> {
    const countries = rules.countries.map((text) => {
      const country = normaliseCountryCode(text);
      if (!country) throw new AppError('REGION_RULE_INVALID', { rule: text }, { params: { rule: text } });
      return country;
    });
    const ips = rules.ips.map((text) => {
      const parsed = parseIpRule(text);
      if (!parsed) throw new AppError('REGION_RULE_INVALID', { rule: text }, { params: { rule: text } });
      return canonicalIpRule(parsed);
    });
    return this.update(
      actor,
      code,
      'brand.region',
      () => ({ restrictedCountries: [...new Set(countries)], restrictedIps: [...new Set(ips)] }),
      options,
    );
  }

  /**
   * Replaces the brand's domains (the hosts that open it, in order; `isRoute` ones are listed to the site). A host
   * of another brand is refused (BRAND_DOMAIN_TAKEN) and nothing changes.
   */
  async setDomains(
    actor: Actor,
    code: string,
    domains: BrandDomain[],
    options: ChangeOptions = {},
  ): Promise<{ merchant: Merchant; domains: BrandDomain[] }> {
    const listed: Record<'before' | 'after', BrandDomain[]> = { before: [], after: domains };
    const merchant = await this.update(
      actor,
      code,
      'brand.domains',
      async (row, tx) => {
        const taken = await repository.findDomainsOfOtherBrands(
          tx,
          row.id,
          domains.map((entry) => entry.domain),
        );
        if (taken[0] !== undefined) {
          throw new AppError('BRAND_DOMAIN_TAKEN', { domain: taken[0] }, { params: { domain: taken[0] } });
        }
        listed.before = await repository.findDomains(tx, row.id);
        await repository.replaceDomains(tx, row.id, domains);
        return {};
      },
      { ...options, view: (_row, moment) => ({ domains: listed[moment] }) },
    );
    return { merchant, domains: await repository.findDomains(this.db, merchant.id) };
  }

  /** The brand's customer-service links, one per channel (VIP, LIVECHAT). */
  async setCustomerService(
    actor: Actor,
    code: string,
    entries: CustomerService[],
    options: ChangeOptions = {},
  ): Promise<Merchant> {
    return this.update(
      actor,
      code,
      'brand.customer-service',
      (row) => ({ site: { ...(row.site as Record<string, unknown>), customerService: entries } }),
      { ...options, view: (row) => ({ customerService: (row.site as { customerService?: unknown }).customerService }) },
    );
  }

  /** The footer's operator and licence lines (docs/product/site-shell-and-routes.md#footer). */
  async setOperator(
    actor: Actor,
    code: string,
    operator: BrandOperator,
    options: ChangeOptions = {},
  ): Promise<Merchant> {
    return this.update(
      actor,
      code,
      'brand.operator',
      (row) => {
        const site = row.site as { footer?: Record<string, unknown> } & Record<string, unknown>;
        return { site: { ...site, footer: { ...site.footer, operator } } };
      },
      { ...options, view: (row) => ({ operator: (row.site as { footer?: { operator?: unknown } }).footer?.operator }) },
    );
  }

  async setLanguages(
    actor: Actor,
    code: string,
    languages: { languages: Language[]; defaultLanguage: Language },
    options: ChangeOptions = {},
  ): Promise<Merchant> {
    return this.updateConfig(actor, code, 'brand.languages', languages, options);
  }

  /**
   * The brand's currency, its symbol and the exponent of its minor unit. The currency and the exponent cannot
   * change while a member holds a balance (BRAND_CURRENCY_HAS_BALANCES): balances are kept per currency, and an
   * amount in minor units means another sum under another exponent. The symbol is display only and always may.
   */
  async setCurrency(
    actor: Actor,
    code: string,
    currency: { currency: string; currencySymbol: string; currencyExponent: number },
    options: ChangeOptions = {},
  ): Promise<Merchant> {
    return this.update(
      actor,
      code,
      'brand.currency',
      async (row, tx) => {
        if (currency.currency !== row.currency || currency.currencyExponent !== row.currencyExponent) {
          const members = await this.wallet.countMembersWithBalance(tx, row.id);
          if (members > 0) throw new AppError('BRAND_CURRENCY_HAS_BALANCES', { members }, { params: { members } });
        }
        return currency;
      },
      options,
    );
  }

  /**
   * The brand's colours: the live chat's header, and the main and second colours of the site. A pair that no text
   * colour is readable on (4.5:1) is refused (BRAND_THEME_LOW_CONTRAST).
   */
  async setTheme(
    actor: Actor,
    code: string,
    theme: { chatHeaderColor: string; primaryColor: string; secondaryColor: string },
    options: ChangeOptions = {},
  ): Promise<Merchant> {
    const colours = {
      chatHeaderColor: theme.chatHeaderColor.toLowerCase(),
      primaryColor: theme.primaryColor.toLowerCase(),
      secondaryColor: theme.secondaryColor.toLowerCase(),
    };
    if (textColourOn([colours.primaryColor, colours.secondaryColor]) === null) {
      throw new AppError('BRAND_THEME_LOW_CONTRAST');
    }
    return this.updateConfig(actor, code, 'brand.theme', colours, options);
  }

  /** Checks and stores a new logo (PNG or JPEG, encoded again), which the site's header then shows. */
  async setLogo(actor: Actor, code: string, image: Buffer, options: ChangeOptions = {}): Promise<Merchant> {
    let logoUrl = '';
    return this.update(
      actor,
      code,
      'brand.logo',
      async (row, tx) => {
        logoUrl = (await this.media.store(tx, row.id, 'logo', image)).url;
        return { config: { ...(row.config as Record<string, unknown>), logoUrl } };
      },
      { ...options, view: (row) => ({ logoUrl: (row.config as { logoUrl?: string }).logoUrl ?? null }) },
    );
  }

  async removeLogo(actor: Actor, code: string, options: ChangeOptions = {}): Promise<Merchant> {
    return this.updateConfig(actor, code, 'brand.logo', { logoUrl: undefined }, options);
  }

  /** Sets the origin of the brand's player site, which every link the platform sends is built on (decision 0026). */
  async setSiteUrl(actor: Actor, code: string, raw: string, options: ChangeOptions = {}): Promise<Merchant> {
    const siteUrl = normaliseSiteUrl(raw);
    if (!siteUrl) throw new AppError('SITE_URL_INVALID', { url: raw }, { params: { url: raw } });
    return this.update(actor, code, 'brand.site-url', () => ({ siteUrl }), options);
  }

  /**
   * Switches a whitelabel module. A module missing from the brand's tree is added at the top when it is
   * one of the platform's known modules; any other id is refused, so a typo never becomes a flag.
   */
  async setFlag(
    actor: Actor,
    code: string,
    modId: string,
    enabled: boolean,
    options: ChangeOptions = {},
  ): Promise<Merchant> {
    const view = (row: repository.MerchantRow) => ({
      [modId]: findModule(toMerchant(row).whitelabel, modId)?.enabled ?? null,
    });
    return this.update(
      actor,
      code,
      'brand.flag',
      async (row, tx) => {
        // Back to one wallet only while no member holds money in a vendor wallet: it would vanish from view.
        if (modId === WHITELABEL.TRANSFER_WALLETS && !enabled) {
          const members = await this.wallet.transfers.countMembersWithVendorMoney(tx, row.id);
          if (members > 0) throw new AppError('WALLET_VENDOR_WALLETS_HOLD_MONEY', { members }, { params: { members } });
        }
        const tree = toMerchant(row).whitelabel;
        let next = setModuleInTree(tree, modId, enabled);
        if (!next) {
          if (!KNOWN_MODULES.has(modId)) {
            throw new AppError('WHITELABEL_MODULE_UNKNOWN', { modId }, { params: { modId } });
          }
          next = [...tree, { modId, enabled: enabled ? '1' : '0', childrenNodes: [] }];
        }
        return { whitelabel: next };
      },
      { ...options, view },
    );
  }
}

function findModule(nodes: readonly WhitelabelNode[], modId: string): WhitelabelNode | undefined {
  for (const node of nodes) {
    if (node.modId === modId) return node;
    const found = findModule(node.childrenNodes, modId);
    if (found) return found;
  }
  return undefined;
}

function canonicalIpRule(parsed: NonNullable<ReturnType<typeof parseIpRule>>): string {
  const full = parsed.prefix === (parsed.family === 'ipv4' ? 32 : 128);
  return full ? parsed.network : `${parsed.network}/${parsed.prefix}`;
}

function applyRule(current: readonly string[], rule: string, action: 'block' | 'unblock'): string[] {
  const rest = current.filter((entry) => entry !== rule);
  return action === 'block' ? [...rest, rule] : rest;
}
