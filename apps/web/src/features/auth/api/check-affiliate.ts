import { AffiliateSchema } from '@parlay/contract';
import { ACCOUNT_CALLS } from '@parlay/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /wps/agent/affiliate: whether an agent's affiliate code exists. */
export function checkAffiliate(code: string) {
  return apiRequest(ACCOUNT_CALLS.affiliate, { query: { code, domain: location.host } }, AffiliateSchema);
}

export function useCheckAffiliate() {
  return useMutation({ mutationFn: checkAffiliate });
}
