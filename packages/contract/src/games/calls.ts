// The game calls (docs/product/calls.md#games), exported together as GAME_CALLS. Zod-free: the site's
// start-up code imports them.
import type { ApiCall } from '../call';

/** The lottery menu. */
export const gameMenus = { method: 'GET', path: '/lgw/games/game_menus' } as const satisfies ApiCall;
export const hotGames = { method: 'GET', path: '/wps/relay/GCSGAME_hotGamesV2' } as const satisfies ApiCall;
export const gameList = { method: 'GET', path: '/wps/relay/GCSGAME_gameList' } as const satisfies ApiCall;
export const vassGameTypes = { method: 'GET', path: '/wps/relay/GCSGAME_getVassGameType' } as const satisfies ApiCall;
export const gameVendor = { method: 'GET', path: '/wps/relay/GCSGAME_gameVendor' } as const satisfies ApiCall;
/** The winner board. */
export const rankList = { method: 'GET', path: '/wps/relay/GCSGAME_getRankList' } as const satisfies ApiCall;
export const favoriteIds = { method: 'GET', path: '/wps/relay/MCSFE_getFavoriteGames' } as const satisfies ApiCall;
export const favoriteGames = {
  method: 'GET',
  path: '/wps/relay/MCSFE_getFavoriteGamesList',
} as const satisfies ApiCall;
export const addFavorite = { method: 'POST', path: '/wps/relay/MCSFE_addFavoriteGame' } as const satisfies ApiCall;
export const removeFavorite = {
  method: 'POST',
  path: '/wps/relay/MCSFE_removeFavoriteGame',
} as const satisfies ApiCall;
export const recentGames = { method: 'GET', path: '/wps/relay/GCS_recentGame' } as const satisfies ApiCall;
/** The PVP rooms. */
export const roomList = { method: 'GET', path: '/wps/relay/GLS2_roomList' } as const satisfies ApiCall;
export const launchGame = { method: 'POST', path: '/wps/game/launchGame' } as const satisfies ApiCall;
/** The same launch with its payload in the query: the product left the method open. */
export const launchGameByQuery = { method: 'GET', path: '/wps/game/launchGame' } as const satisfies ApiCall;
/** The lottery calls (docs/product/calls.md#lottery): the VN menu, the member's recent lotteries, popular ones, results. */
export const vnGameMenu = { method: 'GET', path: '/lgw/vn/games/game_menu' } as const satisfies ApiCall;
export const vnGameMenuRecent = { method: 'GET', path: '/lgw/vn/games/game_menu/recent' } as const satisfies ApiCall;
export const popularLottery = { method: 'GET', path: '/lgw/games/popular' } as const satisfies ApiCall;
export const openedNumbers = { method: 'GET', path: '/lgw/vn/numeros/opened/game' } as const satisfies ApiCall;
/** The same results as openedNumbers, for the signed-in member's brand. */
export const memberOpenedNumbers = { method: 'GET', path: '/lotto/lgw/games/opened/numero' } as const satisfies ApiCall;
