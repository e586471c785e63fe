import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playerKeys, type PlayerRef } from './query-keys';

/**
 * A change to one player: everything shown about it is asked again (profile, balances, ledger, sessions, notes),
 * since an action often touches several (a lock ends the sessions; an adjustment moves the balance and the ledger).
 */
export function usePlayerChange<V, R>(ref: PlayerRef, change: (ref: PlayerRef, variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => change(ref, variables),
    onSettled: () => client.invalidateQueries({ queryKey: playerKeys.player(ref.brand, ref.playerId) }),
  });
}
