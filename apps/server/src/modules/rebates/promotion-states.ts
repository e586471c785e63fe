import type { ActivityState } from '@parlay/contract';
import type { Executor } from '../../db/client';
import type { Merchant } from '../merchant/index';
import type { RebateService } from './rebates.service';

/**
 * The promotions hub's provider of kind cashback (docs/decisions/0058-promotions-hub-and-reward-centre.md): a cashback
 * promotion stands for the brand's cashback (decision 0051), so its state is the member's: `claim` while finished
 * periods wait to be claimed, `in_process` while this period has cashback accruing; otherwise (and for a visitor) the
 * hub's dates.
 */
export function cashbackPromotionStates(rebates: RebateService) {
  return async (
    _db: Executor,
    merchant: Merchant,
    memberId: number | null,
    promotionIds: readonly number[],
  ): Promise<Map<number, ActivityState>> => {
    if (memberId === null) return new Map();
    const summary = await rebates.memberSummary({ merchantId: merchant.id, memberId }, merchant);
    const state: ActivityState | null =
      summary.claimableMinor > 0 ? 'claim' : summary.current.rebateMinor > 0 ? 'in_process' : null;
    return state === null ? new Map() : new Map(promotionIds.map((id) => [id, state]));
  };
}
