import { ApiError } from './api';
import { clear, h } from './dom';
import { crash } from './games/crash';
import { dice } from './games/dice';
import { limbo } from './games/limbo';
import { mines } from './games/mines';
import { plinko } from './games/plinko';
import { slot } from './games/slot';
import { api, app, language, params, t } from './page';
import { renderGame, type GameClient } from './shell';
import { renderVerifier } from './verifier';
import './styles.css';

document.documentElement.lang = language;
document.documentElement.dataset.theme = params.get('theme') === 'light' ? 'light' : 'dark';

/** Each game's board, by the game code the platform launches. */
const GAMES: Record<string, GameClient> = { dice, limbo, mines, plinko, 'lucky-parlay': slot, crash };

async function main(): Promise<void> {
  if (location.pathname.endsWith('/verify')) return renderVerifier();
  // The lottery vendor's page (its own launch and API), loaded only there.
  if (location.pathname.endsWith('/lottery/play')) return (await import('./lottery/lottery-page')).renderLottery();
  const launch = ['sessionToken', 'playerId', 'gameCode', 'currency'].every((key) => params.get(key));
  if (!launch) {
    clear(app, h('section', {}, t('launchMissing')));
    return;
  }
  clear(app, h('section', {}, t('loading')));
  // The launch parameters go back exactly as the platform signed them (brand, signature and the rest).
  const session = await api.call<{ token: string }>('POST', 'sessions', Object.fromEntries(params));
  api.setToken(session.token);
  const gameCode = params.get('gameCode')!;
  await renderGame(gameCode, GAMES[gameCode]);
}

main().catch((caught: unknown) => {
  clear(app, h('section', { class: 'error' }, caught instanceof ApiError ? caught.message : String(caught)));
});
