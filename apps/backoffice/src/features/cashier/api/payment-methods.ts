import {
  BACKOFFICE_CALLS,
  callWithParams,
  type BoPaymentMethod,
  type BoPaymentSettings,
  type SavePaymentMethodRequest,
} from '@parlay/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { cashierKeys } from './query-keys';

/** The brand's payment methods and the configured providers. */
export function getPaymentSettings(brand: string, signal?: AbortSignal): Promise<BoPaymentSettings> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.paymentSettings, { brand }), { signal });
}

export function usePaymentSettings(brand: string) {
  return useQuery({
    queryKey: cashierKeys.settings(brand),
    queryFn: ({ signal }) => getPaymentSettings(brand, signal),
  });
}

/** Adds a method (no id) or saves one with the version it was opened at. */
export function savePaymentMethod(
  brand: string,
  method: SavePaymentMethodRequest & { id?: number | undefined },
): Promise<BoPaymentMethod> {
  const { id, ...body } = method;
  return id === undefined
    ? apiRequest(callWithParams(BACKOFFICE_CALLS.createPaymentMethod, { brand }), { body })
    : apiRequest(callWithParams(BACKOFFICE_CALLS.updatePaymentMethod, { brand, methodId: id }), { body });
}

export function useSavePaymentMethod(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (method: SavePaymentMethodRequest & { id?: number | undefined }) => savePaymentMethod(brand, method),
    onSettled: () => client.invalidateQueries({ queryKey: cashierKeys.settings(brand) }),
  });
}
