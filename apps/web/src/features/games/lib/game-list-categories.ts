/**
 * The categories of the one game-list page, each its own route segment: /rng /live /pvp /fish /hot /fav
 * (docs/product/site-shell-and-routes.md). Defined in the contract beside the site's other page paths, which
 * the server answers with status 200 (decision 0029); the shell's router reads them at start-up to tell a
 * category from an unknown page.
 */
export { GAME_LIST_CATEGORIES, type GameListCategory } from '@parlay/contract/constants';
