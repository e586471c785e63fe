import type { ActivityState } from '@parlay/contract';
import type { Executor } from '../../db/client';
import type { Merchant } from '../merchant/index';
import * as repository from './raffles.repository';
import { stateOf } from './raffles.service';

/**
 * The promotions hub's provider of kind raffle (docs/decisions/0058-promotions-hub-and-reward-centre.md,
 * docs/decisions/0055-raffles.md): the state the raffle list gives (raffles.service.ts stateOf), so /promotions and the
 * raffle section never disagree. A visitor's by the dates and status only (coming_soon, join, close); a promotion id
 * with no raffle row, or a void one, is close.
 */
export function rafflePromotionStates(clock: () => Date = () => new Date()) {
  return async (
    db: Executor,
    merchant: Merchant,
    memberId: number | null,
    promotionIds: readonly number[],
  ): Promise<Map<number, ActivityState>> => {
    const now = clock();
    const states = new Map<number, ActivityState>(promotionIds.map((id) => [id, 'close']));
    const raffles: repository.RaffleRow[] = [];
    for (const id of promotionIds) {
      const raffle = await repository.findRaffle(db, merchant.id, id);
      if (raffle) raffles.push(raffle);
    }
    const entries =
      memberId === null
        ? new Map<number, repository.MemberEntryRow>()
        : new Map(
            (
              await repository.findMemberEntries(
                db,
                memberId,
                raffles.map((raffle) => raffle.id),
              )
            ).map((entry) => [entry.raffleId, entry]),
          );
    for (const raffle of raffles) {
      const entry = entries.get(raffle.id);
      states.set(raffle.id, stateOf(raffle, { joined: entry !== undefined, won: entry?.prizeRank != null }, now));
    }
    return states;
  };
}
