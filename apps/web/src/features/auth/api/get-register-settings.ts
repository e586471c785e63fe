import { RegisterSettingsSchema } from '@parlay/contract';
import { ACCOUNT_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './query-keys';

/** GET /wps/system/setting/register: which fields show, which are required, and their rules. */
export function getRegisterSettings(signal?: AbortSignal) {
  return apiRequest(ACCOUNT_CALLS.registerSettings, { signal }, RegisterSettingsSchema);
}

export function getRegisterSettingsQueryOptions() {
  return queryOptions({
    queryKey: authKeys.registerSettings(),
    queryFn: ({ signal }) => getRegisterSettings(signal),
    staleTime: 5 * 60_000,
  });
}

export function useRegisterSettings() {
  return useQuery(getRegisterSettingsQueryOptions());
}
