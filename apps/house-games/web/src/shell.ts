import { ApiError } from './api';
import { clear, h } from './dom';
import { HOTKEY_LABELS, hotkeyFor, type Hotkey } from './hotkeys';
import type { TextKey } from './i18n';
import { api, app, language, money, params, t, theme } from './page';
import { onPlatformBalanceChange } from './platform-messages';
import { playSound, setSoundEnabled, soundEnabled } from './sound';
import { applyStakeAction, type StakeAction, type StakeLimits } from './stake';

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
  /** The fairness panel: the seeds, unless the game proves its rounds otherwise (crash: its hash chain). */
  readonly fairness: HTMLElement;
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

/** The shortcuts a game adds to the shell's own (Space bets, S halves and D doubles the stake). */
export type GameHotkeys = Partial<Record<Exclude<Hotkey, 'bet' | 'half' | 'double'>, () => void>>;

/** What a game's board can do for the shell once drawn. */
export interface GameView {
  /** Shows a round of the history again (its replay button). */
  showRound?(round: RoundView): void;
  /** Its target's shortcuts (Q and W lower and raise it, X turns dice over/under). */
  hotkeys?: GameHotkeys;
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
  plinko: 'Parlay Plinko',
};

/** The bet amount: its field, the quick controls beside it and the game's limits under it. */
export interface StakeControl {
  field: HTMLElement;
  input: HTMLInputElement;
  /** Half, double, min or max, within the limits (the buttons and the S and D keys). */
  apply(action: StakeAction): void;
  /** The limits the amount keeps to, on the game's step. */
  limits: StakeLimits;
  /** Locks the amount while an autobet sets it (the field, its buttons and the S and D keys). */
  setLocked(locked: boolean): void;
}

/** The stake field of the game on this page, for the keyboard's S and D. */
let pageStake: StakeControl | null = null;

/** Each quick control: what the button shows, and its name for a screen reader. */
const STAKE_ACTIONS: { action: StakeAction; text: () => string; label: TextKey }[] = [
  { action: 'half', text: () => '½', label: 'half' },
  { action: 'double', text: () => '2×', label: 'double' },
  { action: 'min', text: () => t('min'), label: 'minBet' },
  { action: 'max', text: () => t('max'), label: 'maxBet' },
];

/** The stake, within the player's limits, with half, double, min and max, and the limits shown. */
export function stakeField(
  limits: GameState['limits'],
  options: { preferredMinor: number; step: number } = { preferredMinor: 1000, step: 1 },
): StakeControl {
  const input = h('input', {
    type: 'number',
    id: 'stake',
    value: String(Math.max(limits.minBetMinor, options.preferredMinor)),
    inputMode: 'numeric',
    min: limits.minBetMinor,
    max: limits.maxBetMinor,
    step: options.step,
  });
  const stakeLimits = { minBetMinor: limits.minBetMinor, maxBetMinor: limits.maxBetMinor, step: options.step };
  let locked = false;
  const apply = (action: StakeAction) => {
    if (locked) return;
    input.value = String(applyStakeAction(action, Number(input.value), stakeLimits));
    // The games that show a profit on win follow the stake.
    input.dispatchEvent(new Event('input', { bubbles: true }));
  };
  const currency = params.get('currency') ?? '';
  const quick = STAKE_ACTIONS.map(({ action, text, label }) =>
    h(
      'button',
      {
        type: 'button',
        class: 'secondary quick',
        'aria-label': t(label),
        title: t(label),
        onclick: () => apply(action),
      },
      text(),
    ),
  );
  const field = h(
    'div',
    { class: 'stake-field' },
    h('label', { for: 'stake' }, t('stake')),
    h('div', { class: 'stake-row' }, input, ...quick),
    // The vendor's limits for this brand, currency and game, and the most a round pays (a larger win is
    // paid at it), so that a refusal is never the first the player hears of them.
    h(
      'p',
      { class: 'muted limits' },
      `${t('min')} ${money(limits.minBetMinor, currency)} · ${t('max')} ${money(limits.maxBetMinor, currency)}`,
      ` · ${t('maxWin')} ${money(limits.maxWinMinor, currency)}`,
      options.step > 1 ? ` · ${t('step')}` : '',
    ),
  );
  const setLocked = (value: boolean) => {
    locked = value;
    input.disabled = value;
    for (const button of quick) button.disabled = value;
  };
  pageStake = { field, input, apply, limits: stakeLimits, setLocked };
  return pageStake;
}

/** Sound on or off, remembered: a speaker button whose pressed state is the choice. */
function soundToggle(): HTMLButtonElement {
  const button = h('button', { type: 'button', class: 'secondary icon', 'aria-label': t('sound') });
  const show = () => {
    button.setAttribute('aria-pressed', String(soundEnabled()));
    button.title = soundEnabled() ? t('soundOn') : t('soundOff');
    button.textContent = soundEnabled() ? '🔊' : '🔇';
  };
  button.addEventListener('click', () => {
    setSoundEnabled(!soundEnabled());
    show();
    playSound('tick');
  });
  show();
  return button;
}

/** The keyboard help: a button opening a small list of the shortcuts this game answers. */
function keyboardHelp(keys: Hotkey[]): HTMLElement {
  const list = h(
    'dl',
    { class: 'keys' },
    ...HOTKEY_LABELS.filter(([hotkey]) => keys.includes(hotkey)).flatMap(([hotkey, key]) => [
      h('dt', {}, h('kbd', {}, key)),
      h('dd', {}, t(HOTKEY_TEXT[hotkey])),
    ]),
  );
  const popover = h(
    'div',
    { class: 'popover', id: 'keyboard-help', role: 'dialog', 'aria-label': t('keyboard'), hidden: true },
    h('strong', {}, t('keyboard')),
    list,
    h('p', { class: 'muted' }, t('keyboardNote')),
  );
  const button = h('button', {
    type: 'button',
    class: 'secondary icon',
    'aria-label': t('keyboard'),
    title: t('keyboard'),
    'aria-expanded': 'false',
    'aria-controls': 'keyboard-help',
  });
  button.textContent = '⌨';
  const toggle = (open: boolean) => {
    popover.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
  };
  button.addEventListener('click', () => toggle(popover.hidden));
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || popover.hidden) return;
    toggle(false);
    button.focus();
  });
  document.addEventListener('click', (event) => {
    if (!popover.hidden && !wrap.contains(event.target as Node)) toggle(false);
  });
  const wrap = h('div', { class: 'help' }, button, popover);
  return wrap;
}

const HOTKEY_TEXT: Record<Hotkey, TextKey> = {
  bet: 'keyBet',
  half: 'half',
  double: 'double',
  targetDown: 'keyTargetDown',
  targetUp: 'keyTargetUp',
  direction: 'keyDirection',
};

/** The board's main button shown (bet, spin, start, or an autobet's start and stop): what Space presses. */
function mainButton(board: HTMLElement): HTMLButtonElement | null {
  const buttons = board.querySelectorAll<HTMLButtonElement>('button.play, .actions > button:not(.secondary)');
  return [...buttons].find((button) => !button.closest('[hidden]')) ?? null;
}

/** The keyboard's shortcuts on this page, while the game's frame has the focus. */
function listenToKeys(board: HTMLElement, view: GameView | undefined): void {
  document.addEventListener('keydown', (event) => {
    const hotkey = hotkeyFor({
      code: event.code,
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
      altKey: event.altKey,
      target: event.target instanceof HTMLElement ? event.target : null,
    });
    if (!hotkey) return;
    if (hotkey === 'bet') {
      event.preventDefault();
      const button = mainButton(board);
      if (button && !button.disabled && !event.repeat) button.click();
      return;
    }
    if (hotkey === 'half' || hotkey === 'double') {
      if (!pageStake) return;
      event.preventDefault();
      pageStake.apply(hotkey);
      return;
    }
    const action = view?.hotkeys?.[hotkey];
    if (!action) return;
    event.preventDefault();
    action();
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
  const tools = h('div', { class: 'tools' });
  clear(
    app,
    h(
      'header',
      {},
      h('h1', {}, GAME_NAMES[gameCode] ?? gameCode),
      h('div', { class: 'header-end' }, tools, h('div', { class: 'wallet' }, `${t('balance')}: `, balance)),
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
      // The round's own inputs beside its seeds: mines' count, plinko's rows and risk.
      const inputs = Object.fromEntries(
        (['mines', 'rows', 'risk'] as const)
          .filter((key) => ['number', 'string'].includes(typeof round.params[key]))
          .map((key) => [key, String(round.params[key])]),
      );
      const verifyUrl = round.serverSeed
        ? `/house/verify?${new URLSearchParams({ game: round.gameCode === 'lucky-parlay' ? 'slot' : round.gameCode, serverSeed: round.serverSeed, clientSeed: round.clientSeed, nonce: String(round.nonce), ...inputs, language, theme: theme() }).toString()}`
        : null;
      // A win pays more than the stake; a pay of part of it (a 0.2× plinko bucket) is paid back, not won.
      const paid = round.winMinor ?? 0;
      const label =
        round.state === 'cancelled'
          ? t('cancelled')
          : round.state === 'crediting'
            ? t('pending')
            : paid > round.stakeMinor
              ? t('win')
              : paid > 0
                ? t('paidBack')
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
            { class: paid > round.stakeMinor ? 'good' : 'outcome' },
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
    fairness: seedsPanel,
    run,
    setBalance,
    refresh,
  };
  const view = game?.mount(shell);
  const keys: Hotkey[] = [
    ...(mainButton(board) ? (['bet'] as const) : []),
    ...(pageStake ? (['half', 'double'] as const) : []),
    ...(Object.keys(view?.hotkeys ?? {}) as Hotkey[]),
  ];
  clear(tools, soundToggle(), keys.length ? keyboardHelp(keys) : null);
  listenToKeys(board, view);
  renderSeeds();
  renderHistory();
}
