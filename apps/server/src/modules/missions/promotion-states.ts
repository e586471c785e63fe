import type { ActivityState } from '@parlay/contract';
import type { Executor } from '../../db/client';
import type { Merchant } from '../merchant/index';
import type { MissionService } from './missions.service';

/**
 * The promotions hub's provider of kind mission (docs/decisions/0058-promotions-hub-and-reward-centre.md): a mission
 * promotion stands for the brand's missions (decision 0054), so its state is the member's summary's: `claim` while a
 * mission is ready to claim, `in_process` while one has progress short of its target; otherwise (and for a visitor) the hub's dates.
 */
export function missionPromotionStates(missions: MissionService) {
  return async (
    _db: Executor,
    merchant: Merchant,
    memberId: number | null,
    promotionIds: readonly number[],
  ): Promise<Map<number, ActivityState>> => {
    if (memberId === null) return new Map();
    const summary = await missions.summary({ merchantId: merchant.id, memberId }, merchant, 'EN');
    const state: ActivityState | null =
      summary.readyCount > 0
        ? 'claim'
        : summary.items.some((item) => item.state === 'in_process' && item.progress > 0)
          ? 'in_process'
          : null;
    return state === null ? new Map() : new Map(promotionIds.map((id) => [id, state]));
  };
}
