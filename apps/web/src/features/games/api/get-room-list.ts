import { RoomListResponseSchema } from '@parlay/contract';
import { GAME_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { gamesKeys } from './query-keys';

const RoomListSchema = RoomListResponseSchema.shape.value;
export type PvpRoom = z.infer<typeof RoomListSchema>['list'][number];

/** GET /wps/relay/GLS2_roomList (docs/product/calls.md#games): the PVP rooms a member can join. */
export function getRoomList(signal?: AbortSignal): Promise<PvpRoom[]> {
  return apiRequest(GAME_CALLS.roomList, { signal }, RoomListSchema).then((value) => value.list);
}

export function getRoomListQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: [...gamesKeys.member(token), 'rooms'] as const,
    queryFn: ({ signal }) => getRoomList(signal),
    enabled: token !== null,
    staleTime: 15_000,
  });
}

export function useRoomList() {
  const token = useSessionStore((state) => state.token);
  return useQuery(getRoomListQueryOptions(token));
}
