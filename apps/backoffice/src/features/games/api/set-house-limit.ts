import { BACKOFFICE_CALLS, callWithParams, type HouseLimits, type SetHouseLimitRequest } from '@parlay/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { gamesKeys } from './query-keys';

/** One game's limits, the brand's own or the default ones; answers the brand's limits as they now are. */
export function setHouseLimit(input: { brand: string } & SetHouseLimitRequest): Promise<HouseLimits> {
  const { brand, ...body } = input;
  return apiRequest(callWithParams(BACKOFFICE_CALLS.setHouseLimit, { brand }), { body });
}

export function useSetHouseLimit(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setHouseLimit,
    onSuccess: (limits) => client.setQueryData(gamesKeys.houseLimits(brand), limits),
    onError: (error) => {
      if (isApiError(error, 'BO_CHANGED_SINCE_OPENED'))
        void client.invalidateQueries({ queryKey: gamesKeys.houseLimits(brand) });
    },
  });
}
