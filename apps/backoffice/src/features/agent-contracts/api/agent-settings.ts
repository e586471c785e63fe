import { BACKOFFICE_CALLS, callWithParams, type BoAgentSettings, type BoAgentSettingsUpdate } from '@parlay/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { agentContractKeys } from './agent-contracts';

const settingsKey = (brand: string) => [...agentContractKeys.all(brand), 'settings'] as const;

/** The brand's agent settings (both on when it never saved), with the version a save must send back. */
export function useAgentSettings(brand: string) {
  return useQuery({
    queryKey: settingsKey(brand),
    queryFn: ({ signal }): Promise<BoAgentSettings> =>
      apiRequest(callWithParams(BACKOFFICE_CALLS.agentSettings, { brand }), { signal }),
  });
}

/** Saves with the version the form opened (a stale save is refused, BO_CHANGED_SINCE_OPENED). */
export function useSaveAgentSettings(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BoAgentSettingsUpdate): Promise<BoAgentSettings> =>
      apiRequest(callWithParams(BACKOFFICE_CALLS.updateAgentSettings, { brand }), { body }),
    onSuccess: (saved) => client.setQueryData(settingsKey(brand), saved),
  });
}
