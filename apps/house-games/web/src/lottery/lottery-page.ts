import { lotteryProofMatches, verifyLotteryDraw } from '@parlay/fairness';
import { ApiError } from '../api';
import { clear, h } from '../dom';
import { app, language, money, params } from '../page';
import { onPlatformBalanceChange } from '../platform-messages';
import {
  EMPTY_CHOICE,
  KENO_NUMBERS,
  betLabel,
  bestOdds,
  choiceToBets,
  formatOdds,
  optionText,
  pickPaytable,
  quickPick,
  slipTotals,
  stakeChips,
  tabsOf,
  toggleNumber,
  toggleOption,
  type BoardChoice,
  type BoardOption,
} from './board';
import { remainingMs, serverNow, serverOffsetMs } from './countdown';
import {
  createLotteryApi,
  isFixedGame,
  isRegionalGame,
  lotteryApiBase,
  slipsPath,
  SLIPS_PAGE,
  type ApiGamesView,
  type DrawProof,
  type DrawView,
  type GameView,
  type GamesView,
  type OpenedSession,
  type RegionalGameView,
  type SlipView,
} from './lottery-api';
import { lotteryTranslator, type LotteryTextKey } from './lottery-i18n';
import { REGIONAL_FAMILIES, formatDrawCountdown } from './regional';
import { createRegionalBoard, regionalFamilies, regionalLobby, type RegionalContext } from './regional-board';
import { hotAndCold, numbersOf, sumSeries, type DrawnNumbers } from './trends';
import './lottery.css';

// The lottery's page in the platform's frame (`{base}/lottery/play`, docs/decisions/0070-lottery-vendor.md): a lobby
// of the games with their countdowns, and each game's board: the next draw and its close on the vendor's clock, the
// last result, the bet types by tab with the session's odds, the slip, the player's bets, the results with their
// proof (recomputed in the browser) and the trends. The regional games (the Vietnamese and SEA 4D draws) are listed
// in the lobby and drawn by regional-board.ts; this page keeps their session, clock and switcher.

const t = lotteryTranslator(language);
const api = createLotteryApi(lotteryApiBase(location.pathname), language);

/** How often the games are read again when nothing is due: a safety net for a missed close or result. */
const REFRESH_MS = 30_000;
/** The quickest the games are read again while a close or a result is due. */
const DUE_REFRESH_MS = 2_000;
/** How long after its draw a bet shown open is read again for its payout. */
const SLIP_WAIT_MS = 120_000;
/** How many results the trends count (the first page of results). */
const TREND_DRAWS = 20;

type View = { kind: 'lobby' } | { kind: 'board'; gameCode: string };

interface State {
  games: GamesView;
  /** The regional games (the Vietnamese and SEA 4D draws): regional-board.ts draws their board. */
  regional: RegionalGameView[];
  offsetMs: number;
  view: View;
  tabs: Map<string, string>;
  choices: Map<string, BoardChoice>;
  stakeMinor: number | null;
  betsStatus: 'open' | 'settled';
  results: Map<string, DrawView[]>;
  /** Draws closed and not yet drawn, so that their result is read once due. */
  pending: Map<string, { drawNo: string; drawsAt: string }>;
  /** When the draws of the player's bets shown and not yet settled draw: their payout is read once due. */
  awaiting: number[];
  /** The player's slips shown (the last is the cursor of "show more"). */
  slips: SlipView[];
}

const GAME_NAMES: Record<string, LotteryTextKey> = {
  FAST1: 'gameFAST1',
  FAST3: 'gameFAST3',
  FAST5: 'gameFAST5',
  KENO: 'gameKENO',
};
const gameName = (gameCode: string) => (GAME_NAMES[gameCode] ? t(GAME_NAMES[gameCode]) : gameCode);

/** The games this page's own board is for: the fast lotteries and keno (the regional games have regional-board.ts). */
function boardGames(games: ApiGamesView): GamesView {
  return { ...games, games: games.games.filter(isFixedGame) };
}

function balls(result: DrawnNumbers | null, family: string, size: 'small' | 'normal' = 'normal'): HTMLElement {
  if (!result) return h('span', { class: 'muted' }, t('noResult'));
  const numbers = numbersOf(result);
  return h(
    'span',
    { class: `lotto-balls ${family} ${size}`, role: 'img', 'aria-label': numbers.join(', ') },
    ...numbers.map((value) =>
      h(
        'span',
        { class: 'lotto-ball', 'aria-hidden': 'true' },
        family === 'keno' ? String(value).padStart(2, '0') : value,
      ),
    ),
  );
}

/**
 * Draws a part again and gives the focus back to the control that had it (a refresh at a draw's close must not
 * throw a keyboard player back to the top of the page).
 */
function keepFocus(render: () => void): void {
  const active = document.activeElement;
  const selector =
    active instanceof HTMLElement
      ? active.id
        ? `#${active.id}`
        : (['option', 'number', 'game'] as const)
            .filter((key) => active.dataset[key] !== undefined)
            .map((key) => `[data-${key}="${active.dataset[key]}"]`)[0]
      : undefined;
  render();
  if (selector && document.activeElement !== active) document.querySelector<HTMLElement>(selector)?.focus();
}

function countdown(draw: Pick<DrawView, 'closesAt'> | null): HTMLElement {
  if (!draw) return h('span', { class: 'lotto-countdown muted' }, t('noDraw'));
  return h('span', { class: 'lotto-countdown', 'data-closes': draw.closesAt, role: 'timer' }, '');
}

export async function renderLottery(): Promise<void> {
  const launch = ['sessionToken', 'playerId', 'gameCode', 'currency'].every((key) => params.get(key));
  document.title = t('title');
  if (!launch) {
    clear(app, h('section', {}, t('launchMissing')));
    return;
  }
  clear(app, h('section', {}, t('loading')));
  // The launch parameters go back exactly as the platform signed them.
  const session = await api.call<OpenedSession>('POST', 'sessions', Object.fromEntries(params));
  api.setToken(session.token);

  const sentAt = Date.now();
  const firstAnswer = await api.call<ApiGamesView>('GET', 'games');
  const firstGames = boardGames(firstAnswer);
  const firstRegional = firstAnswer.games.filter(isRegionalGame);
  const state: State = {
    games: firstGames,
    regional: firstRegional,
    offsetMs: serverOffsetMs(firstGames.serverTime, sentAt, Date.now()),
    view:
      params.get('lottoView') === 'betting' &&
      (GAME_NAMES[session.gameCode] || firstRegional.some((g) => g.gameCode === session.gameCode))
        ? { kind: 'board', gameCode: session.gameCode }
        : { kind: 'lobby' },
    tabs: new Map(),
    choices: new Map(),
    stakeMinor: null,
    betsStatus: 'open',
    results: new Map(),
    pending: new Map(),
    awaiting: [],
    slips: [],
  };
  const playType = params.get('playType');
  if (playType) state.tabs.set(session.gameCode, playType);

  async function readGames(): Promise<GamesView> {
    const sentAt = Date.now();
    const answer = await api.call<ApiGamesView>('GET', 'games');
    const receivedAt = Date.now();
    const games = boardGames(answer);
    state.regional = answer.games.filter(isRegionalGame);
    state.offsetMs = serverOffsetMs(games.serverTime, sentAt, receivedAt);
    return games;
  }

  const balance = h('span', { class: 'balance' }, money(state.games.balanceMinor, state.games.currency));
  const switcher = h('nav', { class: 'lotto-switcher', 'aria-label': t('games') });
  const content = h('div', { class: 'lotto-content' });
  clear(
    app,
    h(
      'header',
      { class: 'lotto-header' },
      h('h1', {}, t('title')),
      h('div', { class: 'wallet' }, `${t('balance')}: `, balance),
    ),
    switcher,
    content,
  );
  app.classList.add('lotto-app');

  const setBalance = (value: number) => {
    balance.textContent = money(value, state.games.currency);
  };
  const game = (gameCode: string) => state.games.games.find((candidate) => candidate.gameCode === gameCode);
  const regionalGame = (gameCode: string) => state.regional.find((candidate) => candidate.gameCode === gameCode);
  const regionalContext: RegionalContext = {
    api,
    t,
    language,
    money,
    games: () => state.regional,
    currency: () => state.games.currency,
    prizeMode: () => state.games.prizeMode,
    setBalance,
    refresh: () => refresh(),
    open: (gameCode) => show({ kind: 'board', gameCode }),
    countdown,
    setAwaiting: (drawsAt) => {
      state.awaiting = drawsAt;
    },
    isShown: (gameCode) => state.view.kind === 'board' && state.view.gameCode === gameCode,
  };
  const regional = createRegionalBoard(regionalContext);

  // ---- the switcher and the views -------------------------------------------------------------------------------

  function renderSwitcher(): void {
    const current = state.view.kind === 'board' ? state.view.gameCode : null;
    const button = (label: string, pressed: boolean, onclick: () => void) =>
      h('button', { type: 'button', class: 'secondary', 'aria-pressed': String(pressed), onclick }, label);
    clear(
      switcher,
      button(t('lobby'), current === null, () => show({ kind: 'lobby' })),
      ...state.games.games.map((g) =>
        button(gameName(g.gameCode), current === g.gameCode, () => show({ kind: 'board', gameCode: g.gameCode })),
      ),
      // One button a regional family: its board picks the region and the company.
      ...regionalFamilies(state.regional).map(([family, first]) => {
        const shown = current === null ? undefined : regionalGame(current);
        return button(t(REGIONAL_FAMILIES[family]!.title), shown?.family === family, () =>
          show({ kind: 'board', gameCode: shown?.family === family ? shown.gameCode : first.gameCode }),
        );
      }),
    );
  }

  function show(view: View): void {
    state.view = view;
    renderSwitcher();
    if (view.kind === 'lobby') renderLobby();
    else if (regionalGame(view.gameCode)) void regional.show(content, view.gameCode);
    else void renderBoardView(view.gameCode);
    tick();
  }

  function renderLobby(): void {
    clear(
      content,
      h(
        'section',
        { class: 'lotto-lobby' },
        ...state.games.games.map((g) =>
          h(
            'article',
            { class: 'lotto-card' },
            h('h2', {}, gameName(g.gameCode)),
            h('p', { class: 'muted' }, `${g.gameCode} · ${t('everyMinutes', { n: g.intervalMinutes })}`),
            g.enabled
              ? h(
                  'div',
                  { class: 'lotto-card-draw' },
                  h('span', { class: 'muted' }, `${t('nextDraw')} ${g.nextDraw?.drawNo ?? '—'}`),
                  countdown(g.nextDraw),
                )
              : h('p', { class: 'muted' }, t('disabled')),
            h(
              'div',
              { class: 'lotto-card-last' },
              h('span', { class: 'muted' }, t('lastResult')),
              balls(g.lastDraw?.result ?? null, g.family, 'small'),
            ),
            h(
              'button',
              {
                type: 'button',
                class: 'play',
                disabled: !g.enabled,
                'data-game': g.gameCode,
                'aria-label': `${gameName(g.gameCode)}: ${t('play')}`,
                onclick: () => show({ kind: 'board', gameCode: g.gameCode }),
              },
              t('play'),
            ),
          ),
        ),
      ),
      regionalLobby(regionalContext),
    );
  }

  // ---- the board --------------------------------------------------------------------------------------------------

  const drawPanel = h('section', { class: 'lotto-draw', 'aria-live': 'polite' });
  const boardPanel = h('section', { class: 'lotto-board' });
  const slipPanel = h('section', { class: 'panel lotto-slip' });
  const betsPanel = h('section', { class: 'panel lotto-bets' });
  const resultsPanel = h('section', { class: 'panel lotto-results' });
  const trendsPanel = h('section', { class: 'panel lotto-trends' });
  const proofDialog = h('dialog', { class: 'lotto-proof', 'aria-labelledby': 'proof-title' });
  document.body.append(proofDialog);
  const slipError = h('div', { class: 'error', role: 'alert' });
  const slipDone = h('p', { class: 'good', role: 'status' });
  // On a phone the slip is below the board: a bar at the bottom of the screen says what it holds and leads to it.
  const slipBarText = h('span', {});
  const slipBar = h(
    'div',
    { class: 'lotto-slipbar' },
    slipBarText,
    h(
      'button',
      {
        type: 'button',
        class: 'play',
        onclick: () => {
          slipPanel.scrollIntoView({ block: 'start' });
          slipPanel.querySelector<HTMLInputElement>('#lotto-stake')?.focus({ preventScroll: true });
        },
      },
      t('slip'),
    ),
  );
  // While the slip itself is on the screen, its bar has nothing to add.
  new IntersectionObserver(([entry]) => slipBar.classList.toggle('away', entry?.isIntersecting ?? false)).observe(
    slipPanel,
  );

  async function renderBoardView(gameCode: string): Promise<void> {
    clear(
      content,
      h('div', { class: 'lotto-main' }, drawPanel, boardPanel),
      h('div', { class: 'side' }, slipPanel, betsPanel, resultsPanel, trendsPanel),
      slipBar,
    );
    renderDraw(gameCode);
    renderBoard(gameCode);
    renderSlip(gameCode);
    await Promise.all([loadBets(gameCode), loadResults(gameCode)]);
  }

  function renderDraw(gameCode: string): void {
    const g = game(gameCode);
    if (!g) return;
    clear(
      drawPanel,
      h(
        'div',
        { class: 'lotto-draw-next' },
        h('h2', {}, gameName(gameCode)),
        h('p', { class: 'muted' }, g.nextDraw ? `${t('nextDraw')} ${g.nextDraw.drawNo}` : t('noDraw')),
        h('p', { class: 'muted small' }, `${t('prizeMode')}: ${state.games.prizeMode}`),
      ),
      h(
        'div',
        { class: 'lotto-draw-clock' },
        h('span', { class: 'muted' }, t('closesIn')),
        countdown(g.enabled ? g.nextDraw : null),
      ),
      h(
        'div',
        { class: 'lotto-draw-last' },
        h('span', { class: 'muted' }, g.lastDraw ? `${t('lastResult')} ${g.lastDraw.drawNo}` : t('lastResult')),
        balls(g.lastDraw?.result ?? null, g.family),
      ),
    );
  }

  function choiceOf(gameCode: string): BoardChoice {
    return state.choices.get(gameCode) ?? EMPTY_CHOICE;
  }
  function setChoice(gameCode: string, choice: BoardChoice): void {
    state.choices.set(gameCode, choice);
    renderSlip(gameCode);
  }

  function oddsText(g: GameView, key: string): string {
    const at = g.odds?.[key];
    return at ? `×${formatOdds(at, language)}` : '—';
  }

  function optionButton(g: GameView, option: BoardOption): HTMLButtonElement {
    const chosen = choiceOf(g.gameCode).options.includes(option.id);
    const text = optionText(option.text, t);
    const button = h(
      'button',
      {
        type: 'button',
        class: option.ball ? 'lotto-option ball' : 'lotto-option',
        'aria-pressed': String(chosen),
        'data-option': option.id,
        onclick: () => {
          const next = toggleOption(choiceOf(g.gameCode), option.id);
          button.setAttribute('aria-pressed', String(next.options.includes(option.id)));
          setChoice(g.gameCode, next);
        },
      },
      h('span', { class: 'lotto-option-text' }, text),
      h('span', { class: 'lotto-odds' }, oddsText(g, option.oddsKey)),
    );
    return button;
  }

  function renderBoard(gameCode: string): void {
    const g = game(gameCode);
    if (!g) return;
    const tabs = tabsOf(g.family);
    const tabId = tabs.some((tab) => tab.id === state.tabs.get(gameCode)) ? state.tabs.get(gameCode)! : tabs[0]!.id;
    const tab = tabs.find((candidate) => candidate.id === tabId)!;
    const tabList = h(
      'div',
      { class: 'lotto-tabs', role: 'tablist', 'aria-label': t('betTypes') },
      ...tabs.map((candidate) =>
        h(
          'button',
          {
            type: 'button',
            role: 'tab',
            id: `tab-${candidate.id}`,
            'aria-selected': String(candidate.id === tabId),
            'aria-controls': 'lotto-tabpanel',
            tabIndex: candidate.id === tabId ? 0 : -1,
            onclick: () => {
              state.tabs.set(gameCode, candidate.id);
              renderBoard(gameCode);
              boardPanel.querySelector<HTMLButtonElement>(`#tab-${candidate.id}`)?.focus();
            },
            onkeydown: (event: KeyboardEvent) => {
              // Arrow keys move between the tabs, as a tab list does.
              if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
              const index = tabs.indexOf(candidate) + (event.key === 'ArrowRight' ? 1 : -1);
              const next = tabs[(index + tabs.length) % tabs.length]!;
              state.tabs.set(gameCode, next.id);
              renderBoard(gameCode);
              boardPanel.querySelector<HTMLButtonElement>(`#tab-${next.id}`)?.focus();
            },
          },
          t(candidate.title),
        ),
      ),
    );
    const panel = h('div', {
      class: 'lotto-tabpanel',
      id: 'lotto-tabpanel',
      role: 'tabpanel',
      'aria-labelledby': `tab-${tabId}`,
    });
    if (tab.grid) panel.append(kenoGrid(g));
    for (const row of tab.rows) {
      panel.append(
        h(
          'div',
          { class: 'lotto-row', role: 'group', 'aria-label': t(row.title) },
          h('div', { class: 'lotto-row-title' }, t(row.title)),
          h(
            'div',
            { class: `lotto-options ${row.options[0]?.ball ? 'balls' : 'words'}` },
            ...row.options.map((o) => optionButton(g, o)),
          ),
        ),
      );
    }
    clear(boardPanel, g.enabled ? tabList : h('p', { class: 'muted' }, t('disabled')), g.enabled ? panel : null);
  }

  function kenoGrid(g: GameView): HTMLElement {
    const count = h('strong', { class: 'lotto-picked' });
    const paytable = h('div', { class: 'lotto-paytable' });
    const quickCount = h(
      'select',
      { 'aria-label': t('quickPick') },
      ...Array.from({ length: 10 }, (_, index) =>
        h('option', { value: String(index + 1), selected: index === 4 }, String(index + 1)),
      ),
    );
    const showPicks = () => {
      const numbers = choiceOf(g.gameCode).numbers;
      count.textContent = t('picked', { n: numbers.length });
      const table = numbers.length ? pickPaytable(numbers.length, g.odds ?? {}) : [];
      clear(
        paytable,
        table.length ? h('h3', {}, `${t('paytable')} · ${t('pickBet', { n: numbers.length })}`) : null,
        table.length
          ? h(
              'dl',
              {},
              ...table.map((row) =>
                h(
                  'div',
                  {},
                  h('dt', {}, t('hits', { n: row.hits })),
                  h('dd', {}, `×${formatOdds(row.odds, language)}`),
                ),
              ),
            )
          : null,
      );
      for (const button of grid.querySelectorAll<HTMLButtonElement>('button[data-number]')) {
        button.setAttribute('aria-pressed', String(numbers.includes(Number(button.dataset.number))));
      }
    };
    const grid = h(
      'div',
      { class: 'lotto-grid', role: 'group', 'aria-label': t('tabPick') },
      ...KENO_NUMBERS.map((number) =>
        h(
          'button',
          {
            type: 'button',
            class: 'lotto-option ball',
            'data-number': String(number),
            'aria-pressed': 'false',
            onclick: () => {
              setChoice(g.gameCode, toggleNumber(choiceOf(g.gameCode), number));
              showPicks();
            },
          },
          String(number).padStart(2, '0'),
        ),
      ),
    );
    const wrap = h(
      'div',
      { class: 'lotto-keno' },
      h('p', { class: 'muted' }, t('pickHint')),
      h(
        'div',
        { class: 'lotto-keno-tools' },
        count,
        h(
          'span',
          { class: 'lotto-quick' },
          quickCount,
          h(
            'button',
            {
              type: 'button',
              class: 'secondary small',
              onclick: () => {
                setChoice(g.gameCode, { ...choiceOf(g.gameCode), numbers: quickPick(Number(quickCount.value)) });
                showPicks();
              },
            },
            t('quickPick'),
          ),
        ),
        h(
          'button',
          {
            type: 'button',
            class: 'secondary small',
            onclick: () => {
              setChoice(g.gameCode, { ...choiceOf(g.gameCode), numbers: [] });
              showPicks();
            },
          },
          t('clearPicks'),
        ),
      ),
      grid,
      paytable,
    );
    showPicks();
    return wrap;
  }

  // ---- the slip ---------------------------------------------------------------------------------------------------

  function renderSlip(gameCode: string): void {
    const g = game(gameCode);
    if (!g) return;
    const chips = stakeChips(g.limits);
    const stake = Math.min(
      g.limits.maxBetMinor,
      Math.max(g.limits.minBetMinor, state.stakeMinor ?? chips[2] ?? chips.at(-1) ?? g.limits.minBetMinor),
    );
    const choice = choiceOf(gameCode);
    const bets = choiceToBets(g.family, choice, stake);
    const totals = slipTotals(g.family, bets, g.odds ?? {});
    const input = h('input', {
      type: 'number',
      id: 'lotto-stake',
      inputMode: 'numeric',
      min: g.limits.minBetMinor,
      max: g.limits.maxBetMinor,
      step: 1,
      value: String(stake),
      onchange: () => {
        const value = Math.floor(Number(input.value));
        state.stakeMinor = Number.isFinite(value) && value > 0 ? value : null;
        renderSlip(gameCode);
        slipPanel.querySelector<HTMLInputElement>('#lotto-stake')?.focus();
      },
    });
    const remove = (index: number) => {
      // The first bet of a keno slip with numbers is its pick: removing it lets the numbers go.
      const hasPick = g.family === 'keno' && choice.numbers.length > 0;
      if (hasPick && index === 0) setChoice(gameCode, { ...choice, numbers: [] });
      else
        setChoice(gameCode, { ...choice, options: choice.options.filter((_, i) => i !== index - (hasPick ? 1 : 0)) });
      renderBoard(gameCode);
    };
    const place = h(
      'button',
      { type: 'button', class: 'play', disabled: bets.length === 0 || !g.nextDraw },
      t('place'),
    );
    place.addEventListener('click', () => void placeSlip(g, bets, place));
    slipBar.hidden = bets.length === 0;
    slipBarText.textContent = `${t('betCount')} ${bets.length} · ${t('total')} ${money(totals.stakeMinor, state.games.currency)}`;
    clear(
      slipPanel,
      h('h2', {}, t('slip')),
      bets.length
        ? h(
            'ol',
            { class: 'lotto-slip-bets' },
            ...bets.map((bet, index) => {
              const best = bestOdds(g.family, bet, g.odds ?? {});
              return h(
                'li',
                {},
                h('span', {}, betLabel(g.family, bet, t)),
                h('span', { class: 'lotto-odds' }, best ? `×${formatOdds(best, language)}` : '—'),
                h(
                  'button',
                  {
                    type: 'button',
                    class: 'secondary small',
                    'aria-label': `${t('remove')}: ${betLabel(g.family, bet, t)}`,
                    onclick: () => remove(index),
                  },
                  '×',
                ),
              );
            }),
          )
        : h('p', { class: 'muted' }, t('emptySlip')),
      h(
        'div',
        { class: 'stake-field' },
        h('label', { for: 'lotto-stake' }, t('stakePerBet')),
        input,
        h(
          'div',
          { class: 'lotto-chips' },
          ...chips.map((amount) =>
            h(
              'button',
              {
                type: 'button',
                class: 'secondary small lotto-chip',
                'aria-pressed': String(amount === stake),
                onclick: () => {
                  state.stakeMinor = amount;
                  renderSlip(gameCode);
                },
              },
              money(amount, state.games.currency),
            ),
          ),
        ),
        h(
          'p',
          { class: 'muted limits' },
          t('limits', {
            min: money(g.limits.minBetMinor, state.games.currency),
            max: money(g.limits.maxBetMinor, state.games.currency),
          }),
        ),
      ),
      h(
        'dl',
        { class: 'lotto-totals' },
        h('dt', {}, t('betCount')),
        h('dd', {}, String(bets.length)),
        h('dt', {}, t('total')),
        h('dd', {}, money(totals.stakeMinor, state.games.currency)),
        h('dt', {}, t('potentialWin')),
        h('dd', { class: 'good' }, money(totals.potentialWinMinor, state.games.currency)),
      ),
      h(
        'div',
        { class: 'actions' },
        place,
        bets.length
          ? h(
              'button',
              {
                type: 'button',
                class: 'secondary',
                onclick: () => {
                  setChoice(gameCode, EMPTY_CHOICE);
                  renderBoard(gameCode);
                },
              },
              t('clearSlip'),
            )
          : null,
      ),
      slipError,
      slipDone,
    );
  }

  async function placeSlip(
    g: GameView,
    bets: ReturnType<typeof choiceToBets>,
    button: HTMLButtonElement,
  ): Promise<void> {
    const draw = g.nextDraw;
    if (!draw || bets.length === 0) return;
    slipError.textContent = '';
    slipDone.textContent = '';
    button.disabled = true;
    button.textContent = t('placing');
    try {
      const placed = await api.call<{ slip: SlipView; balanceMinor: number }>('POST', 'slips', {
        gameCode: g.gameCode,
        drawNo: draw.drawNo,
        bets,
      });
      setBalance(placed.balanceMinor);
      state.choices.set(g.gameCode, EMPTY_CHOICE);
      renderBoard(g.gameCode);
      renderSlip(g.gameCode);
      slipDone.textContent = t('placed', { draw: placed.slip.drawNo });
      state.betsStatus = 'open';
      await loadBets(g.gameCode);
    } catch (caught) {
      button.disabled = false;
      button.textContent = t('place');
      slipError.textContent = caught instanceof ApiError ? caught.message : String(caught);
      // A close or a limit may have moved: read the games again.
      if (caught instanceof ApiError && caught.code.startsWith('LOTTERY_DRAW')) await refresh();
    }
  }

  // ---- the player's bets, the results, the trends and the proof --------------------------------------------------

  async function loadBets(gameCode: string, more = false): Promise<void> {
    const before = more ? (state.slips.at(-1)?.slipId ?? null) : null;
    const page = await api.call<SlipView[]>('GET', slipsPath(gameCode, state.betsStatus, before));
    if (state.view.kind !== 'board' || state.view.gameCode !== gameCode) return;
    const slips = more ? [...state.slips, ...page] : page;
    state.slips = slips;
    state.awaiting = slips.filter((slip) => slip.status !== 'settled').map((slip) => Date.parse(slip.drawsAt));
    const g = game(gameCode)!;
    const tabButton = (status: 'open' | 'settled') =>
      h(
        'button',
        {
          type: 'button',
          class: 'secondary small',
          'aria-pressed': String(state.betsStatus === status),
          onclick: () => {
            state.betsStatus = status;
            void loadBets(gameCode);
          },
        },
        t(status),
      );
    clear(
      betsPanel,
      h(
        'div',
        { class: 'lotto-panel-head' },
        h('h2', {}, t('myBets')),
        h('div', { class: 'segmented' }, tabButton('open'), tabButton('settled')),
      ),
      slips.length
        ? h(
            'ol',
            { class: 'lotto-list' },
            ...slips.map((slip) => {
              const won = (slip.payoutMinor ?? 0) > 0;
              const status =
                slip.status === 'settled'
                  ? won
                    ? t('won')
                    : t('lost')
                  : t(slip.status === 'settling' ? 'settling' : slip.status === 'void' ? 'void' : 'open');
              return h(
                'li',
                {},
                h(
                  'div',
                  { class: 'lotto-list-head' },
                  h('strong', {}, `${t('draw')} ${slip.drawNo}`),
                  h('span', { class: won ? 'good' : 'muted' }, status),
                ),
                h(
                  'ul',
                  { class: 'lotto-slip-lines' },
                  ...slip.bets.map((bet) =>
                    h('li', {}, `${betLabel(g.family, bet, t)} · ${money(bet.stakeMinor, state.games.currency)}`),
                  ),
                ),
                h(
                  'div',
                  { class: 'lotto-list-foot' },
                  h('span', { class: 'muted' }, `${t('stake')} ${money(slip.stakeMinor, state.games.currency)}`),
                  slip.payoutMinor !== null
                    ? h(
                        'span',
                        { class: won ? 'good' : 'muted' },
                        `${t('payout')} ${money(slip.payoutMinor, state.games.currency)}`,
                      )
                    : null,
                ),
                slip.result
                  ? h(
                      'div',
                      { class: 'lotto-list-foot' },
                      balls(slip.result, g.family, 'small'),
                      proofButton(gameCode, slip.drawNo),
                    )
                  : null,
              );
            }),
          )
        : h('p', { class: 'muted' }, t('noBets')),
      // A page at a time, newest first: the next page starts after the last slip shown.
      page.length >= SLIPS_PAGE
        ? h('button', { type: 'button', class: 'secondary', onclick: () => void loadBets(gameCode, true) }, t('more'))
        : null,
    );
  }

  function proofButton(gameCode: string, drawNo: string): HTMLButtonElement {
    return h(
      'button',
      { type: 'button', class: 'secondary small', onclick: () => void openProof(gameCode, drawNo) },
      t('proof'),
    );
  }

  async function loadResults(gameCode: string, more = false): Promise<void> {
    const known = more ? (state.results.get(gameCode) ?? []) : [];
    const before = known.at(-1)?.drawsAt;
    const page = await api.call<DrawView[]>(
      'GET',
      `results?gameCode=${gameCode}${before ? `&before=${encodeURIComponent(before)}` : ''}`,
    );
    const results = [...known, ...page];
    state.results.set(gameCode, results);
    if (state.view.kind !== 'board' || state.view.gameCode !== gameCode) return;
    const g = game(gameCode)!;
    clear(
      resultsPanel,
      h('h2', {}, t('results')),
      results.length
        ? h(
            'ol',
            { class: 'lotto-list lotto-results-list' },
            ...results.map((draw) =>
              h(
                'li',
                {},
                h(
                  'div',
                  { class: 'lotto-list-head' },
                  h('strong', {}, draw.drawNo),
                  h(
                    'span',
                    { class: 'muted' },
                    new Date(draw.drawsAt).toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' }),
                  ),
                ),
                h(
                  'div',
                  { class: 'lotto-list-foot' },
                  balls(draw.result, g.family, 'small'),
                  proofButton(gameCode, draw.drawNo),
                ),
              ),
            ),
          )
        : h('p', { class: 'muted' }, t('noResult')),
      page.length >= 20
        ? h(
            'button',
            { type: 'button', class: 'secondary', onclick: () => void loadResults(gameCode, true) },
            t('more'),
          )
        : null,
    );
    renderTrends(g, results.slice(0, TREND_DRAWS));
  }

  function renderTrends(g: GameView, draws: DrawView[]): void {
    const drawn = draws.filter((draw) => draw.result !== null);
    if (!drawn.length) {
      clear(trendsPanel, h('h2', {}, t('trends')), h('p', { class: 'muted' }, t('noResult')));
      return;
    }
    const { hot, cold } = hotAndCold(
      g.family,
      drawn.map((draw) => draw.result!),
    );
    const series = sumSeries(g.family, drawn);
    const chips = (items: { value: number; count: number }[], kind: string) =>
      h(
        'ol',
        { class: `lotto-freq ${kind}` },
        ...items.map((item) =>
          h('li', {}, h('span', { class: 'lotto-ball' }, item.value), h('small', {}, `×${item.count}`)),
        ),
      );
    clear(
      trendsPanel,
      h('h2', {}, t('trends')),
      h(
        'div',
        { class: 'lotto-hotcold' },
        h('div', {}, h('h3', {}, t('hot')), chips(hot, 'hot')),
        h('div', {}, h('h3', {}, t('cold')), chips(cold, 'cold')),
      ),
      h('h3', {}, t('lastN', { n: series.length })),
      h(
        'div',
        {
          class: 'lotto-chart',
          role: 'img',
          'aria-label': series.map((point) => `${point.drawNo}: ${point.sum}`).join(', '),
        },
        ...series.map((point) => {
          const bar = h(
            'span',
            { class: `lotto-bar ${point.side}`, title: `${point.drawNo}: ${point.sum} (${t(point.side)})` },
            h('span', {}, point.sum),
          );
          // Through the CSSOM: the page's policy refuses style attributes.
          bar.style.setProperty('--share', Math.max(0.04, point.share).toFixed(3));
          return bar;
        }),
      ),
      h(
        'p',
        { class: 'muted small' },
        h('span', { class: 'lotto-key big' }),
        ` ${t('big')} `,
        h('span', { class: 'lotto-key small' }),
        ` ${t('small')} · ${t('trendsNote')}`,
      ),
    );
  }

  async function openProof(gameCode: string, drawNo: string): Promise<void> {
    const g = game(gameCode)!;
    const proof = await api.call<DrawProof>('GET', `draws/${gameCode}/${drawNo}`);
    const { draw } = proof;
    let verdict: HTMLElement;
    let recomputed: number[] | null = null;
    if (draw.seed && draw.result) {
      // Recomputed here, in the browser, from the revealed seed and the draw's identity alone.
      const verification = verifyLotteryDraw({ seed: draw.seed, gameCode, drawNo });
      recomputed = verification.numbers;
      const matches = lotteryProofMatches(
        { seed: draw.seed, seedHash: draw.seedHash, gameCode, drawNo, numbers: numbersOf(draw.result) },
        verification,
      );
      verdict = h(
        'p',
        { class: matches ? 'good lotto-verdict' : 'bad lotto-verdict', role: 'status' },
        matches ? `✓ ${t('verified')}` : `✗ ${t('mismatch')}`,
      );
    } else {
      verdict = h('p', { class: 'muted' }, t('notDrawn'));
    }
    const fact = (label: LotteryTextKey, value: Node | string) =>
      h(
        'div',
        { class: 'fact' },
        h('span', { class: 'muted' }, t(label)),
        typeof value === 'string' ? h('code', {}, value) : value,
      );
    clear(
      proofDialog,
      h('h2', { id: 'proof-title' }, t('proofTitle', { draw: drawNo })),
      fact('seedHash', draw.seedHash),
      fact('seed', draw.seed ?? '—'),
      fact('algorithm', `${proof.algorithm} · ${proof.message}`),
      fact('lastResult', balls(draw.result, g.family, 'small')),
      recomputed
        ? fact(
            'recomputed',
            balls(g.family === 'keno' ? { numbers: recomputed } : { digits: recomputed }, g.family, 'small'),
          )
        : null,
      verdict,
      h('form', { method: 'dialog' }, h('button', { class: 'secondary', autofocus: true }, t('close'))),
    );
    proofDialog.showModal();
  }

  // ---- the clock ---------------------------------------------------------------------------------------------------

  let refreshing = false;
  let lastRefresh = Date.now();
  async function refresh(): Promise<void> {
    if (refreshing) return;
    refreshing = true;
    lastRefresh = Date.now();
    try {
      const before = state.games;
      const regionalBefore = state.regional;
      state.games = await readGames();
      setBalance(state.games.balanceMinor);
      for (const g of before.games) {
        if (g.nextDraw)
          state.pending.set(`${g.gameCode}:${g.nextDraw.drawNo}`, {
            drawNo: g.nextDraw.drawNo,
            drawsAt: g.nextDraw.drawsAt,
          });
      }
      const view = state.view;
      if (view.kind === 'lobby') return keepFocus(renderLobby);
      if (regionalGame(view.gameCode)) {
        const regionalWas = regionalBefore.find((g) => g.gameCode === view.gameCode);
        await regional.update(view.gameCode, regionalWas, keepFocus);
        if (slipsDue()) await regional.loadBets(view.gameCode);
        return;
      }
      const was = before.games.find((g) => g.gameCode === view.gameCode);
      const now = game(view.gameCode);
      renderDraw(view.gameCode);
      if (was?.nextDraw?.drawNo !== now?.nextDraw?.drawNo || was?.enabled !== now?.enabled) {
        // A new draw takes bets: the last placement's word is old news.
        slipDone.textContent = '';
        keepFocus(() => renderSlip(view.gameCode));
      }
      if (was?.lastDraw?.drawNo !== now?.lastDraw?.drawNo)
        await Promise.all([loadResults(view.gameCode), loadBets(view.gameCode)]);
      else if (slipsDue()) await loadBets(view.gameCode);
    } catch {
      // The next tick tries again; a session that has ended says so on the next bet.
    } finally {
      refreshing = false;
      tick();
    }
  }

  /** Whether a bet shown as open has drawn (in the last two minutes): its payout comes soon after. */
  function slipsDue(): boolean {
    const now = serverNow(Date.now(), state.offsetMs);
    return state.awaiting.some((drawsAt) => drawsAt + 1_000 <= now && now - drawsAt < SLIP_WAIT_MS);
  }

  /** Whether a close, a result or a payout is due on the server's clock: then the games are read again. */
  function somethingDue(): boolean {
    const now = serverNow(Date.now(), state.offsetMs);
    if (slipsDue()) return true;
    // A regional draw's result is entered by operators, minutes or more after its time: only its close is due.
    if (state.regional.some((g) => g.nextDraw && Date.parse(g.nextDraw.closesAt) <= now)) return true;
    for (const g of state.games.games) {
      if (g.nextDraw && Date.parse(g.nextDraw.closesAt) <= now) return true;
      for (const [key, pending] of state.pending) {
        if (!key.startsWith(`${g.gameCode}:`)) continue;
        if (g.lastDraw && g.lastDraw.drawNo >= pending.drawNo) state.pending.delete(key);
        else if (Date.parse(pending.drawsAt) + 1_000 <= now) return true;
      }
    }
    return false;
  }

  function tick(): void {
    const browserNow = Date.now();
    for (const element of document.querySelectorAll<HTMLElement>('[data-closes]')) {
      const left = remainingMs(element.dataset.closes!, browserNow, state.offsetMs);
      element.textContent = left > 0 ? formatDrawCountdown(left, t) : t('closed');
      element.classList.toggle('soon', left > 0 && left <= 10_000);
      element.classList.toggle('closed', left === 0);
    }
    const since = browserNow - lastRefresh;
    if (!refreshing && ((somethingDue() && since >= DUE_REFRESH_MS) || since >= REFRESH_MS)) void refresh();
  }

  onPlatformBalanceChange(window, () => void refresh());
  setInterval(tick, 1_000);
  show(state.view);
}
