import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client';
import { gamesKeys } from './query-keys';

/**
 * A change to the brand's offer: on success and on BO_CHANGED_SINCE_OPENED alike the offer's pages ask again,
 * so the next try starts from what is saved now (with its new version).
 */
export function useOfferChange<V, R>(brand: string, change: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => client.invalidateQueries({ queryKey: gamesKeys.offer(brand) }),
    onError: (error) => {
      if (isApiError(error, 'BO_CHANGED_SINCE_OPENED'))
        void client.invalidateQueries({ queryKey: gamesKeys.offer(brand) });
    },
  });
}
