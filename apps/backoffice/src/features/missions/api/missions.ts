import {
  BACKOFFICE_CALLS,
  callWithParams,
  type BoCreateMissionRequest,
  type BoMission,
  type BoMissionPage,
  type BoUpdateMissionRequest,
} from '@parlay/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { missionKeys } from './query-keys';

export interface MissionQuery {
  /** Only the missions on (true) or off (false); undefined: all. */
  active?: boolean | undefined;
  cursor?: string | undefined;
}

/** The brand's missions, newest first, each with its current period's counts. */
export function getMissions(brand: string, query: MissionQuery, signal?: AbortSignal): Promise<BoMissionPage> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.missions, { brand }), {
    query: {
      limit: 20,
      active: query.active === undefined ? undefined : String(query.active),
      cursor: query.cursor,
    },
    signal,
  });
}

export function useMissions(brand: string, query: MissionQuery) {
  return useQuery({
    queryKey: missionKeys.list(brand, query),
    queryFn: ({ signal }) => getMissions(brand, query, signal),
    placeholderData: keepPreviousData,
  });
}

export type MissionSave =
  { id?: undefined; body: BoCreateMissionRequest } | { id: number; body: BoUpdateMissionRequest };

/** Adds a mission (no id) or saves one with the version it was opened at (a stale save: BO_CHANGED_SINCE_OPENED). */
export function saveMission(brand: string, save: MissionSave): Promise<BoMission> {
  return save.id === undefined
    ? apiRequest(callWithParams(BACKOFFICE_CALLS.createMission, { brand }), { body: save.body })
    : apiRequest(callWithParams(BACKOFFICE_CALLS.updateMission, { brand, missionId: save.id }), { body: save.body });
}

export function useSaveMission(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (save: MissionSave) => saveMission(brand, save),
    onSettled: () => client.invalidateQueries({ queryKey: missionKeys.all(brand) }),
  });
}

/** Switches a mission off with the version the page read: members no longer see it; rewards paid stay paid. */
export function deactivateMission(brand: string, mission: BoMission): Promise<BoMission> {
  return apiRequest(callWithParams(BACKOFFICE_CALLS.deactivateMission, { brand, missionId: mission.id }), {
    body: { version: mission.version },
  });
}

export function useDeactivateMission(brand: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (mission: BoMission) => deactivateMission(brand, mission),
    onSettled: () => client.invalidateQueries({ queryKey: missionKeys.all(brand) }),
  });
}
