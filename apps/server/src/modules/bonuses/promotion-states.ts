import type { ActivityState } from '@parlay/contract';
import type { Executor } from '../../db/client';
import type { Merchant } from '../merchant/index';
import * as repository from './bonuses.repository';

// The promotions hub's providers of the bonus kinds (docs/decisions/0058-promotions-hub-and-reward-centre.md): a
// member's state of each deposit or sign-up bonus promotion, asked by the hub with the ids of the brand's rows.

/** Where a promotion stands by its dates at `now`. */
function timeStateOf(row: { startsAt: string | null; endsAt: string | null }, now: Date) {
  if (row.startsAt !== null && Date.parse(row.startsAt) > now.getTime()) return 'coming_soon' as const;
  if (row.endsAt !== null && Date.parse(row.endsAt) <= now.getTime()) return 'close' as const;
  return 'open' as const;
}

/**
 * The state of a deposit or sign-up bonus for the member (a visitor: by the dates). A bonus paid is `claimed`
 * whatever the dates say; then the dates (coming_soon, close). An open deposit bonus is `join` (chosen on the deposit
 * page) unless it is for new members and the member has a credited deposit (`close`: no longer for this member). A
 * sign-up bonus is paid at registration only, so a member who was not paid it sees it `close`.
 */
export function bonusStateOf(
  row: Pick<repository.BonusStateRow, 'kind' | 'audience' | 'startsAt' | 'endsAt' | 'paid' | 'deposited'>,
  isMember: boolean,
  now: Date,
): ActivityState {
  if (isMember && row.paid) return 'claimed';
  const time = timeStateOf(row, now);
  if (time !== 'open') return time;
  if (!isMember) return 'join';
  if (row.kind === 'signup_bonus') return 'close';
  return row.audience === 'new' && row.deposited ? 'close' : 'join';
}

/** The hub's provider of kinds deposit_bonus and signup_bonus; `clock` is the service's. */
export function bonusPromotionStates(clock: () => Date = () => new Date()) {
  return async (
    db: Executor,
    merchant: Merchant,
    memberId: number | null,
    promotionIds: readonly number[],
  ): Promise<Map<number, ActivityState>> => {
    const rows = await repository.findBonusStates(db, merchant.id, memberId, promotionIds);
    const now = clock();
    return new Map(rows.map((row) => [row.promotionId, bonusStateOf(row, memberId !== null, now)]));
  };
}
