import {
  BACKOFFICE_CALLS,
  callWithParams,
  type BoMemberBonus,
  type BoMemberBonusPage,
  type BonusStatus,
} from '@parlay/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bonusKeys } from './query-keys';

export interface MemberBonusQuery {
  account?: string | undefined;
  status?: BonusStatus | undefined;
  cursor?: string | undefined;
}

/** The brand's members' bonuses, newest first, of one member's login and one status, or all. */
export function getMemberBonuses(
  brand: string,
  query: MemberBonusQuery,
  signal?: AbortSignal,
): Promise<BoMemberBonusPage> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.memberBonuses, { brand }), {
    query: { limit: 20, account: query.account || undefined, status: query.status, cursor: query.cursor },
    signal,
  });
}

export function useMemberBonuses(brand: string, query: MemberBonusQuery) {
  return useQuery({
    queryKey: bonusKeys.memberBonuses(brand, query),
    queryFn: ({ signal }) => getMemberBonuses(brand, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** Ends an active bonus with the reason the audit trail keeps: what is left of it is taken back. */
export function cancelBonus(brand: string, bonusId: number, reason: string): Promise<BoMemberBonus> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.cancelBonus, { brand, bonusId }), { body: { reason } });
}

export function useCancelBonus(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ bonusId, reason }: { bonusId: number; reason: string }) => cancelBonus(brand, bonusId, reason),
    onSettled: () => client.invalidateQueries({ queryKey: bonusKeys.all(brand) }),
  });
}
