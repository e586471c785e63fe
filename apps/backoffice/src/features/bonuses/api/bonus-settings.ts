import {
  BACKOFFICE_CALLS,
  callWithParams,
  type BoBonusSettings,
  type BoSaveBonusSettingsRequest,
} from '@parlay/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bonusKeys } from './query-keys';

/** Where the brand pays bonus money (decision 0063), with the version a save must send back. */
export function getBonusSettings(brand: string, signal?: AbortSignal): Promise<BoBonusSettings> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.bonusSettings, { brand }), { signal });
}

export function useBonusSettings(brand: string) {
  return useQuery({ queryKey: bonusKeys.settings(brand), queryFn: ({ signal }) => getBonusSettings(brand, signal) });
}

/** Saves with the version the form opened (a stale save is refused, BO_CHANGED_SINCE_OPENED). */
export function useSaveBonusSettings(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BoSaveBonusSettingsRequest) =>
      apiRequest<BoBonusSettings>(callWithParams(BACKOFFICE_CALLS.saveBonusSettings, { brand }), { body }),
    onSuccess: (saved) => client.setQueryData(bonusKeys.settings(brand), saved),
  });
}
