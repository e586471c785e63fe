import {
  BACKOFFICE_CALLS,
  callWithParams,
  type AbuseFlagStatus,
  type BoAbuseFlag,
  type BoAbuseFlagPage,
  type BoReferralSettings,
  type BoSaveReferralRulesRequest,
} from '@parlay/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { referralKeys } from './query-keys';

/** The brand's referral rules with its invited members counted, paid and held. */
export function getReferralSettings(brand: string, signal?: AbortSignal): Promise<BoReferralSettings> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.referralSettings, { brand }), { signal });
}

export function useReferralSettings(brand: string) {
  return useQuery({
    queryKey: referralKeys.settings(brand),
    queryFn: ({ signal }) => getReferralSettings(brand, signal),
  });
}

/** Saves the rules with the version they were opened at (a stale save: BO_CHANGED_SINCE_OPENED). */
export function useSaveReferralSettings(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BoSaveReferralRulesRequest): Promise<BoReferralSettings> =>
      apiRequest(callWithParams(BACKOFFICE_CALLS.saveReferralSettings, { brand }), { body }),
    onSettled: () => client.invalidateQueries({ queryKey: referralKeys.settings(brand) }),
  });
}

export interface FlagQuery {
  status: AbuseFlagStatus;
  cursor?: string | undefined;
}

/** The brand's abuse flags of a status, newest first, with their evidence. */
export function getAbuseFlags(brand: string, query: FlagQuery, signal?: AbortSignal): Promise<BoAbuseFlagPage> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.abuseFlags, { brand }), {
    query: { limit: 20, status: query.status, cursor: query.cursor },
    signal,
  });
}

export function useAbuseFlags(brand: string, query: FlagQuery) {
  return useQuery({
    queryKey: referralKeys.flagList(brand, query),
    queryFn: ({ signal }) => getAbuseFlags(brand, query, signal),
    placeholderData: keepPreviousData,
  });
}

export interface FlagDecision {
  flag: BoAbuseFlag;
  decision: 'release' | 'reject';
  reason: string;
}

/** Releases (the held payout paid, once) or rejects a flag with a reason; ABUSE_FLAG_DECIDED if decided first. */
export function useDecideAbuseFlag(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ flag, decision, reason }: FlagDecision): Promise<BoAbuseFlag> =>
      apiRequest(
        callWithParams(decision === 'release' ? BACKOFFICE_CALLS.releaseAbuseFlag : BACKOFFICE_CALLS.rejectAbuseFlag, {
          brand,
          flagId: flag.id,
        }),
        { body: { reason } },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: referralKeys.flags(brand) }),
  });
}
