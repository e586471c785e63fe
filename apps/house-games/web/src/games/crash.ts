import { drawCurve, multiplierAt, timeFor } from '../crash-curve';
import {
  cashOutMarks,
  createCrashState,
  proofQuery,
  readCrashMessage,
  type CrashMessage,
  type CrashState,
  type PlayerLine,
  type RecentGame,
} from '../crash-feed';
import { clear, h } from '../dom';
import { api, language, money, numberField, t, theme } from '../page';
import { stakeField, type GameClient, type GameHistory, type GameShell } from '../shell';
import { playSound } from '../sound';

interface CrashBetView {
  roundId: string;
  slot?: 0 | 1;
  stakeMinor: number;
  cashout: number | null;
  winMinor: number | null;
  state: string;
  crashPoint: number | null;
  gameHash: string | null;
  salt: string | null;
}

/** The verifier on this origin, in the page's language and theme. */
function verifierHref(query: Record<string, string>): string {
  return `/house/verify?${new URLSearchParams({ ...query, language, theme: theme() }).toString()}`;
}

/** Crash bets are not rounds of their own: the player's last ten come from the crash history. */
const history: GameHistory<CrashBetView[]> = {
  find: () => api.call<CrashBetView[]>('GET', 'crash/history'),
  render(panel, bets, currency) {
    const items = bets.map((bet) => {
      const verifyUrl =
        bet.gameHash && bet.salt ? verifierHref({ game: 'crash', gameHash: bet.gameHash, salt: bet.salt }) : null;
      const label =
        bet.state === 'cancelled' || bet.state === 'refused'
          ? t('cancelled')
          : bet.crashPoint === null && !bet.winMinor
            ? // The round is still flying and this bet has not cashed out: it is in play, not waiting for a payment.
              t('inPlay')
            : (bet.winMinor ?? 0) > 0
              ? `${t('win')} ${(bet.cashout ?? 0).toFixed(2)}×`
              : t('lose');
      return h(
        'li',
        {},
        h(
          'div',
          { class: 'info' },
          h(
            'span',
            { class: 'muted' },
            `${t(bet.slot === 1 ? 'betTwo' : 'betOne')} · ${money(bet.stakeMinor, currency)}`,
          ),
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

/** A bust as a chip: red below 2×, green from 2× up; it opens the round's proof, its hash and salt. */
function bustChip(game: RecentGame): HTMLLIElement {
  return h(
    'li',
    {},
    h(
      'a',
      {
        class: `chip ${game.crashPoint >= 2 ? 'high' : 'low'}`,
        href: verifierHref(proofQuery(game)),
        target: '_blank',
        rel: 'noopener',
        title: `${t('roundProof')}: ${game.gameHash}`,
      },
      `${game.crashPoint.toFixed(2)}×`,
    ),
  );
}

/** What one of the player's two bets is doing in the game on the board. */
type SlotStatus = 'open' | 'queued' | 'waiting' | 'flying' | 'cashed' | 'lost';

interface Slot {
  index: 0 | 1;
  /** The vendor's number for this slot's last bet, and the game it joined (null while queued). */
  betId: number | null;
  gameId: number | null;
}

function slotStatus(slot: Slot, live: CrashState): SlotStatus {
  if (slot.betId === null) return 'open';
  const line = live.players.get(slot.betId);
  if (!line) {
    if (slot.gameId === null) return 'queued';
    // The answer came before the feed's message of the bet.
    return slot.gameId === live.gameId && live.phase === 'betting' ? 'waiting' : 'open';
  }
  if (line.cashout !== null) return 'cashed';
  if (live.phase === 'betting') return 'waiting';
  return live.phase === 'running' ? 'flying' : 'lost';
}

/** The multiplier of the game in flight on the server's clock, or its crash point once it crashed. */
function multiplierNow(live: CrashState): number {
  if (live.phase === 'crashed' && live.crashPoint !== null) return live.crashPoint;
  if (live.phase !== 'running') return 1;
  return multiplierAt(Date.now() + live.clockOffset - live.startedAt, live.curveRate);
}

/**
 * One bet panel: its stake, its automatic cash-out (the vendor applies it, page open or not) and its button,
 * which bets, then cashes out while the game flies.
 */
function betPanel(shell: GameShell, slot: Slot, live: CrashState, changed: () => void) {
  const stake = stakeField(shell.state.limits);
  // Two stake fields on one page: each its own id, so that each label names its own field.
  stake.input.id = `stake-${slot.index + 1}`;
  stake.field.querySelector('label')?.setAttribute('for', stake.input.id);
  const auto = numberField('autoCashout', 2, { min: 1.01, step: 0.01 });
  auto.input.placeholder = t('autoOff');
  const note = h('p', { class: 'muted slot-note', 'aria-live': 'polite' });
  const button = h('button', { type: 'button', class: slot.index === 0 ? 'play slot-action' : 'slot-action' });
  const panel = h(
    'section',
    { class: 'bet-panel', 'aria-label': t(slot.index === 0 ? 'betOne' : 'betTwo') },
    h('h3', {}, t(slot.index === 0 ? 'betOne' : 'betTwo')),
    stake.field,
    auto.field,
    button,
    note,
  );
  const placeBet = () =>
    shell.run(async () => {
      const autoValue = Number(auto.input.value);
      const placed = await api.call<{ betId: number; queued: boolean; balanceMinor: number | null }>(
        'POST',
        'crash/bet',
        {
          amountMinor: Number(stake.input.value),
          autoCashout: autoValue > 1 ? autoValue : null,
          slot: slot.index,
        },
      );
      slot.betId = placed.betId;
      slot.gameId = placed.queued ? null : live.gameId;
      shell.setBalance(placed.balanceMinor);
      playSound('bet');
      changed();
    });
  const cashOut = () =>
    shell.run(async () => {
      await api.call<{ multiplier: number }>('POST', 'crash/cashout', { slot: slot.index });
      await shell.refresh();
    });
  button.addEventListener('click', () => {
    const status = slotStatus(slot, live);
    if (status === 'open') void placeBet();
    else if (status === 'flying') void cashOut();
  });

  let shown = '';
  /** The button and note for the slot's status; the cash-out button's amount follows the multiplier. */
  const render = (multiplier: number) => {
    const status = slotStatus(slot, live);
    const line: PlayerLine | undefined = slot.betId === null ? undefined : live.players.get(slot.betId);
    const currency = shell.state.currency;
    const stakeMinor = line?.stakeMinor ?? Number(stake.input.value);
    const label =
      status === 'open'
        ? live.phase === 'betting'
          ? t('bet')
          : t('betNextRound')
        : status === 'flying'
          ? `${t('cashOut')} ${money(Math.floor(stakeMinor * multiplier), currency)}`
          : status === 'queued'
            ? t('nextRound')
            : status === 'waiting'
              ? t('waitingRound')
              : status === 'cashed'
                ? `${t('cashedOut')} ${(line?.cashout ?? 0).toFixed(2)}×`
                : t('busted');
    const noteText =
      status === 'cashed' && line?.winMinor !== null && line?.winMinor !== undefined
        ? `+${money(line.winMinor, currency)}`
        : status === 'waiting' || status === 'flying'
          ? auto.input.value && Number(auto.input.value) > 1
            ? `${t('autoCashout')} ${Number(auto.input.value).toFixed(2)}×`
            : ''
          : '';
    const key = `${status}|${label}|${noteText}`;
    if (key === shown) return;
    shown = key;
    button.textContent = label;
    button.disabled = status !== 'open' && status !== 'flying';
    button.dataset.status = status;
    button.classList.toggle('cash', status === 'flying');
    note.textContent = noteText;
    note.className = `muted slot-note${status === 'cashed' ? ' good' : status === 'lost' ? ' bad' : ''}`;
    // The fields of a bet in play are its own: they change for the next bet.
    const busy = status !== 'open';
    auto.input.disabled = busy;
    stake.input.disabled = busy;
  };
  return { panel, render };
}

/** The round's bets beside the curve: masked players, stakes, and the cash-outs with their wins. */
function renderPlayers(list: HTMLElement, total: HTMLElement, live: CrashState, mine: Set<number>, currency: string) {
  const lines = [...live.players.entries()];
  const staked = lines.reduce((sum, [, line]) => sum + (line.stakeMinor ?? 0), 0);
  total.textContent = `${lines.length} · ${money(staked, currency)}`;
  clear(
    list,
    ...lines.map(([betId, line]) =>
      h(
        'li',
        {
          class: `${line.cashout !== null ? 'cashed' : live.phase === 'crashed' ? 'lost' : ''}${mine.has(betId) ? ' mine' : ''}`,
        },
        // The player's own bets say so in place of their mask, which only others need.
        h('span', { class: 'who', title: line.player }, mine.has(betId) ? t('you') : line.player),
        h('span', { class: 'amount' }, money(line.stakeMinor, currency)),
        h('span', { class: 'at' }, line.cashout === null ? '—' : `${line.cashout.toFixed(2)}×`),
        h('span', { class: 'amount win' }, line.winMinor === null ? '—' : money(line.winMinor, currency)),
      ),
    ),
  );
}

/** The fairness panel of crash: the hash chain and its salt, not the seeds of the other games. */
function renderChainProof(panel: HTMLElement, live: CrashState): void {
  clear(
    panel,
    h('h2', {}, t('chainProof')),
    h('p', { class: 'muted' }, t('chainExplain')),
    h(
      'div',
      { class: 'fact' },
      h('span', { class: 'muted' }, t('publishedHash')),
      h('code', {}, live.publishedHash ?? '—'),
    ),
    h('div', { class: 'fact' }, h('span', { class: 'muted' }, t('salt')), h('code', {}, live.salt ?? '—')),
    h('a', { href: verifierHref({ game: 'crash' }), target: '_blank', rel: 'noopener' }, t('verifier')),
  );
}

/** Parlay Crash: the shared game over the vendor's WebSocket, two bets and their cash-outs over HTTP. */
export const crash: GameClient<CrashBetView[]> = {
  history,
  mount(shell) {
    const live = createCrashState();
    const slots: Slot[] = [
      { index: 0, betId: null, gameId: null },
      { index: 1, betId: null, gameId: null },
    ];
    const mine = new Set<number>();
    const canvas = h('canvas', { class: 'curve', role: 'img', 'aria-label': t('curveLabel') });
    const display = h('div', { class: 'big' }, '1.00×');
    const phase = h('div', { class: 'phase' });
    const countdown = h('div', { class: 'countdown muted' });
    const players = h('ol', { class: 'crash-players' });
    const playersTotal = h('span', { class: 'muted' });
    const busts = h('ol', { class: 'busts', 'aria-label': t('recentBusts') });
    let dirty = true;
    const changed = () => {
      dirty = true;
    };
    const panels = slots.map((slot) => betPanel(shell, slot, live, changed));
    clear(
      shell.board,
      h('div', { class: 'busts-row' }, h('span', { class: 'muted' }, t('recentBusts')), busts),
      // On a phone: the curve, the bets, then the round's players; at 1280 px the players are beside the curve.
      h(
        'div',
        { class: 'crash-layout' },
        h('div', { class: 'stage crash-stage' }, canvas, h('div', { class: 'overlay' }, phase, display, countdown)),
        h('div', { class: 'bet-panels' }, ...panels.map((panel) => panel.panel)),
        h(
          'aside',
          { class: 'crash-round' },
          h('div', { class: 'round-head' }, h('h2', {}, t('players')), playersTotal),
          h(
            'div',
            { class: 'crash-players-head muted' },
            h('span', {}, t('player')),
            h('span', {}, t('stake')),
            h('span', {}, t('multiplier')),
            h('span', {}, t('win')),
          ),
          players,
        ),
      ),
      shell.error,
    );
    // Crash's proof is its hash chain; the shell's seeds panel is for the other games.
    renderChainProof(shell.fairness, live);

    // Reduced motion: the curve and number move in steps of half a second instead of every frame.
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)');
    let lastPaint = 0;
    const paint = (now: number) => {
      const flying = live.phase === 'running';
      if (!dirty && !flying && live.phase !== 'betting') return;
      if (flying && reduced.matches && !dirty && now - lastPaint < 500) return;
      lastPaint = now;
      dirty = false;
      const multiplier = multiplierNow(live);
      const serverNow = Date.now() + live.clockOffset;
      const elapsedMs =
        live.phase === 'running'
          ? serverNow - live.startedAt
          : live.phase === 'crashed' && live.crashPoint !== null
            ? timeFor(live.crashPoint, live.curveRate)
            : 0;
      drawCurve(canvas, {
        phase: live.phase,
        elapsedMs,
        multiplier,
        rate: live.curveRate,
        marks: cashOutMarks(live).map((mark) => mark.multiplier),
      });
      display.textContent = `${multiplier.toFixed(2)}×`;
      display.className = live.phase === 'crashed' ? 'big bad' : 'big';
      countdown.textContent =
        live.phase === 'betting'
          ? `${t('nextIn')} ${Math.max(0, (live.bettingEndsAt - serverNow) / 1000).toFixed(1)}s`
          : '';
      for (const panel of panels) panel.render(multiplier);
    };
    const animate = (now: number) => {
      paint(now);
      requestAnimationFrame(animate);
    };
    requestAnimationFrame(animate);
    // A new size (a phone turned, the frame resized) draws the canvas again at its new size.
    new ResizeObserver(changed).observe(canvas);

    // Everything shown comes from the live state, so the first snapshot draws the phase as every message does.
    const renderLive = () => {
      phase.textContent = live.phase ? t(live.phase) : '';
      phase.dataset.phase = live.phase ?? '';
      renderPlayers(players, playersTotal, live, mine, shell.state.currency);
      clear(busts, ...live.recent.map(bustChip));
      renderChainProof(shell.fairness, live);
      dirty = true;
    };
    const socket = new WebSocket(
      `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/house/api/crash/ws`,
    );
    socket.onmessage = (event) => {
      const data = JSON.parse(String(event.data)) as CrashMessage;
      // Ticks change nothing the page draws: the curve is drawn from the start time on our clock.
      if (data.type === 'tick') return;
      readCrashMessage(live, data);
      // The player's own bets: one queued for this game joins it now, and a cash-out of theirs rings.
      const slot = slots.find((candidate) => candidate.betId !== null && candidate.betId === Number(data.betId));
      if (slot && data.type === 'bet') slot.gameId = Number(data.gameId);
      if (slot && data.type === 'cashout') playSound('win');
      for (const own of slots) if (own.betId !== null) mine.add(own.betId);
      if (data.type === 'crashed' && slots.some((own) => slotStatus(own, live) === 'lost')) playSound('lose');
      renderLive();
      if (data.type === 'settled') void shell.refresh();
    };
    return {};
  },
};
