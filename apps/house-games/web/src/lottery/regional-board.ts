import type { LotteryBet } from '@parlay/fairness';
import { ApiError } from '../api';
import { clear, h } from '../dom';
import type { Language } from '../i18n';
import { formatOdds, stakeChips } from './board';
import {
  SLIPS_PAGE,
  slipsPath,
  type LotteryApi,
  type RegionalDrawView,
  type RegionalGameView,
  type RegionalSlipView,
} from './lottery-api';
import type { LotteryTextKey } from './lottery-i18n';
import {
  EMPTY_PICKS,
  REGIONAL_FAMILIES,
  REGIONAL_KINDS,
  REGIONS,
  betKind,
  boardOrder,
  drawLocalTime,
  isValidNumber,
  kindName,
  loTable,
  markedNumbers,
  pickerNumbers,
  pickerOf,
  picksToBets,
  pressedNumbers,
  regionalBetLabel,
  regionalOdds,
  regionalTotals,
  removeBet,
  resultRows,
  togglePick,
  type BetShape,
  type Picker,
  type RegionalFamily,
  type RegionalPicks,
  type RegionalResult,
} from './regional';

// The regional board in the lottery's frame (docs/product/lottery.md#the-players-page): a Vietnamese company's draw
// (and, alike, any regional family the games call describes): the region and company picked, the next draw's local
// time and its close counting down, the bet types with the session's odds and a picker that fits each (ten digits,
// the 00-99 grid, or a typed number; k numbers for xiên and trượt), the slip, the published result in the tickets'
// layout with the player's numbers marked, the results before it and the player's bets, a page at a time.
// lottery-page.ts owns the session, the clock and the switcher, and hands this board its part of the page.

type Translate = (key: LotteryTextKey, values?: Record<string, string | number>) => string;

export interface RegionalContext {
  api: LotteryApi;
  t: Translate;
  language: Language;
  money: (amountMinor: number, currency: string) => string;
  /** The regional games as last read, and the session's currency and prize mode. */
  games: () => RegionalGameView[];
  currency: () => string;
  prizeMode: () => string;
  setBalance: (balanceMinor: number) => void;
  /** Reads the games again (a close or a limit may have moved). */
  refresh: () => Promise<void>;
  /** Opens another game's board (the company picker). */
  open: (gameCode: string) => void;
  /** The countdown to a draw's close, ticked by the page. */
  countdown: (draw: RegionalDrawView | null) => HTMLElement;
  /** When the draws of the player's bets still open draw: the page reads their payout once due. */
  setAwaiting: (drawsAt: number[]) => void;
  isShown: (gameCode: string) => boolean;
}

/** The players' name of a region with its translated one ("North · Miền Bắc"); once when they are the same word. */
export function regionText(region: string | null, t: Translate): string {
  const info = REGIONS[region ?? ''];
  if (!info) return region ?? '';
  const label = t(info.label);
  return label === info.name ? label : `${label} · ${info.name}`;
}

/** A family's words, or the Vietnamese draws' for a family the frame has none for. */
function familyOf(family: string | undefined): RegionalFamily {
  return REGIONAL_FAMILIES[family ?? ''] ?? REGIONAL_FAMILIES['vn']!;
}

/** The regional families of the games, in the games' order, each with its first game. */
export function regionalFamilies(games: readonly RegionalGameView[]): [string, RegionalGameView][] {
  const families = new Map<string, RegionalGameView>();
  for (const game of games) if (!families.has(game.family)) families.set(game.family, game);
  return [...families];
}

/** The games of each region, the next to draw first. */
function byRegion(games: readonly RegionalGameView[]): [string, RegionalGameView[]][] {
  const regions = new Map<string, RegionalGameView[]>();
  for (const game of games) {
    const key = game.region ?? '';
    regions.set(key, [...(regions.get(key) ?? []), game]);
  }
  const next = (game: RegionalGameView) => (game.nextDraw ? Date.parse(game.nextDraw.drawsAt) : Infinity);
  // North to south, as the results are read; a region the board has no word for after.
  const known = Object.keys(REGIONS);
  const rank = (region: string) => (known.includes(region) ? known.indexOf(region) : known.length);
  return [...regions]
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([region, list]) => [region, [...list].sort((a, b) => next(a) - next(b))]);
}

/** The lobby's part for the regional games: each family's regions and their companies, the next to draw first. */
export function regionalLobby(ctx: RegionalContext): HTMLElement | null {
  const games = ctx.games();
  if (games.length === 0) return null;
  const { t } = ctx;
  const row = (game: RegionalGameView) => {
    const local = game.nextDraw ? drawLocalTime(game.nextDraw.drawsAt, game.region, ctx.language) : null;
    return h(
      'li',
      { class: 'lotto-vn-row' },
      h('strong', {}, game.name),
      h('span', { class: 'muted' }, local ? `${local.date} ${local.time}` : t('noDraw')),
      game.enabled ? ctx.countdown(game.nextDraw) : h('span', { class: 'muted' }, t('disabled')),
      h(
        'button',
        {
          type: 'button',
          class: 'play small',
          disabled: !game.enabled,
          'data-game': game.gameCode,
          'aria-label': `${game.name}: ${t('play')}`,
          onclick: () => ctx.open(game.gameCode),
        },
        t('play'),
      ),
    );
  };
  return h(
    'div',
    { class: 'lotto-regional' },
    ...regionalFamilies(games).map(([family]) =>
      h(
        'section',
        { class: 'lotto-regions', 'aria-labelledby': `lotto-family-${family}` },
        h('h2', { id: `lotto-family-${family}` }, t(REGIONAL_FAMILIES[family]!.title)),
        ...byRegion(games.filter((game) => game.family === family)).map(([region, list]) =>
          h(
            'div',
            { class: 'lotto-region' },
            region ? h('h3', {}, regionText(region, t)) : null,
            h('ul', { class: 'lotto-region-games' }, ...list.map(row)),
          ),
        ),
      ),
    ),
  );
}

/** The regional board: `show` draws a game's board into the page's content, `update` after the games are read. */
export function createRegionalBoard(ctx: RegionalContext) {
  const { t, language } = ctx;
  const money = (amountMinor: number) => ctx.money(amountMinor, ctx.currency());
  const picks = new Map<string, RegionalPicks>();
  const tabs = new Map<string, string>();
  let stakeMinor: number | null = null;
  let betsStatus: 'open' | 'settled' = 'open';
  let slips: RegionalSlipView[] = [];
  /** Settled slips of the game (the first page): the player's numbers the results mark. */
  let marked: RegionalSlipView[] = [];
  let results: RegionalDrawView[] = [];
  /** The draw whose result table is shown: the last drawn unless the player chose another. */
  let shownDraw: string | null = null;

  const headPanel = h('section', { class: 'lotto-draw lotto-vn-head', 'aria-live': 'polite' });
  const boardPanel = h('section', { class: 'lotto-board lotto-vn-board' });
  const resultPanel = h('section', { class: 'panel lotto-vn-result' });
  const slipPanel = h('section', { class: 'panel lotto-slip' });
  const betsPanel = h('section', { class: 'panel lotto-bets' });
  const resultsPanel = h('section', { class: 'panel lotto-results' });
  const slipError = h('div', { class: 'error', role: 'alert' });
  const slipDone = h('p', { class: 'good', role: 'status' });
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
          slipPanel.querySelector<HTMLInputElement>('#vn-stake')?.focus({ preventScroll: true });
        },
      },
      t('slip'),
    ),
  );
  new IntersectionObserver(([entry]) => slipBar.classList.toggle('away', entry?.isIntersecting ?? false)).observe(
    slipPanel,
  );

  const game = (gameCode: string) => ctx.games().find((candidate) => candidate.gameCode === gameCode);
  const picksOf = (gameCode: string) => picks.get(gameCode) ?? EMPTY_PICKS;
  const shapesOf = (g: RegionalGameView) => boardOrder(g.bets.filter((shape) => pickerOf(shape) !== null));

  function oddsText(g: RegionalGameView, betType: string): string {
    const at = regionalOdds(g.odds ?? {}, betType);
    if (!at) return '—';
    const odds = formatOdds(at, language);
    return REGIONAL_KINDS[betKind(betType)]?.perHit ? t('oddsPerHit', { odds }) : t('oddsOnce', { odds });
  }

  // ---- the head: the game picked, the next draw ---------------------------------------------------------------------

  function renderHead(gameCode: string): void {
    const g = game(gameCode);
    if (!g) return;
    const regions = byRegion(ctx.games().filter((candidate) => candidate.family === g.family));
    const companies = regions.find(([region]) => region === (g.region ?? ''))?.[1] ?? [g];
    const regionSelect = h(
      'select',
      {
        id: 'vn-region',
        onchange: () => {
          const first = regions.find(([region]) => region === regionSelect.value)?.[1][0];
          if (first) ctx.open(first.gameCode);
        },
      },
      ...regions.map(([region]) =>
        h('option', { value: region, selected: region === (g.region ?? '') }, regionText(region, t)),
      ),
    );
    const companySelect = h(
      'select',
      { id: 'vn-company', onchange: () => ctx.open(companySelect.value) },
      ...companies.map((company) =>
        h('option', { value: company.gameCode, selected: company.gameCode === gameCode }, company.name),
      ),
    );
    const local = g.nextDraw ? drawLocalTime(g.nextDraw.drawsAt, g.region, language) : null;
    const words = familyOf(g.family);
    clear(
      headPanel,
      h(
        'div',
        { class: 'lotto-draw-next' },
        h('h2', {}, g.name),
        h(
          'div',
          { class: 'lotto-vn-pickers' },
          h('label', { for: 'vn-region' }, t(words.regionLabel)),
          regionSelect,
          h('label', { for: 'vn-company' }, t(words.companyLabel)),
          companySelect,
        ),
        h('p', { class: 'muted small' }, `${t('prizeMode')}: ${ctx.prizeMode()} · ${t(words.schedule)}`),
      ),
      h(
        'div',
        { class: 'lotto-draw-clock' },
        h('span', { class: 'muted' }, g.nextDraw ? `${t('nextDraw')} ${g.nextDraw.drawNo}` : t('noDraw')),
        local
          ? h(
              'strong',
              { class: 'lotto-vn-time' },
              t('drawsAtLocal', { ...local, zone: REGIONS[g.region ?? '']?.zone ?? 'UTC' }),
            )
          : null,
        h('span', { class: 'muted' }, t('closesIn')),
        ctx.countdown(g.enabled ? g.nextDraw : null),
      ),
    );
  }

  // ---- the board: bet types and their pickers -------------------------------------------------------------------------

  function setPicks(gameCode: string, next: RegionalPicks): void {
    picks.set(gameCode, next);
    renderSlip(gameCode);
  }

  function renderBoard(gameCode: string): void {
    const g = game(gameCode);
    if (!g) return;
    if (!g.enabled) {
      clear(boardPanel, h('p', { class: 'muted' }, t('disabled')));
      return;
    }
    const shapes = shapesOf(g);
    const tabId = shapes.some((shape) => shape.betType === tabs.get(gameCode))
      ? tabs.get(gameCode)!
      : shapes[0]?.betType;
    const shape = shapes.find((candidate) => candidate.betType === tabId);
    if (!shape) {
      clear(boardPanel, h('p', { class: 'muted' }, t('disabled')));
      return;
    }
    const choose = (next: BetShape) => {
      tabs.set(gameCode, next.betType);
      renderBoard(gameCode);
      boardPanel.querySelector<HTMLButtonElement>(`#vn-tab-${next.betType}`)?.focus();
    };
    const tabList = h(
      'div',
      { class: 'lotto-tabs lotto-vn-tabs', role: 'tablist', 'aria-label': t('betTypes') },
      ...shapes.map((candidate, index) =>
        h(
          'button',
          {
            type: 'button',
            role: 'tab',
            id: `vn-tab-${candidate.betType}`,
            'aria-selected': String(candidate === shape),
            'aria-controls': 'vn-tabpanel',
            tabIndex: candidate === shape ? 0 : -1,
            onclick: () => choose(candidate),
            onkeydown: (event: KeyboardEvent) => {
              // Arrow keys move between the tabs, as a tab list does.
              if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
              const step = event.key === 'ArrowRight' ? 1 : -1;
              choose(shapes[(index + step + shapes.length) % shapes.length]!);
            },
          },
          h('span', {}, kindName(candidate.betType)),
          h('span', { class: 'lotto-odds' }, oddsText(g, candidate.betType)),
        ),
      ),
    );
    const info = REGIONAL_KINDS[betKind(shape.betType)];
    const pressed = pressedNumbers(picksOf(gameCode), shape);
    const single: Record<Picker, LotteryTextKey> = { digit: 'pickDigit', grid: 'pickGrid', typed: 'pickTyped' };
    const hint = shape.count > 1 ? t('pickCombo', { k: shape.count, n: pressed.length }) : t(single[pickerOf(shape)!]);
    const panel = h(
      'div',
      { class: 'lotto-tabpanel', id: 'vn-tabpanel', role: 'tabpanel', 'aria-labelledby': `vn-tab-${shape.betType}` },
      h(
        'div',
        { class: 'lotto-vn-about' },
        h('strong', {}, `${kindName(shape.betType)} · ${oddsText(g, shape.betType)}`),
        info ? h('p', { class: 'muted small' }, t(info.hint)) : null,
        h('p', { class: 'muted small', id: 'vn-pick-hint' }, hint),
      ),
      pickerOf(shape) === 'typed' ? typedPicker(g, shape, pressed) : gridPicker(g, shape, pressed),
    );
    clear(boardPanel, tabList, panel);
    // On a phone the tabs scroll sideways: the chosen one stays in sight.
    const chosen = tabList.querySelector<HTMLElement>('[aria-selected="true"]');
    if (chosen) {
      const strip = tabList.getBoundingClientRect();
      const tab = chosen.getBoundingClientRect();
      if (tab.right > strip.right) tabList.scrollLeft += tab.right - strip.right + 8;
      else if (tab.left < strip.left) tabList.scrollLeft -= strip.left - tab.left + 8;
    }
  }

  function gridPicker(g: RegionalGameView, shape: BetShape, pressed: readonly string[]): HTMLElement {
    const digit = pickerOf(shape) === 'digit';
    return h(
      'div',
      {
        class: digit ? 'lotto-options balls lotto-vn-digits' : 'lotto-vn-grid',
        role: 'group',
        'aria-label': kindName(shape.betType),
        'aria-describedby': 'vn-pick-hint',
      },
      ...pickerNumbers(shape).map((number) =>
        h(
          'button',
          {
            type: 'button',
            class: 'lotto-option ball',
            'data-number': number,
            'aria-pressed': String(pressed.includes(number)),
            onclick: () => {
              setPicks(g.gameCode, togglePick(picksOf(g.gameCode), shape, number));
              renderBoard(g.gameCode);
              boardPanel.querySelector<HTMLButtonElement>(`[data-number="${number}"]`)?.focus();
            },
          },
          digit ? h('span', { class: 'lotto-option-text' }, number) : number,
        ),
      ),
    );
  }

  function typedPicker(g: RegionalGameView, shape: BetShape, pressed: readonly string[]): HTMLElement {
    const digits = shape.digits ?? 3;
    const example = '0123456789'.slice(10 - digits).padStart(digits, '0');
    const error = h('p', { class: 'error small', id: 'vn-number-error', role: 'alert' });
    const input = h('input', {
      id: 'vn-number',
      type: 'text',
      inputMode: 'numeric',
      autocomplete: 'off',
      maxLength: digits,
      pattern: `[0-9]{${digits}}`,
      placeholder: example,
      'aria-describedby': 'vn-pick-hint vn-number-error',
    });
    const add = (event: Event) => {
      event.preventDefault();
      const value = input.value.trim();
      if (!isValidNumber(shape, value)) {
        input.setAttribute('aria-invalid', 'true');
        error.textContent = t('badNumber', { d: digits, example });
        input.focus();
        return;
      }
      if (!pressed.includes(value)) setPicks(g.gameCode, togglePick(picksOf(g.gameCode), shape, value));
      renderBoard(g.gameCode);
      boardPanel.querySelector<HTMLInputElement>('#vn-number')?.focus();
    };
    return h(
      'form',
      { class: 'lotto-vn-typed', onsubmit: add, novalidate: true },
      h(
        'div',
        { class: 'lotto-vn-typed-row' },
        h('label', { for: 'vn-number' }, t('typeNumber', { d: digits })),
        input,
        h('button', { type: 'submit', class: 'secondary' }, t('addNumber')),
      ),
      error,
      pressed.length
        ? h(
            'div',
            { class: 'lotto-vn-chosen' },
            ...pressed.map((number) =>
              h(
                'button',
                {
                  type: 'button',
                  class: 'secondary small',
                  'aria-label': `${t('remove')}: ${number}`,
                  onclick: () => {
                    setPicks(g.gameCode, togglePick(picksOf(g.gameCode), shape, number));
                    renderBoard(g.gameCode);
                  },
                },
                `${number} ×`,
              ),
            ),
          )
        : null,
    );
  }

  // ---- the slip -----------------------------------------------------------------------------------------------------

  function renderSlip(gameCode: string): void {
    const g = game(gameCode);
    if (!g) return;
    const chips = stakeChips(g.limits);
    const stake = Math.min(
      g.limits.maxBetMinor,
      Math.max(g.limits.minBetMinor, stakeMinor ?? chips[2] ?? chips.at(-1) ?? g.limits.minBetMinor),
    );
    const shapes = shapesOf(g);
    const bets = picksToBets(shapes, picksOf(gameCode), stake);
    const totals = regionalTotals(bets, g.odds ?? {});
    const input = h('input', {
      type: 'number',
      id: 'vn-stake',
      inputMode: 'numeric',
      min: g.limits.minBetMinor,
      max: g.limits.maxBetMinor,
      step: 1,
      value: String(stake),
      onchange: () => {
        const value = Math.floor(Number(input.value));
        stakeMinor = Number.isFinite(value) && value > 0 ? value : null;
        renderSlip(gameCode);
        slipPanel.querySelector<HTMLInputElement>('#vn-stake')?.focus();
      },
    });
    const place = h(
      'button',
      { type: 'button', class: 'play', disabled: bets.length === 0 || !g.nextDraw },
      t('place'),
    );
    place.addEventListener('click', () => void placeSlip(g, bets, place));
    slipBar.hidden = bets.length === 0;
    slipBarText.textContent = `${t('betCount')} ${bets.length} · ${t('total')} ${money(totals.stakeMinor)}`;
    clear(
      slipPanel,
      h('h2', {}, t('slip')),
      bets.length
        ? h(
            'ol',
            { class: 'lotto-slip-bets' },
            ...bets.map((bet, index) =>
              h(
                'li',
                {},
                h('span', {}, regionalBetLabel(bet)),
                h('span', { class: 'lotto-odds' }, oddsText(g, bet.betType)),
                h(
                  'button',
                  {
                    type: 'button',
                    class: 'secondary small',
                    'aria-label': `${t('remove')}: ${regionalBetLabel(bet)}`,
                    onclick: () => {
                      setPicks(gameCode, removeBet(shapes, picksOf(gameCode), index));
                      renderBoard(gameCode);
                    },
                  },
                  '×',
                ),
              ),
            ),
          )
        : h('p', { class: 'muted' }, t('emptySlip')),
      h(
        'div',
        { class: 'stake-field' },
        h('label', { for: 'vn-stake' }, t('stakePerBet')),
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
                  stakeMinor = amount;
                  renderSlip(gameCode);
                },
              },
              money(amount),
            ),
          ),
        ),
        h(
          'p',
          { class: 'muted limits' },
          t('limits', { min: money(g.limits.minBetMinor), max: money(g.limits.maxBetMinor) }),
        ),
      ),
      h(
        'dl',
        { class: 'lotto-totals' },
        h('dt', {}, t('betCount')),
        h('dd', {}, String(bets.length)),
        h('dt', {}, t('total')),
        h('dd', {}, money(totals.stakeMinor)),
        h('dt', {}, t('oneHitWin')),
        h('dd', { class: 'good' }, money(totals.oneHitWinMinor)),
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
                  setPicks(gameCode, EMPTY_PICKS);
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

  async function placeSlip(g: RegionalGameView, bets: LotteryBet[], button: HTMLButtonElement): Promise<void> {
    const draw = g.nextDraw;
    if (!draw || bets.length === 0) return;
    slipError.textContent = '';
    slipDone.textContent = '';
    button.disabled = true;
    button.textContent = t('placing');
    try {
      const placed = await ctx.api.call<{ slip: RegionalSlipView; balanceMinor: number }>('POST', 'slips', {
        gameCode: g.gameCode,
        drawNo: draw.drawNo,
        bets,
      });
      ctx.setBalance(placed.balanceMinor);
      picks.set(g.gameCode, EMPTY_PICKS);
      renderBoard(g.gameCode);
      renderSlip(g.gameCode);
      slipDone.textContent = t('placed', { draw: placed.slip.drawNo });
      betsStatus = 'open';
      await loadBets(g.gameCode);
    } catch (caught) {
      button.disabled = false;
      button.textContent = t('place');
      slipError.textContent = caught instanceof ApiError ? caught.message : String(caught);
      if (caught instanceof ApiError && caught.code.startsWith('LOTTERY_DRAW')) await ctx.refresh();
    }
  }

  // ---- the result table -----------------------------------------------------------------------------------------------

  function shownResult(gameCode: string): RegionalDrawView | null {
    const g = game(gameCode);
    const all = [...(g?.lastDraw ? [g.lastDraw] : []), ...results];
    return all.find((draw) => draw.drawNo === shownDraw && draw.result) ?? all.find((draw) => draw.result) ?? null;
  }

  function renderResult(gameCode: string): void {
    const draw = shownResult(gameCode);
    if (!draw?.result) {
      clear(resultPanel, h('h2', {}, t('resultTable')), h('p', { class: 'muted' }, t('noResult')));
      return;
    }
    const family = familyOf(game(gameCode)?.family);
    const { marking } = family;
    const mine = markedNumbers(
      [...marked, ...slips].filter((slip) => slip.drawNo === draw.drawNo),
      marking,
    );
    const sample = marking === 'tail' ? '00' : '0000';
    clear(
      resultPanel,
      h(
        'div',
        { class: 'lotto-panel-head' },
        h('h2', {}, `${t('resultTable')} · ${t('draw')} ${draw.drawNo}`),
        h('span', { class: 'muted small' }, drawLocalTime(draw.drawsAt, game(gameCode)?.region ?? null, language).date),
      ),
      resultTable(draw.result, mine, family),
      mine.size
        ? h(
            'p',
            { class: 'muted small' },
            h('mark', {}, sample),
            ` ${t(marking === 'tail' ? 'yourTails' : 'yourNumbers')}`,
          )
        : null,
      // The lô table is the Vietnamese players' reading of a result; a 4D result is read whole.
      marking === 'tail' ? loTableView(draw.result, mine) : null,
    );
  }

  function resultTable(
    result: RegionalResult,
    mine: ReadonlySet<string>,
    { tiers, marking, headline }: RegionalFamily,
  ): HTMLElement {
    // The translated name only where it adds to the players' own ("1st Prize" needs no "1st" beside it in English).
    const label = (row: { name: string; label: LotteryTextKey | null }) =>
      row.label && !row.name.includes(t(row.label)) ? h('small', { class: 'muted' }, t(row.label)) : null;
    return h(
      'table',
      { class: `lotto-vn-table lotto-${marking}` },
      h('caption', { class: 'lotto-hidden' }, t('resultTable')),
      h(
        'tbody',
        {},
        ...resultRows(result, mine, tiers, marking).map((row) =>
          h(
            'tr',
            // The top prize (the Vietnamese special, the 4D first) stands out, as on the tickets.
            { class: row.tier === headline ? 'special' : '' },
            h('th', { scope: 'row' }, h('span', {}, row.name), label(row)),
            h(
              'td',
              {},
              h(
                'span',
                { class: 'lotto-vn-numbers' },
                ...row.numbers.map((number) =>
                  h(
                    'span',
                    { class: 'lotto-vn-number' },
                    number.head,
                    number.mine ? h('mark', {}, number.tail) : number.tail ? h('b', {}, number.tail) : null,
                  ),
                ),
              ),
            ),
          ),
        ),
      ),
    );
  }

  function loTableView(result: RegionalResult, mine: ReadonlySet<string>): HTMLElement {
    return h(
      'table',
      { class: 'lotto-vn-lo' },
      h('caption', {}, t('loTable')),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('head')), h('th', { scope: 'col' }, t('tails')))),
      h(
        'tbody',
        {},
        ...loTable(result).map((row) =>
          h(
            'tr',
            {},
            h('th', { scope: 'row' }, row.head),
            h(
              'td',
              {},
              ...row.tails.flatMap((tail, index) => [
                index ? ', ' : '',
                mine.has(`${row.head}${tail}`) ? h('mark', {}, tail) : tail,
              ]),
            ),
          ),
        ),
      ),
    );
  }

  // ---- the player's bets and the results ----------------------------------------------------------------------------

  async function loadBets(gameCode: string, more = false): Promise<void> {
    const before = more ? (slips.at(-1)?.slipId ?? null) : null;
    const page = await ctx.api.call<RegionalSlipView[]>('GET', slipsPath(gameCode, betsStatus, before));
    if (!ctx.isShown(gameCode)) return;
    slips = more ? [...slips, ...page] : page;
    ctx.setAwaiting(slips.filter((slip) => slip.status === 'open').map((slip) => Date.parse(slip.drawsAt)));
    const tabButton = (status: 'open' | 'settled') =>
      h(
        'button',
        {
          type: 'button',
          class: 'secondary small',
          'aria-pressed': String(betsStatus === status),
          onclick: () => {
            betsStatus = status;
            void loadBets(gameCode);
          },
        },
        t(status),
      );
    const now = Date.now();
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
                  ? t(won ? 'won' : 'lost')
                  : slip.status === 'void'
                    ? t('void')
                    : slip.status === 'settling'
                      ? t('settling')
                      : Date.parse(slip.drawsAt) <= now
                        ? t('awaitingResult')
                        : t('open');
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
                  ...slip.bets.map((bet) => h('li', {}, `${regionalBetLabel(bet)} · ${money(bet.stakeMinor)}`)),
                ),
                h(
                  'div',
                  { class: 'lotto-list-foot' },
                  h('span', { class: 'muted' }, `${t('stake')} ${money(slip.stakeMinor)}`),
                  slip.payoutMinor !== null
                    ? h('span', { class: won ? 'good' : 'muted' }, `${t('payout')} ${money(slip.payoutMinor)}`)
                    : null,
                  slip.result ? showButton(gameCode, slip.drawNo) : null,
                ),
              );
            }),
          )
        : h('p', { class: 'muted' }, t('noBets')),
      page.length >= SLIPS_PAGE
        ? h('button', { type: 'button', class: 'secondary', onclick: () => void loadBets(gameCode, true) }, t('more'))
        : null,
    );
    renderResult(gameCode);
  }

  /** A button that shows a draw's result table. */
  function showButton(gameCode: string, drawNo: string): HTMLButtonElement {
    return h(
      'button',
      {
        type: 'button',
        class: 'secondary small',
        onclick: () => {
          shownDraw = drawNo;
          renderResult(gameCode);
          resultPanel.scrollIntoView({ block: 'nearest' });
        },
      },
      t('resultTable'),
    );
  }

  async function loadResults(gameCode: string, more = false): Promise<void> {
    const before = more ? results.at(-1)?.drawsAt : undefined;
    const [page, settled] = await Promise.all([
      ctx.api.call<RegionalDrawView[]>(
        'GET',
        `results?gameCode=${gameCode}${before ? `&before=${encodeURIComponent(before)}` : ''}`,
      ),
      more ? Promise.resolve(marked) : ctx.api.call<RegionalSlipView[]>('GET', slipsPath(gameCode, 'settled', null)),
    ]);
    if (!ctx.isShown(gameCode)) return;
    results = more ? [...results, ...page] : page;
    marked = settled;
    const { headline } = familyOf(game(gameCode)?.family);
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
                    drawLocalTime(draw.drawsAt, game(gameCode)?.region ?? null, language).date,
                  ),
                ),
                h(
                  'div',
                  { class: 'lotto-list-foot' },
                  h('span', { class: 'lotto-vn-special' }, draw.result?.prizes[headline]?.[0] ?? '—'),
                  showButton(gameCode, draw.drawNo),
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
    renderResult(gameCode);
  }

  return {
    /** Draws a game's board into `content`. */
    async show(content: HTMLElement, gameCode: string): Promise<void> {
      shownDraw = null;
      slips = [];
      marked = [];
      results = [];
      clear(
        content,
        h('div', { class: 'lotto-main' }, headPanel, boardPanel, resultPanel),
        h('div', { class: 'side' }, slipPanel, betsPanel, resultsPanel),
        slipBar,
      );
      renderHead(gameCode);
      renderBoard(gameCode);
      renderSlip(gameCode);
      renderResult(gameCode);
      await Promise.all([loadBets(gameCode), loadResults(gameCode)]);
    },
    /** After the games were read again: the draw, and the slip's draw when it moved; bets and results once drawn. */
    async update(gameCode: string, was: RegionalGameView | undefined, keepFocus: (render: () => void) => void) {
      const now = game(gameCode);
      renderHead(gameCode);
      if (was?.nextDraw?.drawNo !== now?.nextDraw?.drawNo || was?.enabled !== now?.enabled) {
        slipDone.textContent = '';
        keepFocus(() => {
          renderBoard(gameCode);
          renderSlip(gameCode);
        });
      }
      if (was?.lastDraw?.drawNo !== now?.lastDraw?.drawNo || was?.lastDraw?.status !== now?.lastDraw?.status)
        await Promise.all([loadResults(gameCode), loadBets(gameCode)]);
    },
    loadBets,
  };
}
export type RegionalBoard = ReturnType<typeof createRegionalBoard>;
