import { ApiError } from './api';
import { clear, h } from './dom';
import { api, app, language, params, t } from './page';
import { renderGame, type GameClient } from './shell';
import './styles.css';

document.documentElement.lang = language;
document.documentElement.dataset.theme = params.get('theme') === 'light' ? 'light' : 'dark';

/**
 * Each game's board, by the game code the platform launches: each its own chunk, so a game's page loads its own code
 * only (and the verifier's, with the fairness package, loads on /verify only).
 */
const GAMES: Record<string, () => Promise<GameClient>> = {
  dice: () => import('./games/dice').then((module) => module.dice),
  limbo: () => import('./games/limbo').then((module) => module.limbo),
  mines: () => import('./games/mines').then((module) => module.mines),
  plinko: () => import('./games/plinko').then((module) => module.plinko),
  'lucky-parlay': () => import('./games/slot').then((module) => module.slot),
  crash: () => import('./games/crash').then((module) => module.crash as GameClient),
};

async function main(): Promise<void> {
  if (location.pathname.endsWith('/verify')) return (await import('./verifier')).renderVerifier();
  // The lottery vendor's page (its own launch and API), loaded only there.
  if (location.pathname.endsWith('/lottery/play')) return (await import('./lottery/lottery-page')).renderLottery();
  const launch = ['sessionToken', 'playerId', 'gameCode', 'currency'].every((key) => params.get(key));
  if (!launch) {
    clear(app, h('section', {}, t('launchMissing')));
    return;
  }
  clear(app, h('section', {}, t('loading')));
  const gameCode = params.get('gameCode')!;
  // The game's code comes while the session opens.
  const client = GAMES[gameCode]?.();
  // The launch parameters go back exactly as the platform signed them (brand, signature and the rest).
  const session = await api.call<{ token: string }>('POST', 'sessions', Object.fromEntries(params));
  api.setToken(session.token);
  await renderGame(gameCode, client ? await client : undefined);
}

main().catch((caught: unknown) => {
  clear(app, h('section', { class: 'error' }, caught instanceof ApiError ? caught.message : String(caught)));
});
