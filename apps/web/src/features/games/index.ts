/**
 * What the shell's slots load from the games feature (app/feature-slots.tsx). Only the lobby rows come
 * through here, and they load the cards once near the screen, so the lobby's first load stays small;
 * the /rng… and /game route files import their pages from components/ directly, and the header
 * dropdown has its own slot file (components/game-dropdown.tsx).
 */
export { DeferredLobbyGameRows as LobbyGameRows } from './components/deferred-lobby-game-rows';
