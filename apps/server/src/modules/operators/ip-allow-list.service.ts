import type { IpAllowList, SetIpAllowListRequest } from '@parlay/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor, AuditService } from '../audit/index';
import { createIpMatcher, parseIpRule } from '../merchant/index';
import * as repository from './operators.repository';

/** A brand as the allow-list names it. */
export interface AllowListBrand {
  id: number;
  code: string;
}

/** An address or range as it is stored: the network, and its prefix unless the range is one address. */
function canonical(entry: string): string {
  const parsed = parseIpRule(entry);
  if (!parsed) throw new AppError('BO_IP_ENTRY_INVALID', { entry }, { params: { entry } });
  const full = parsed.prefix === (parsed.family === 'ipv4' ? 32 : 128);
  return full ? parsed.network : `${parsed.network}/${parsed.prefix}`;
}

/**
 * Each brand's IP allow-list for the back office: with entries, every brand-scoped call for the brand must
 * come from one of them (the backoffice plugin checks it on arrival); empty, calls come from anywhere.
 */
export class IpAllowListService {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditService,
  ) {}

  async get(brand: AllowListBrand, yourIp: string): Promise<IpAllowList> {
    const list = await repository.findAllowList(this.db, brand.id);
    return { brand: brand.code, entries: list.entries, version: list.version, yourIp };
  }

  /** Whether a call from `ip` may act on the brand. */
  async isAllowed(merchantId: number, ip: string): Promise<boolean> {
    const { entries } = await repository.findAllowList(this.db, merchantId);
    return entries.length === 0 || createIpMatcher(entries.map((entry) => entry.cidr))(ip);
  }

  /**
   * Replaces a brand's list, at the version its page opened (null: the CLI's, whatever the version). An
   * operator may not save a list that leaves out its own address: it would lock itself out of the brand.
   */
  async set(
    actor: Actor,
    brand: AllowListBrand,
    request: Pick<SetIpAllowListRequest, 'entries'> & { version: number | null },
  ): Promise<IpAllowList> {
    const seen = new Set<string>();
    const entries = request.entries
      .map((entry) => ({ cidr: canonical(entry.cidr), note: entry.note }))
      .filter((entry) => !seen.has(entry.cidr) && seen.add(entry.cidr));
    const ip = actor.kind === 'operator' ? actor.ip : '';
    if (actor.kind === 'operator' && entries.length > 0 && !createIpMatcher(entries.map((entry) => entry.cidr))(ip)) {
      throw new AppError('BO_IP_LIST_EXCLUDES_YOU', { ip }, { params: { ip } });
    }
    return this.db.transaction(async (tx) => {
      const before = await repository.findAllowList(tx, brand.id);
      const version = request.version ?? before.version;
      if (!(await repository.updateAllowList(tx, brand.id, version, entries))) {
        throw new AppError('BO_CHANGED_SINCE_OPENED');
      }
      await this.audit.record(tx, {
        actor,
        merchantId: brand.id,
        action: 'brand.ip-allow-list',
        targetType: 'brand',
        targetId: brand.code,
        before: { entries: before.entries },
        after: { entries },
      });
      return { brand: brand.code, entries, version: version + 1, yourIp: ip };
    });
  }
}
