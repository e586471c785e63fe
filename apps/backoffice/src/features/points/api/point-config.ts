import { BACKOFFICE_CALLS, callWithParams, type BoPointConfig, type BoSavePointConfigRequest } from '@parlay/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { pointKeys } from './query-keys';

export function getPointConfig(brand: string, signal?: AbortSignal): Promise<BoPointConfig> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.pointConfig, { brand }), { signal });
}

export function usePointConfig(brand: string) {
  return useQuery({ queryKey: pointKeys.config(brand), queryFn: ({ signal }) => getPointConfig(brand, signal) });
}

export function useSavePointConfig(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BoSavePointConfigRequest) =>
      apiRequest<BoPointConfig>(callWithParams(BACKOFFICE_CALLS.savePointConfig, { brand }), { body }),
    onSuccess: (saved) => client.setQueryData(pointKeys.config(brand), saved),
  });
}
