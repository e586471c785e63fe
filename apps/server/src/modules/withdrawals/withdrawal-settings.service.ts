import { defaultBanksOf, type SaveWithdrawalSettingsRequest, type WithdrawalSettingsView } from '@parlay/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor, AuditService } from '../audit/index';
import type { Merchant } from '../merchant/index';
import * as repository from './withdrawals.repository';

/** A brand's withdrawal settings (decision 0041): the rules a request passes, the risk threshold, the banks. */
export class WithdrawalSettingsService {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditService,
  ) {}

  async get(merchant: Merchant): Promise<WithdrawalSettingsView> {
    const settings = await repository.findSettings(this.db, merchant.id);
    return {
      ...settings,
      currency: merchant.brand.currency,
      defaultBanks: defaultBanksOf(merchant.brand.currency).map((bank) => ({ code: bank.code, name: bank.ko })),
    };
  }

  /** Saves them if nobody saved since `version` was read (else BO_CHANGED_SINCE_OPENED), audited. */
  async save(
    actor: Actor,
    merchant: Merchant,
    request: SaveWithdrawalSettingsRequest,
  ): Promise<WithdrawalSettingsView> {
    const { version, ...settings } = request;
    await this.db.transaction(async (tx) => {
      const before = await repository.findSettings(tx, merchant.id);
      const saved = await repository.saveSettings(tx, merchant.id, settings, version);
      if (saved === undefined) throw new AppError('BO_CHANGED_SINCE_OPENED');
      await this.audit.record(tx, {
        actor,
        merchantId: merchant.id,
        action: 'withdrawal.settings',
        targetType: 'brand',
        targetId: merchant.code,
        before,
        after: { ...settings, version: saved },
      });
    });
    return this.get(merchant);
  }
}
