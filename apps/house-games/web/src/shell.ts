import { ApiError } from './api';
import { clear, h } from './dom';
import { api, app, language, money, numberField, t, theme, type NumberField } from './page';
import { onPlatformBalanceChange } from './platform-messages';

interface Seeds {
  serverSeedHash: string;
  clientSeed: string;
  nextNonce: number;
}
export interface RoundView {
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
export interface GameState {
  gameCode: string;
  currency: string;
  balanceMinor: number;
  seeds: Seeds;
  limits: { minBetMinor: number; maxBetMinor: number; maxWinMinor: number };
  openRound: RoundView | null;
  history: RoundView[];
}
/** A round's answer: the round, and the balance after it when the platform gave one. */
export interface Play {
  round: RoundView;
  balanceMinor: number | null;
}

/** What the shell gives a game's board. */
export interface GameShell {
  /** The last state read: balance, seeds, limits, a round left open, the history. */
  readonly state: GameState;
  readonly board: HTMLElement;
  readonly error: HTMLElement;
  /** Runs a play: its error is shown, and a balance read meanwhile does not overwrite its answer. */
  run(work: () => Promise<void>): Promise<void>;
  setBalance(value: number | null): void;
  /** Reads the game's state again; `resetSeed` after the player set or rotated their own client seed. */
  refresh(options?: { resetSeed?: boolean }): Promise<void>;
}

/** A history of the game's own in place of its rounds (crash lists the player's bets). */
export interface GameHistory<T> {
  find(): Promise<T>;
  render(panel: HTMLElement, items: T, currency: string): void;
}

/** What a game's board can do for the shell once drawn. */
export interface GameView {
  /** Shows a round of the history again (its replay button). */
  showRound?(round: RoundView): void;
}

/** One game's page inside the shell. */
export interface GameClient<T = unknown> {
  history?: GameHistory<T>;
  /** Draws the game's board. */
  mount(shell: GameShell): GameView;
}

const GAME_NAMES: Record<string, string> = {
  dice: 'Parlay Dice',
  limbo: 'Parlay Limbo',
  mines: 'Parlay Mines',
  'lucky-parlay': 'Lucky Parlay',
  crash: 'Parlay Crash',
};

/** The stake, within the player's limits. */
export function stakeField(
  limits: GameState['limits'],
  options: { preferredMinor: number; step: number } = { preferredMinor: 1000, step: 1 },
): NumberField {
  return numberField('stake', Math.max(limits.minBetMinor, options.preferredMinor), {
    min: limits.minBetMinor,
    max: limits.maxBetMinor,
    step: options.step,
  });
}

/**
 * The page around a game: its title and balance, the fairness seeds, the history, and the platform's
 * messages that the balance moved. The game draws its own board.
 */
export async function renderGame<T>(gameCode: string, game: GameClient<T> | undefined): Promise<void> {
  let state = await api.call<GameState>('GET', `state?gameCode=${gameCode}`);
  const history = game?.history;
  let ownHistory = history ? await history.find() : undefined;
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
  const refresh = async (options: { resetSeed?: boolean } = {}) => {
    state = await api.call<GameState>('GET', `state?gameCode=${gameCode}`);
    if (history) ownHistory = await history.find();
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
      api.call<GameState>('GET', `state?gameCode=${gameCode}`),
      history ? history.find() : Promise.resolve(ownHistory),
    ])
      .then(([read, readHistory]) => {
        if (balanceShown !== shownBefore || playsInFlight > 0) return;
        state = read;
        ownHistory = readHistory;
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

  function renderHistory(): void {
    if (history) return history.render(historyPanel, ownHistory as T, state.currency);
    const items = state.history.map((round) => {
      const verifyUrl = round.serverSeed
        ? `/house/verify?${new URLSearchParams({ game: round.gameCode === 'lucky-parlay' ? 'slot' : round.gameCode, serverSeed: round.serverSeed, clientSeed: round.clientSeed, nonce: String(round.nonce), mines: typeof round.params.mines === 'number' ? String(round.params.mines) : '', language, theme: theme() }).toString()}`
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
          h('button', { class: 'secondary small', onclick: () => view?.showRound?.(round) }, t('replay')),
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

  const shell: GameShell = {
    get state() {
      return state;
    },
    board,
    error,
    run,
    setBalance,
    refresh,
  };
  const view = game?.mount(shell);
  renderSeeds();
  renderHistory();
}
