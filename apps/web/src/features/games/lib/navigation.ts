import {
  DIRECT_OPEN_CATEGORIES,
  GAME_CATEGORY_ROUTES,
  IS_GAME_VASSALAGE,
  type Game,
  type GameType,
  type PrizeMode,
} from '@parlay/contract';

export type Category = GameType | 'ESPORTS';

/** The game-list address of a category, with the vendor tab (`?page=`) when one is chosen. */
export function gameListPath(gameType: GameType, vassalage: string | null): string {
  const base = GAME_CATEGORY_ROUTES[gameType];
  return vassalage ? `${base}?page=${encodeURIComponent(vassalage)}` : base;
}

export function isDirectOpen(category: Category): boolean {
  return (DIRECT_OPEN_CATEGORIES as readonly string[]).includes(category);
}

/**
 * What opening one game does (docs/product/games-and-wallet.md#opening-a-game): a popup list, a lottery route,
 * or a launch in /game.
 */
export type GameTarget = { kind: 'popup' } | { kind: 'lottery'; to: string } | { kind: 'launch'; to: string };

export type PlayMode = 'real' | 'trial';

/** The lottery route of a lottery game: the VN and SEA account types have their own pages. */
export function lotteryPath(game: Pick<Game, 'code' | 'vassalage' | 'accountTypeName' | 'defaultPlayType'>): string {
  const account = `${game.accountTypeName} ${game.vassalage}`.toUpperCase();
  const query = new URLSearchParams({ gameCode: game.code });
  if (/\bVN\b|_VN\b|VN_/.test(account)) return `/vnlottery?${query.toString()}`;
  if (/SEA\b/.test(account)) return `/seaLottery?${query.toString()}`;
  if (game.defaultPlayType) query.set('playType', game.defaultPlayType);
  return `/lottery?${query.toString()}`;
}

/**
 * The prize mode a lottery launches with (docs/product/games-and-wallet.md#lottery-launch-payload): the page's
 * `playType` when the brand offers it, else the mode of the page or the game (SEA on /seaLottery, Elott for an
 * e-lottery, Lott otherwise) when the brand offers that. None leaves the choice to the vendor.
 */
export function lotteryPrizeMode(
  page: { accountType: 'SEA' | 'VN' | 'LOTT'; playType?: string | null },
  game: Pick<Game, 'gameType'>,
  offered: readonly PrizeMode[],
): PrizeMode | undefined {
  const asked = offered.find((mode) => mode === page.playType);
  if (asked) return asked;
  const wanted: PrizeMode = page.accountType === 'SEA' ? 'SEA' : game.gameType === 'ELOTT' ? 'Elott' : 'Lott';
  return offered.includes(wanted) ? wanted : undefined;
}

/**
 * The /game address that launches a game (or a PVP room) in real or trial play. A game's node and
 * vassalage go with its id, as the launch payload names them (docs/product/games-and-wallet.md#game-launch).
 */
export function launchPath(
  target: { gameId?: number; roomId?: number; nodeId?: number; vassalage?: string },
  mode: PlayMode = 'real',
): string {
  const query = new URLSearchParams();
  if (target.gameId !== undefined) query.set('gameId', String(target.gameId));
  if (target.roomId !== undefined) query.set('roomId', String(target.roomId));
  if (target.nodeId !== undefined) query.set('nodeId', String(target.nodeId));
  if (target.vassalage !== undefined) query.set('vassalage', target.vassalage);
  if (mode === 'trial') query.set('playMode', 'trial');
  return `/game?${query.toString()}`;
}

export function resolveGame(game: Game, mode: PlayMode = 'real'): GameTarget {
  if (game.isGame === IS_GAME_VASSALAGE) return { kind: 'popup' };
  if (game.gameType === 'ELOTT' || game.gameType === 'LOTT') return { kind: 'lottery', to: lotteryPath(game) };
  return { kind: 'launch', to: launchPath({ gameId: game.id, nodeId: game.nodeId, vassalage: game.vassalage }, mode) };
}
