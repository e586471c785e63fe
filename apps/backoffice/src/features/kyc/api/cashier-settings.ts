import { BACKOFFICE_CALLS, callWithParams, type CashierSettings, type CashierSettingsView } from '@parlay/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { kycKeys } from './query-keys';

/** The brand's identity-check setting and upline-transfer limits. */
export function getCashierSettings(brand: string, signal?: AbortSignal): Promise<CashierSettingsView> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.cashierSettings, { brand }), { signal });
}

export function useCashierSettings(brand: string) {
  return useQuery({ queryKey: kycKeys.settings(brand), queryFn: ({ signal }) => getCashierSettings(brand, signal) });
}

export function useSaveCashierSettings(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CashierSettings) =>
      apiRequest<CashierSettingsView>(callWithParams(BACKOFFICE_CALLS.saveCashierSettings, { brand }), { body }),
    onSuccess: (saved) => client.setQueryData(kycKeys.settings(brand), saved),
  });
}
