import type { ActivityState } from '@parlay/contract';
import type { Executor } from '../../db/client';
import type { Merchant } from '../merchant/index';
import * as repository from './applications.repository';
import { offerStateOf, timeStateOf } from './applications.service';

/**
 * The promotions hub's provider of kind application (docs/decisions/0058-promotions-hub-and-reward-centre.md): the
 * state the application offers already give (decision 0052), so /promotions and the offers never disagree. An
 * application promotion the offers no longer list (ended over 30 days ago) is `close`.
 */
export function applicationPromotionStates(clock: () => Date = () => new Date()) {
  return async (
    db: Executor,
    merchant: Merchant,
    memberId: number | null,
    promotionIds: readonly number[],
  ): Promise<Map<number, ActivityState>> => {
    const now = clock();
    const rows = await repository.findOffers(db, merchant.id, memberId, now);
    const states = new Map<number, ActivityState>(promotionIds.map((id) => [id, 'close']));
    for (const row of rows) {
      if (states.has(row.promotionId)) states.set(row.promotionId, offerStateOf(timeStateOf(row, now), row.lastStatus));
    }
    return states;
  };
}
