import { TeamBetsSchema, type GameType, type TeamBets } from '@parlay/contract';
import { AGENT_CALLS } from '@parlay/contract/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../../lib/api-client';
import { useSessionStore } from '../../../../../lib/session-store';
import { agentKeys } from '../../../api/query-keys';

/** What the page asks for: a period of the brand's days, one member's account, a game type, a status. */
export interface TeamBetsSearch {
  from: string;
  to: string;
  account: string;
  gameType: GameType | '';
  status: 'settled' | 'open' | '';
}

/** GET /wps/agent/team/bets: a page of the team's rounds, newest first; the first carries the period's totals. */
export function getTeamBets(
  { from, to, account, gameType, status }: TeamBetsSearch,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<TeamBets> {
  return apiRequest(
    AGENT_CALLS.teamBets,
    {
      query: {
        from,
        to,
        account: account || undefined,
        gameType: gameType || undefined,
        status: status || undefined,
        cursor,
      },
      signal,
    },
    TeamBetsSchema,
  );
}

export function getTeamBetsQueryOptions(token: string | null, search: TeamBetsSearch, enabled = true) {
  return infiniteQueryOptions({
    queryKey: agentKeys.teamBets(token, { ...search }),
    queryFn: ({ pageParam, signal }) => getTeamBets(search, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: enabled && token !== null,
    staleTime: 30_000,
  });
}

/** `enabled` false while the period is one the server would refuse (the picker says why). */
export function useTeamBets(search: TeamBetsSearch, enabled: boolean) {
  const token = useSessionStore((state) => state.token);
  return useInfiniteQuery(getTeamBetsQueryOptions(token, search, enabled));
}
