import { createCrashState, readCrashMessage, type CrashMessage, type PlayerLine } from '../crash-feed';
import { clear, h } from '../dom';
import { api, language, money, numberField, t, theme } from '../page';
import { stakeField, type GameClient, type GameHistory } from '../shell';

interface CrashBetView {
  roundId: string;
  stakeMinor: number;
  cashout: number | null;
  winMinor: number | null;
  state: string;
  crashPoint: number | null;
  gameHash: string | null;
  salt: string | null;
}

/** Crash bets are not rounds of their own: the player's last ten come from the crash history. */
const history: GameHistory<CrashBetView[]> = {
  find: () => api.call<CrashBetView[]>('GET', 'crash/history'),
  render(panel, bets, currency) {
    const items = bets.map((bet) => {
      const verifyUrl =
        bet.gameHash && bet.salt
          ? `/house/verify?${new URLSearchParams({ game: 'crash', gameHash: bet.gameHash, salt: bet.salt, language, theme: theme() }).toString()}`
          : null;
      const label =
        bet.state === 'cancelled' || bet.state === 'refused'
          ? t('cancelled')
          : bet.crashPoint === null
            ? t('pending')
            : (bet.winMinor ?? 0) > 0
              ? `${t('win')} ${(bet.cashout ?? 0).toFixed(2)}×`
              : t('lose');
      return h(
        'li',
        {},
        h(
          'div',
          { class: 'info' },
          h('span', { class: 'muted' }, `${money(bet.stakeMinor, currency)}`),
          h(
            'span',
            { class: (bet.winMinor ?? 0) > 0 ? 'good' : 'outcome' },
            `${label} ${money(bet.winMinor, currency)}`,
          ),
        ),
        h(
          'div',
          { class: 'links' },
          h(
            'span',
            { class: 'muted' },
            bet.crashPoint === null ? '—' : `${t('crashed')} ${bet.crashPoint.toFixed(2)}×`,
          ),
          verifyUrl ? h('a', { href: verifyUrl, target: '_blank', rel: 'noopener' }, t('verify')) : null,
        ),
      );
    });
    clear(
      panel,
      h('h2', {}, t('myBets')),
      items.length ? h('ol', { class: 'history' }, ...items) : h('p', { class: 'muted' }, t('noHistory')),
    );
  },
};

/** A finished crash game in the recent list: its crash point, coloured from 2× up, and the start of its hash. */
function recentGame(crashPoint: number, gameHash: string): HTMLLIElement {
  return h(
    'li',
    {},
    h('span', { class: `point ${crashPoint >= 2 ? 'high' : 'low'}` }, `${crashPoint.toFixed(2)}×`),
    h('code', {}, gameHash.slice(0, 16)),
  );
}

/** Parlay Crash: the shared game over the vendor's WebSocket, bets and cash-outs over HTTP. */
export const crash: GameClient<CrashBetView[]> = {
  history,
  mount(shell) {
    const stake = stakeField(shell.state.limits);
    const display = h('div', { class: 'big' }, '1.00×');
    const phase = h('div', { class: 'phase' });
    const auto = numberField('autoCashout', 2, { min: 1.01, step: 0.01 });
    const players = h('ol', { class: 'history' });
    const recent = h('ol', { class: 'history recent' });
    const message = h('div', { class: 'muted' });
    const live = createCrashState();
    clear(
      shell.board,
      h('div', { class: 'stage' }, phase, display),
      h('div', { class: 'fields' }, stake.field, auto.field),
      h(
        'div',
        { class: 'actions' },
        h(
          'button',
          {
            onclick: () =>
              void shell.run(async () => {
                const autoValue = Number(auto.input.value);
                const placed = await api.call<{ queued: boolean; balanceMinor: number | null }>('POST', 'crash/bet', {
                  amountMinor: Number(stake.input.value),
                  autoCashout: autoValue > 1 ? autoValue : null,
                });
                message.textContent = placed.queued ? t('nextRound') : '';
                shell.setBalance(placed.balanceMinor);
              }),
          },
          t('bet'),
        ),
        h(
          'button',
          {
            class: 'secondary',
            onclick: () =>
              void shell.run(async () => {
                const cashed = await api.call<{ multiplier: number }>('POST', 'crash/cashout');
                message.textContent = `${t('cashOut')} ${cashed.multiplier.toFixed(2)}×`;
                await shell.refresh();
              }),
          },
          t('cashOut'),
        ),
      ),
      message,
      shell.error,
      h(
        'div',
        { class: 'lists' },
        h('div', { class: 'list' }, h('h2', {}, t('players')), players),
        h('div', { class: 'list' }, h('h2', {}, t('history')), recent),
      ),
    );

    const animate = () => {
      if (live.phase === 'running')
        display.textContent = `${(Math.max(100, Math.floor(100 * Math.exp(live.curveRate * (Date.now() + live.clockOffset - live.startedAt)))) / 100).toFixed(2)}×`;
      requestAnimationFrame(animate);
    };
    requestAnimationFrame(animate);
    const playerText = (line: PlayerLine) =>
      line.cashout === null
        ? money(line.stakeMinor, '')
        : `${line.cashout.toFixed(2)}×${line.winMinor === null ? '' : ` ${money(line.winMinor, '')}`}`;
    // Everything shown comes from the live state, so the first snapshot draws the phase as every message does.
    const renderLive = () => {
      phase.textContent = live.phase ? t(live.phase) : '';
      display.className = live.phase === 'crashed' ? 'big bad' : 'big';
      if (live.phase === 'crashed' && live.crashPoint !== null) display.textContent = `${live.crashPoint.toFixed(2)}×`;
      else if (live.phase !== 'running') display.textContent = '1.00×';
      clear(
        players,
        ...[...live.players.entries()].map(([player, line]) =>
          h('li', {}, h('span', {}, player), h('span', {}, playerText(line))),
        ),
      );
      clear(recent, ...live.recent.map((game) => recentGame(game.crashPoint, game.gameHash)));
    };
    const socket = new WebSocket(
      `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/house/api/crash/ws`,
    );
    socket.onmessage = (event) => {
      const data = JSON.parse(String(event.data)) as CrashMessage;
      // Ticks change nothing the page draws: the curve is drawn from the start time on our clock.
      if (data.type === 'tick') return;
      readCrashMessage(live, data);
      renderLive();
      if (data.type === 'settled') void shell.refresh();
    };
    return {};
  },
};
