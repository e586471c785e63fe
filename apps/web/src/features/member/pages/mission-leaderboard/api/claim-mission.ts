import type { ClaimMissionRequest, ClaimMissionResult } from '@parlay/contract';
import { MISSION_CALLS } from '@parlay/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { missionKeys } from './query-keys';

/**
 * POST /wps/member/missions/claim: pays a completed mission's reward into the main balance, once per mission and
 * period (a second claim is MISSION_ALREADY_CLAIMED). The header's balance follows from the balance socket; the list
 * and the menu badge are read again, after a refusal too (the mission may have moved on).
 */
export function claimMission(body: ClaimMissionRequest): Promise<ClaimMissionResult> {
  return apiRequest<ClaimMissionResult>(MISSION_CALLS.claim, { body });
}

export function useClaimMission() {
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.token);
  return useMutation({
    mutationFn: claimMission,
    onSettled: () => queryClient.invalidateQueries({ queryKey: missionKeys.all(token) }),
  });
}
