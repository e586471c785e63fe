import { BACKOFFICE_CALLS, callWithParams, type ClosedRound, type CloseRoundRequest } from '@parlay/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { gamesKeys } from './query-keys';

/** Cancels (the stakes go back) or settles (as it stands) a round its vendor left open, with a reason. */
export function closeOpenRound(input: { brand: string } & CloseRoundRequest): Promise<ClosedRound> {
  const { brand, ...body } = input;
  return apiRequest(callWithParams(BACKOFFICE_CALLS.closeOpenRound, { brand }), { body });
}

export function useCloseOpenRound(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: closeOpenRound,
    // Closed or refused (another operator closed it first), the list asks again.
    onSettled: () => client.invalidateQueries({ queryKey: gamesKeys.allOpenRounds(brand) }),
  });
}
