import { verifyRound, type PlinkoRisk, type VerifyInput } from '@parlay/fairness';
import { ApiError } from './api';
import { clear, h } from './dom';
import type { TextKey } from './i18n';
import { api, app, params, t } from './page';

/**
 * The fairness verifier (`/house/verify`): recomputes a round from its inputs. A history entry or a
 * platform record links here with them; a seed still in use is read once the player has revealed it.
 */
export function renderVerifier(): void {
  const field = (key: TextKey, name: string) => {
    const input = h('input', { name, value: params.get(name) ?? '', 'aria-label': t(key) });
    return { input, label: h('label', {}, t(key), input) };
  };
  const game = h(
    'select',
    { 'aria-label': t('game') },
    ...['dice', 'limbo', 'mines', 'plinko', 'slot', 'crash'].map((code) =>
      h('option', { value: code, selected: params.get('game') === code }, code),
    ),
  );
  const serverSeed = field('serverSeed', 'serverSeed');
  // A round's record names the seed's hash; the seed itself is read once the player has revealed it.
  const expectedHash = params.get('serverSeedHash') ?? '';
  const hashCheck = h('p', { class: 'muted', role: 'status' });
  const hashLabel = expectedHash
    ? h('label', {}, t('serverSeedHash'), h('input', { value: expectedHash, readOnly: true }))
    : null;
  const clientSeed = field('clientSeed', 'clientSeed');
  const nonce = field('nonce', 'nonce');
  const mines = field('mines', 'mines');
  // Plinko: the rows and the risk the round was played with (a record's address names them).
  const rows = field('plinkoRows', 'rows');
  const risk = field('plinkoRisk', 'risk');
  const gameHash = field('gameHash', 'gameHash');
  const salt = field('salt', 'salt');
  const output = h('pre', { 'aria-live': 'polite' });
  const compute = () => {
    try {
      const seeds = {
        serverSeed: serverSeed.input.value,
        clientSeed: clientSeed.input.value,
        nonce: Number(nonce.input.value),
      };
      const input: VerifyInput =
        game.value === 'crash'
          ? { game: 'crash', gameHash: gameHash.input.value, salt: salt.input.value }
          : game.value === 'mines'
            ? { game: 'mines', mines: Number(mines.input.value), ...seeds }
            : game.value === 'plinko'
              ? { game: 'plinko', rows: Number(rows.input.value), risk: risk.input.value as PlinkoRisk, ...seeds }
              : { game: game.value as 'dice' | 'limbo' | 'slot', ...seeds };
      const result = verifyRound(input);
      output.textContent = JSON.stringify(result, null, 2);
      if (expectedHash && 'serverSeedHash' in result) {
        hashCheck.textContent = result.serverSeedHash === expectedHash ? t('hashMatches') : t('hashDiffers');
      }
    } catch (caught) {
      output.textContent = caught instanceof Error ? caught.message : String(caught);
    }
  };
  clear(
    app,
    // Beside the title, so a phone shows whether the seed is revealed and matches without scrolling.
    h('header', {}, h('h1', {}, t('verifier')), hashCheck),
    h(
      'section',
      { class: 'board' },
      h(
        'div',
        { class: 'fields verifier' },
        h('label', {}, t('game'), game),
        hashLabel,
        serverSeed.label,
        clientSeed.label,
        nonce.label,
        mines.label,
        rows.label,
        risk.label,
        gameHash.label,
        salt.label,
      ),
      h('button', { class: 'play', onclick: compute }, t('verify')),
    ),
    h('section', { class: 'panel' }, h('h2', {}, t('outcome')), output),
  );
  // Only the inputs of the chosen game: crash takes a game hash and salt, the others seeds and a nonce.
  const showFields = () => {
    const crash = game.value === 'crash';
    for (const part of [serverSeed, clientSeed, nonce]) part.label.hidden = crash;
    if (hashLabel) hashLabel.hidden = crash;
    mines.label.hidden = game.value !== 'mines';
    rows.label.hidden = game.value !== 'plinko';
    risk.label.hidden = game.value !== 'plinko';
    gameHash.label.hidden = !crash;
    salt.label.hidden = !crash;
  };
  game.addEventListener('change', showFields);
  showFields();
  if (expectedHash && !serverSeed.input.value) {
    api
      .call<{ serverSeed: string }>('GET', `seeds/${encodeURIComponent(expectedHash)}`)
      .then(({ serverSeed: seed }) => {
        serverSeed.input.value = seed;
        compute();
      })
      .catch((caught: unknown) => {
        hashCheck.textContent = caught instanceof ApiError ? caught.message : String(caught);
      });
  } else if (params.get('game') === 'crash' && params.get('gameId') && !gameHash.input.value) {
    // A crash bet's record names its game: the game's hash and salt are public once it has crashed.
    api
      .call<{ gameHash: string; salt: string }>('GET', `crash/games/${encodeURIComponent(params.get('gameId') ?? '')}`)
      .then((game) => {
        gameHash.input.value = game.gameHash;
        salt.input.value = game.salt;
        compute();
      })
      .catch((caught: unknown) => {
        hashCheck.textContent = caught instanceof ApiError ? caught.message : String(caught);
      });
  } else if (params.get('game')) compute();
}
