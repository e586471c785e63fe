import {
  BACKOFFICE_CALLS,
  callWithParams,
  type SaveWithdrawalSettingsRequest,
  type WithdrawalSettingsView,
} from '@parlay/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withdrawalKeys } from './query-keys';

export function getWithdrawalSettings(brand: string, signal?: AbortSignal): Promise<WithdrawalSettingsView> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.withdrawalSettings, { brand }), { signal });
}

export function useWithdrawalSettings(brand: string) {
  return useQuery({
    queryKey: withdrawalKeys.settings(brand),
    queryFn: ({ signal }) => getWithdrawalSettings(brand, signal),
  });
}

export function useSaveWithdrawalSettings(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveWithdrawalSettingsRequest) =>
      apiRequest<WithdrawalSettingsView>(callWithParams(BACKOFFICE_CALLS.saveWithdrawalSettings, { brand }), { body }),
    onSuccess: (saved) => client.setQueryData(withdrawalKeys.settings(brand), saved),
  });
}
