import {
  LAUNCH_DEFAULTS,
  LaunchGameSchema,
  type LaunchGame,
  type LOTTO_AREA,
  type LottoView,
  type PrizeMode,
} from '@parlay/contract';
import { GAME_CALLS } from '@parlay/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useUiLanguage } from '../../../lib/language';
import { useSessionStore } from '../../../lib/session-store';
import { gamesKeys } from './query-keys';

/** What the /game page asks to launch. */
export interface LaunchTarget {
  gameId?: number;
  roomId?: number;
  nodeId?: number;
  vassalage?: string;
  /**
   * A lottery launches by its game code with the vassalage (launchMode LOTT,
   * docs/product/games-and-wallet.md#lottery-launch-payload).
   */
  gameCode?: string;
  launchMode?: 'GLS' | 'LOTT';
  playMode: 'real' | 'trial';
  /**
   * The lottery launch payload (docs/product/games-and-wallet.md#lottery-launch-payload): area, prize mode, view,
   * device and the way back.
   */
  lottery?: {
    lottoArea: typeof LOTTO_AREA;
    prizeMode?: PrizeMode;
    lottoView: LottoView;
    device: 'WEB';
    backUrl: string;
  };
}

function hasLaunchTarget(target: LaunchTarget): boolean {
  if (target.gameId !== undefined || target.roomId !== undefined) return true;
  return target.gameCode !== undefined && target.vassalage !== undefined;
}

/**
 * POST /wps/game/launchGame with the launch payload (docs/product/games-and-wallet.md#game-launch). The session
 * travels in the Authorization header, so the token is not repeated in the body; the Language header says the
 * language.
 */
export function launchGame(
  target: LaunchTarget,
  context: { username: string | null; merchantCode: string | null; language: string },
  signal?: AbortSignal,
): Promise<LaunchGame> {
  return apiRequest(
    GAME_CALLS.launchGame,
    {
      body: {
        gameId: target.gameId,
        roomId: target.roomId,
        nodeId: target.nodeId,
        vassalage: target.vassalage,
        gameCode: target.gameCode,
        accountType: LAUNCH_DEFAULTS.accountType,
        confirmTrans: LAUNCH_DEFAULTS.confirmTrans,
        launchMode: target.launchMode ?? LAUNCH_DEFAULTS.launchMode,
        platform: LAUNCH_DEFAULTS.platform,
        clientType: LAUNCH_DEFAULTS.clientType,
        username: context.username ?? undefined,
        merchantCode: context.merchantCode ?? undefined,
        language: context.language,
        playMode: target.playMode,
        ...target.lottery,
      },
      signal,
    },
    LaunchGameSchema,
  );
}

export function getLaunchGameQueryOptions(
  token: string | null,
  target: LaunchTarget,
  context: { username: string | null; merchantCode: string | null; language: string },
) {
  return queryOptions({
    queryKey: gamesKeys.launch(token, target),
    queryFn: ({ signal }) => launchGame(target, context, signal),
    enabled: token !== null && hasLaunchTarget(target),
    // A launch opens a vendor session: never reuse an old one, never repeat on focus or failure.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useLaunchGame(target: LaunchTarget) {
  const token = useSessionStore((state) => state.token);
  const username = useSessionStore((state) => state.account);
  const merchantCode = useSessionStore((state) => state.merchantCode);
  const [language] = useUiLanguage();
  return useQuery(getLaunchGameQueryOptions(token, target, { username, merchantCode, language }));
}
