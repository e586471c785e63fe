import { clear, h } from '../dom';
import { autobetPanel } from '../autobet-panel';
import { api, money, t } from '../page';
import { stakeField, type GameClient, type Play, type RoundView } from '../shell';

type SlotOutcome = {
  spins: {
    window: string[][];
    lineWins: { line: number; symbol: string; count: number; units: number }[];
    isFreeSpin: boolean;
  }[];
  freeSpinsAwarded: number;
};

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

/** Lucky Parlay, the 5×3 video slot: the first spin's reels, its line wins and the free spins it gave. */
export const slot: GameClient = {
  mount(shell) {
    const display = h('div', { class: 'big' }, '—');
    const detail = h('div', { class: 'detail' });
    const reels = h('div', { class: 'grid reels', 'aria-label': 'reels' });
    const showSpin = (outcome: SlotOutcome) => {
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
    };
    const showRound = (round: RoundView) => {
      display.className = `big ${(round.winMinor ?? 0) > 0 ? 'good' : 'bad'}`;
      display.textContent = money(round.winMinor, shell.state.currency);
      showSpin((round.outcome ?? {}) as unknown as SlotOutcome);
    };
    // The stake is a multiple of the 20 lines, so every line pays in whole minor units.
    const stake = stakeField(shell.state.limits, { preferredMinor: 200, step: 20 });
    // One spin at this stake; the spin button and each autobet round play it.
    const play = async (amountMinor: number) => {
      const answer = await api.call<Play>('POST', 'slot/spin', { amountMinor });
      showRound(answer.round);
      shell.setBalance(answer.balanceMinor);
      await shell.refresh();
      return answer.round;
    };
    const spin = h(
      'button',
      { class: 'play', onclick: () => void shell.run(async () => void (await play(Number(stake.input.value)))) },
      t('spin'),
    );
    const auto = autobetPanel(shell, { stake, manual: spin, play });
    clear(
      shell.board,
      h('div', { class: 'stage' }, reels, display, detail),
      auto.modes,
      h('div', { class: 'fields' }, stake.field),
      spin,
      auto.panel,
      shell.error,
    );
    clear(reels, ...Array.from({ length: 15 }, () => h('div', {}, '❔')));
    return { showRound };
  },
};
