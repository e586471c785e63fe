import type { OperatorDetail } from '@parlay/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client';
import { operatorKeys } from './query-keys';

/**
 * A change to one operator: the answer (the operator as it now is, with its new version) replaces the page's copy
 * and the lists ask again. A save refused as BO_CHANGED_SINCE_OPENED reloads the operator, so the next try
 * starts from what the other operator saved.
 */
export function useOperatorChange<V>(change: (variables: V) => Promise<OperatorDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (operator) => {
      client.setQueryData(operatorKeys.detail(operator.id), operator);
      void client.invalidateQueries({ queryKey: [...operatorKeys.all, 'list'] });
    },
    onError: (error) => {
      if (isApiError(error, 'BO_CHANGED_SINCE_OPENED')) void client.invalidateQueries({ queryKey: operatorKeys.all });
    },
  });
}
