import { verifyRound, type VerifyInput } from '@parlay/fairness';
import { ApiError, createApi } from './api';
import { createCrashState, readCrashMessage, type CrashMessage, type PlayerLine } from './crash-feed';
import { clear, h } from './dom';
import { translator, type Language, type TextKey } from './i18n';
import { onPlatformBalanceChange } from './platform-messages';
import './styles.css';

interface Seeds {
  serverSeedHash: string;
  clientSeed: string;
  nextNonce: number;
}
interface RoundView {
  roundId: string;
  gameCode: string;
  stakeMinor: number;
  winMinor: number | null;
  state: string;
  params: Record<string, unknown>;
  outcome: Record<string, unknown> | null;
  progress: { revealed?: number[]; multiplier?: number; hitMine?: number } | null;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  serverSeed: string | null;
}
interface State {
  gameCode: string;
  currency: string;
  balanceMinor: number;
  seeds: Seeds;
  limits: { minBetMinor: number; maxBetMinor: number; maxWinMinor: number };
  openRound: RoundView | null;
  history: RoundView[];
}
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
interface Play {
  round: RoundView;
  balanceMinor: number | null;
}

const params = new URLSearchParams(location.search);
const language: Language = (params.get('language') ?? navigator.language).toLowerCase().startsWith('en') ? 'en' : 'ko';
const t = translator(language);
document.documentElement.lang = language;
document.documentElement.dataset.theme = params.get('theme') === 'light' ? 'light' : 'dark';
const app = document.getElementById('app')!;
const api = createApi(language);
const SYMBOL_ICONS: Record<string, string> = {
  wild: '🃏',
  scatter: '⭐',
  seven: '7️⃣',
  crown: '👑',
  bell: '🔔',
  melon: '🍉',
  grape: '🍇',
  cherry: '🍒',
  lemon: '🍋',
};
const GAME_NAMES: Record<string, string> = {
  dice: 'Parlay Dice',
  limbo: 'Parlay Limbo',
  mines: 'Parlay Mines',
  'lucky-parlay': 'Lucky Parlay',
  crash: 'Parlay Crash',
};

function money(amount: number | null, currency: string): string {
  return amount === null ? '—' : `${new Intl.NumberFormat(language).format(amount)} ${currency}`;
}

function numberField(
  label: TextKey,
  value: number,
  attrs: Record<string, unknown> = {},
): { field: HTMLLabelElement; input: HTMLInputElement } {
  const input = h('input', { type: 'number', value: String(value), inputMode: 'decimal', ...attrs });
  return { field: h('label', {}, t(label), input), input };
}

async function main(): Promise<void> {
  if (location.pathname.endsWith('/verify')) return renderVerifier();
  const launch = ['sessionToken', 'playerId', 'gameCode', 'currency'].every((key) => params.get(key));
  if (!launch) {
    clear(app, h('section', {}, t('launchMissing')));
    return;
  }
  clear(app, h('section', {}, t('loading')));
  // The launch parameters go back exactly as the platform signed them (brand, signature and the rest).
  const session = await api.call<{ token: string }>('POST', 'sessions', Object.fromEntries(params));
  api.setToken(session.token);
  await renderGame(params.get('gameCode')!);
}

async function renderGame(gameCode: string): Promise<void> {
  let state = await api.call<State>('GET', `state?gameCode=${gameCode}`);
  // Crash bets are not rounds of their own: the player's last ten come from the crash history.
  const findCrashHistory = () => api.call<CrashBetView[]>('GET', 'crash/history');
  let crashHistory = gameCode === 'crash' ? await findCrashHistory() : [];
  const balance = h('span', { class: 'balance' }, money(state.balanceMinor, state.currency));
  const error = h('div', { class: 'error', role: 'alert' });
  const board = h('section', { class: 'board', 'aria-live': 'polite' });
  const seedsPanel = h('section', { class: 'panel' });
  const historyPanel = h('section', { class: 'panel' });
  clear(
    app,
    h(
      'header',
      {},
      h('h1', {}, GAME_NAMES[gameCode] ?? gameCode),
      h('div', { class: 'wallet' }, `${t('balance')}: `, balance),
    ),
    board,
    h('div', { class: 'side' }, seedsPanel, historyPanel),
  );

  // Each balance shown counts, so that a read which started before a play's answer cannot overwrite it.
  let balanceShown = 0;
  let playsInFlight = 0;
  const setBalance = (value: number | null) => {
    if (value === null) return;
    balanceShown += 1;
    balance.textContent = money(value, state.currency);
  };
  /** Reads the game's state again; `resetSeed` after the player set or rotated their own client seed. */
  const refresh = async (options: { resetSeed?: boolean } = {}) => {
    state = await api.call<State>('GET', `state?gameCode=${gameCode}`);
    if (gameCode === 'crash') crashHistory = await findCrashHistory();
    setBalance(state.balanceMinor);
    renderSeeds(options);
    renderHistory();
  };
  const run = async (work: () => Promise<void>) => {
    error.textContent = '';
    playsInFlight += 1;
    try {
      await work();
    } catch (caught) {
      error.textContent = caught instanceof ApiError ? caught.message : String(caught);
    } finally {
      playsInFlight -= 1;
    }
  };
  // A movement made outside the game (a deposit, an operator's adjustment, a round in another tab): the
  // platform's page says so, and the game reads its state again: the balance, and after a round of this
  // game elsewhere its next nonce and history. A play in flight shows its own, newer answer.
  onPlatformBalanceChange(window, () => {
    if (playsInFlight > 0) return;
    const shownBefore = balanceShown;
    void Promise.all([
      api.call<State>('GET', `state?gameCode=${gameCode}`),
      gameCode === 'crash' ? findCrashHistory() : Promise.resolve(crashHistory),
    ])
      .then(([read, history]) => {
        if (balanceShown !== shownBefore || playsInFlight > 0) return;
        state = read;
        crashHistory = history;
        setBalance(read.balanceMinor);
        renderSeeds();
        renderHistory();
      })
      // The next message or round reads it again; a session that has ended says so on the next play.
      .catch(() => undefined);
  });

  // The seeds panel is built once. A refresh updates its facts and leaves a client seed being typed alone:
  // it is the player's until they set it.
  const clientSeed = h('input', { value: state.seeds.clientSeed, maxLength: 64, 'aria-label': t('clientSeed') });
  const serverSeedHash = h('code', {}, state.seeds.serverSeedHash);
  const nextNonce = h('strong', { class: 'next-nonce' }, state.seeds.nextNonce);
  const revealed = h('div', { class: 'muted revealed' });
  let clientSeedShown = state.seeds.clientSeed;
  clear(
    seedsPanel,
    h('h2', {}, t('seeds')),
    h('div', { class: 'fact' }, h('span', { class: 'muted' }, t('serverSeedHash')), serverSeedHash),
    h('div', { class: 'fact inline' }, h('span', { class: 'muted' }, `${t('nonce')}:`), nextNonce),
    h('label', {}, t('clientSeed'), clientSeed),
    h(
      'div',
      { class: 'actions' },
      h(
        'button',
        {
          class: 'secondary',
          onclick: () =>
            void run(async () => {
              await api.call('POST', 'seeds/client', { clientSeed: clientSeed.value });
              await refresh({ resetSeed: true });
            }),
        },
        t('setClientSeed'),
      ),
      h(
        'button',
        {
          class: 'secondary',
          onclick: () =>
            void run(async () => {
              const rotated = await api.call<{ revealed: { serverSeed: string } }>('POST', 'seeds/rotate', {
                clientSeed: clientSeed.value,
              });
              await refresh({ resetSeed: true });
              revealed.textContent = `${t('revealed')}: ${rotated.revealed.serverSeed}`;
            }),
        },
        t('rotate'),
      ),
    ),
    revealed,
  );

  function renderSeeds(options: { resetSeed?: boolean } = {}): void {
    serverSeedHash.textContent = state.seeds.serverSeedHash;
    nextNonce.textContent = String(state.seeds.nextNonce);
    const isTyping = document.activeElement === clientSeed || clientSeed.value !== clientSeedShown;
    if (options.resetSeed || !isTyping) clientSeed.value = state.seeds.clientSeed;
    clientSeedShown = state.seeds.clientSeed;
  }

  function renderCrashHistory(): void {
    const items = crashHistory.map((bet) => {
      const verifyUrl =
        bet.gameHash && bet.salt
          ? `/house/verify?${new URLSearchParams({ game: 'crash', gameHash: bet.gameHash, salt: bet.salt, language, theme: document.documentElement.dataset.theme ?? 'dark' }).toString()}`
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
          h('span', { class: 'muted' }, `${money(bet.stakeMinor, state.currency)}`),
          h(
            'span',
            { class: (bet.winMinor ?? 0) > 0 ? 'good' : 'outcome' },
            `${label} ${money(bet.winMinor, state.currency)}`,
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
      historyPanel,
      h('h2', {}, t('myBets')),
      items.length ? h('ol', { class: 'history' }, ...items) : h('p', { class: 'muted' }, t('noHistory')),
    );
  }

  function renderHistory(): void {
    if (gameCode === 'crash') return renderCrashHistory();
    const items = state.history.map((round) => {
      const verifyUrl = round.serverSeed
        ? `/house/verify?${new URLSearchParams({ game: round.gameCode === 'lucky-parlay' ? 'slot' : round.gameCode, serverSeed: round.serverSeed, clientSeed: round.clientSeed, nonce: String(round.nonce), mines: typeof round.params.mines === 'number' ? String(round.params.mines) : '', language, theme: document.documentElement.dataset.theme ?? 'dark' }).toString()}`
        : null;
      const label =
        round.state === 'cancelled'
          ? t('cancelled')
          : round.state === 'crediting'
            ? t('pending')
            : (round.winMinor ?? 0) > 0
              ? t('win')
              : t('lose');
      return h(
        'li',
        {},
        h(
          'div',
          { class: 'info' },
          h('span', { class: 'muted' }, `#${round.nonce} ${money(round.stakeMinor, state.currency)}`),
          h(
            'span',
            { class: (round.winMinor ?? 0) > 0 ? 'good' : 'outcome' },
            `${label} ${money(round.winMinor, state.currency)}`,
          ),
        ),
        h(
          'div',
          { class: 'links' },
          h('button', { class: 'secondary small', onclick: () => showRound(round) }, t('replay')),
          verifyUrl ? h('a', { href: verifyUrl, target: '_blank', rel: 'noopener' }, t('verify')) : null,
        ),
      );
    });
    clear(
      historyPanel,
      h('h2', {}, t('history')),
      items.length ? h('ol', { class: 'history' }, ...items) : h('p', { class: 'muted' }, t('noHistory')),
    );
  }

  const display = h('div', { class: 'big' }, '—');
  const detail = h('div', { class: 'detail' });
  function showRound(round: RoundView): void {
    const won = (round.winMinor ?? 0) > 0;
    display.className = `big ${won ? 'good' : 'bad'}`;
    const outcome = round.outcome ?? {};
    if (round.gameCode === 'dice') display.textContent = Number(outcome.roll).toFixed(2);
    else if (round.gameCode === 'limbo') display.textContent = `${Number(outcome.multiplier).toFixed(2)}×`;
    else display.textContent = money(round.winMinor, state.currency);
    if (round.gameCode === 'lucky-parlay') showSlot(outcome as unknown as SlotOutcome);
    if (round.gameCode === 'mines') showMines(round);
  }

  type SlotOutcome = {
    spins: {
      window: string[][];
      lineWins: { line: number; symbol: string; count: number; units: number }[];
      isFreeSpin: boolean;
    }[];
    freeSpinsAwarded: number;
  };
  const reels = h('div', { class: 'grid reels', 'aria-label': 'reels' });
  function showSlot(outcome: SlotOutcome): void {
    const first = outcome.spins?.[0];
    if (!first) return;
    const cells: HTMLElement[] = [];
    for (let row = 0; row < 3; row += 1)
      for (let reel = 0; reel < 5; reel += 1)
        cells.push(h('div', { title: first.window[reel]![row] }, SYMBOL_ICONS[first.window[reel]![row]!] ?? '?'));
    clear(reels, ...cells);
    clear(
      detail,
      h(
        'div',
        { class: 'muted' },
        `${t('lines')}: ${first.lineWins.map((win) => `#${win.line + 1} ${SYMBOL_ICONS[win.symbol] ?? win.symbol}×${win.count}`).join(', ') || '—'}`,
      ),
      outcome.freeSpinsAwarded > 0
        ? h('div', { class: 'good' }, `${t('freeSpins')}: ${outcome.freeSpinsAwarded}`)
        : null,
    );
  }

  const minesGrid = h('div', { class: 'grid mines' });
  let openMines: RoundView | null = state.openRound;
  function showMines(round: RoundView): void {
    const revealed = round.progress?.revealed ?? [];
    const mineTiles = (round.outcome?.mineTiles as number[] | undefined) ?? [];
    const isOpen = round.state === 'open';
    clear(
      minesGrid,
      ...Array.from({ length: 25 }, (_, tile) => {
        const isMine = mineTiles.includes(tile);
        const isSafe = revealed.includes(tile) && !isMine;
        return h(
          'button',
          {
            class: isSafe ? 'safe' : isMine ? 'mine' : '',
            disabled: !isOpen || revealed.includes(tile),
            'aria-label': `tile ${tile + 1}`,
            onclick: () =>
              void run(async () => {
                const play = await api.call<Play>('POST', 'mines/reveal', { roundId: round.roundId, tile });
                openMines = play.round.state === 'open' ? play.round : null;
                showMines(play.round);
                setBalance(play.balanceMinor);
                if (!openMines) await refresh();
              }),
          },
          isMine ? '💣' : isSafe ? '💎' : '',
        );
      }),
    );
    detail.textContent = `${t('multiplier')}: ${(round.progress?.multiplier ?? 1).toFixed(4)}×`;
  }

  const stake = numberField('stake', Math.max(state.limits.minBetMinor, gameCode === 'lucky-parlay' ? 200 : 1000), {
    min: state.limits.minBetMinor,
    max: state.limits.maxBetMinor,
    step: gameCode === 'lucky-parlay' ? 20 : 1,
  });
  const stakeValue = () => Number(stake.input.value);

  if (gameCode === 'dice') {
    const target = numberField('target', 50, { min: 1, max: 99, step: 0.01 });
    const direction = h(
      'select',
      { 'aria-label': 'direction' },
      h('option', { value: 'over' }, t('over')),
      h('option', { value: 'under' }, t('under')),
    );
    clear(
      board,
      h('div', { class: 'stage' }, display),
      h('div', { class: 'fields' }, stake.field, target.field, h('label', {}, `${t('over')}/${t('under')}`, direction)),
      h(
        'button',
        {
          class: 'play',
          onclick: () =>
            void run(async () => {
              const play = await api.call<Play>('POST', 'dice/bet', {
                amountMinor: stakeValue(),
                target: Number(target.input.value),
                direction: direction.value,
              });
              showRound(play.round);
              setBalance(play.balanceMinor);
              await refresh();
            }),
        },
        t('bet'),
      ),
      error,
    );
  } else if (gameCode === 'limbo') {
    const target = numberField('target', 2, { min: 1.01, step: 0.01 });
    clear(
      board,
      h('div', { class: 'stage' }, display),
      h('div', { class: 'fields' }, stake.field, target.field),
      h(
        'button',
        {
          class: 'play',
          onclick: () =>
            void run(async () => {
              const play = await api.call<Play>('POST', 'limbo/bet', {
                amountMinor: stakeValue(),
                target: Number(target.input.value),
              });
              showRound(play.round);
              setBalance(play.balanceMinor);
              await refresh();
            }),
        },
        t('bet'),
      ),
      error,
    );
  } else if (gameCode === 'lucky-parlay') {
    clear(
      board,
      h('div', { class: 'stage' }, reels, display, detail),
      h('div', { class: 'fields' }, stake.field),
      h(
        'button',
        {
          class: 'play',
          onclick: () =>
            void run(async () => {
              const play = await api.call<Play>('POST', 'slot/spin', { amountMinor: stakeValue() });
              showRound(play.round);
              setBalance(play.balanceMinor);
              await refresh();
            }),
        },
        t('spin'),
      ),
      error,
    );
    clear(reels, ...Array.from({ length: 15 }, () => h('div', {}, '❔')));
  } else if (gameCode === 'mines') {
    const count = numberField('mines', 3, { min: 1, max: 24, step: 1 });
    clear(
      board,
      h('div', { class: 'stage' }, minesGrid, detail),
      h('div', { class: 'fields' }, stake.field, count.field),
      h(
        'div',
        { class: 'actions' },
        h(
          'button',
          {
            onclick: () =>
              void run(async () => {
                const play = await api.call<Play>('POST', 'mines/start', {
                  amountMinor: stakeValue(),
                  mines: Number(count.input.value),
                });
                openMines = play.round;
                showMines(play.round);
                setBalance(play.balanceMinor);
              }),
          },
          t('start'),
        ),
        h(
          'button',
          {
            class: 'secondary',
            onclick: () =>
              void run(async () => {
                if (!openMines) return;
                const play = await api.call<Play>('POST', 'mines/cashout', { roundId: openMines.roundId });
                openMines = null;
                showMines(play.round);
                setBalance(play.balanceMinor);
                await refresh();
              }),
          },
          t('cashOut'),
        ),
      ),
      error,
    );
    // A round left in play (a reload, a lost connection) comes back as it was.
    if (openMines) showMines(openMines);
    else
      clear(
        minesGrid,
        ...Array.from({ length: 25 }, (_, tile) => h('button', { disabled: true, 'aria-label': `tile ${tile + 1}` })),
      );
  } else if (gameCode === 'crash') {
    renderCrash(board, stake, error, { run, setBalance, refresh });
  }
  renderSeeds();
  renderHistory();
}

function renderCrash(
  board: HTMLElement,
  stake: { field: HTMLElement; input: HTMLInputElement },
  error: HTMLElement,
  game: {
    run: (work: () => Promise<void>) => Promise<void>;
    setBalance: (value: number | null) => void;
    refresh: () => Promise<void>;
  },
): void {
  const { run, setBalance, refresh } = game;
  const display = h('div', { class: 'big' }, '1.00×');
  const phase = h('div', { class: 'phase' });
  const auto = numberField('autoCashout', 2, { min: 1.01, step: 0.01 });
  const players = h('ol', { class: 'history' });
  const recent = h('ol', { class: 'history recent' });
  const message = h('div', { class: 'muted' });
  const live = createCrashState();
  clear(
    board,
    h('div', { class: 'stage' }, phase, display),
    h('div', { class: 'fields' }, stake.field, auto.field),
    h(
      'div',
      { class: 'actions' },
      h(
        'button',
        {
          onclick: () =>
            void run(async () => {
              const autoValue = Number(auto.input.value);
              const placed = await api.call<{ queued: boolean; balanceMinor: number | null }>('POST', 'crash/bet', {
                amountMinor: Number(stake.input.value),
                autoCashout: autoValue > 1 ? autoValue : null,
              });
              message.textContent = placed.queued ? t('nextRound') : '';
              setBalance(placed.balanceMinor);
            }),
        },
        t('bet'),
      ),
      h(
        'button',
        {
          class: 'secondary',
          onclick: () =>
            void run(async () => {
              const cashed = await api.call<{ multiplier: number }>('POST', 'crash/cashout');
              message.textContent = `${t('cashOut')} ${cashed.multiplier.toFixed(2)}×`;
              await refresh();
            }),
        },
        t('cashOut'),
      ),
    ),
    message,
    error,
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
    if (data.type === 'settled') void refresh();
  };
}

/** A finished crash game in the recent list: its crash point, coloured from 2× up, and the start of its hash. */
function recentGame(crashPoint: number, gameHash: string): HTMLLIElement {
  return h(
    'li',
    {},
    h('span', { class: `point ${crashPoint >= 2 ? 'high' : 'low'}` }, `${crashPoint.toFixed(2)}×`),
    h('code', {}, gameHash.slice(0, 16)),
  );
}

function renderVerifier(): void {
  const field = (key: TextKey, name: string) => {
    const input = h('input', { name, value: params.get(name) ?? '', 'aria-label': t(key) });
    return { input, label: h('label', {}, t(key), input) };
  };
  const game = h(
    'select',
    { 'aria-label': t('game') },
    ...['dice', 'limbo', 'mines', 'slot', 'crash'].map((code) =>
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
  const gameHash = field('gameHash', 'gameHash');
  const salt = field('salt', 'salt');
  const output = h('pre', { 'aria-live': 'polite' });
  const compute = () => {
    try {
      const input: VerifyInput =
        game.value === 'crash'
          ? { game: 'crash', gameHash: gameHash.input.value, salt: salt.input.value }
          : game.value === 'mines'
            ? {
                game: 'mines',
                mines: Number(mines.input.value),
                serverSeed: serverSeed.input.value,
                clientSeed: clientSeed.input.value,
                nonce: Number(nonce.input.value),
              }
            : {
                game: game.value as 'dice' | 'limbo' | 'slot',
                serverSeed: serverSeed.input.value,
                clientSeed: clientSeed.input.value,
                nonce: Number(nonce.input.value),
              };
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

main().catch((caught: unknown) => {
  clear(app, h('section', { class: 'error' }, caught instanceof ApiError ? caught.message : String(caught)));
});
