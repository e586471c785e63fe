import { ForfeitBonusSchema, type ForfeitBonus, type ForfeitBonusRequest } from '@parlay/contract';
import { BONUS_CALLS } from '@parlay/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { bonusKeys } from './query-keys';

/**
 * POST /wps/member/bonuses/forfeit (docs/product/calls.md#bonuses): gives up an active bonus, once per requestId. What
 * is left of the bonus money is taken back; the header's balance follows from the balance socket.
 */
export function forfeitBonus(body: ForfeitBonusRequest): Promise<ForfeitBonus> {
  return apiRequest(BONUS_CALLS.forfeit, { body }, ForfeitBonusSchema);
}

export function useForfeitBonus() {
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.token);
  return useMutation({
    mutationFn: forfeitBonus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bonusKeys.all(token) }),
  });
}
