/**
 * The categories of the one game-list page, each its own route segment: /rng /live /pvp /fish /hot /fav
 * (docs/product/site-shell-and-routes.md). The shell's router reads this list at start-up to tell a
 * category from an unknown page, so this file stays free of the page's code.
 */
export const GAME_LIST_CATEGORIES = ['rng', 'live', 'pvp', 'fish', 'hot', 'fav'] as const;
export type GameListCategory = (typeof GAME_LIST_CATEGORIES)[number];
