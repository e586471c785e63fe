import {
  BACKOFFICE_CALLS,
  callWithParams,
  type BoRebateSettings,
  type BoSaveRebateSettingsRequest,
} from '@parlay/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { rebateKeys } from './query-keys';

export function getRebateSettings(brand: string, signal?: AbortSignal): Promise<BoRebateSettings> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.rebateSettings, { brand }), { signal });
}

export function useRebateSettings(brand: string) {
  return useQuery({ queryKey: rebateKeys.settings(brand), queryFn: ({ signal }) => getRebateSettings(brand, signal) });
}

/** Saves with the version the form opened (a stale save is refused, BO_CHANGED_SINCE_OPENED). */
export function useSaveRebateSettings(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BoSaveRebateSettingsRequest) =>
      apiRequest<BoRebateSettings>(callWithParams(BACKOFFICE_CALLS.saveRebateSettings, { brand }), { body }),
    onSuccess: (saved) => client.setQueryData(rebateKeys.settings(brand), saved),
  });
}
