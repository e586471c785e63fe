/**
 * What the shell's slots load from the games feature (app/feature-slots.tsx). Only the lobby rows come
 * through here, so the lobby's chunk stays small; the /rng… and /game route files import their pages
 * from components/ directly, and the header dropdown has its own slot file (components/game-dropdown.tsx).
 */
export { LobbyGameRows } from './components/lobby-game-rows';
