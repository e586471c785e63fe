import { RegisterSettingsSchema } from '@parlay/contract';
import { ACCOUNT_CALLS } from '@parlay/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';

/**
 * GET /wps/system/setting/register: the brand's registration rules, which an account made here meets as a registered
 * one does (the auth feature reads the same call for its register form; a feature keeps to its own calls).
 */
export function useRegisterRules() {
  return useQuery({
    queryKey: ['agent', 'register-rules'],
    queryFn: ({ signal }) => apiRequest(ACCOUNT_CALLS.registerSettings, { signal }, RegisterSettingsSchema),
    select: (settings) => settings.rules,
    staleTime: 5 * 60_000,
  });
}
