import { clear, h } from '../dom';
import { linkedField } from '../fields';
import {
  clampLimboTarget,
  countUpMs,
  countUpX100,
  formatChance,
  limboChancePercent,
  limboTargetForChance,
  limboTargetForProfit,
  parseDecimal,
  profitOnWinMinor,
} from '../odds';
import { autobetPanel } from '../autobet-panel';
import { api, language, t } from '../page';
import { stakeField, type GameClient, type Play, type RoundView } from '../shell';
import { playSound } from '../sound';

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * Parlay Limbo: a result at or above the player's target multiplier wins it. The target and the win chance
 * are linked (edit either; src/odds.ts), and the result counts up from 1.00× to where it landed.
 */
export const limbo: GameClient = {
  mount(shell) {
    const limits = shell.state.limits;
    let targetX100 = 200;
    const number = new Intl.NumberFormat(language);

    const display = h('div', { class: 'big' }, '1.00×');
    const aim = h('div', { class: 'muted' });
    const stake = stakeField(limits);
    const stakeMinor = () => Math.max(0, Math.floor(Number(stake.input.value) || 0));

    const edit = (read: (value: number) => number) => (text: string) => {
      const value = parseDecimal(text);
      if (value === null) return;
      targetX100 = clampLimboTarget(read(value));
      render();
    };
    const settle = () => render(true);
    const target = linkedField(
      'targetMultiplier',
      '×',
      edit((value) => Math.round(value * 100)),
      settle,
    );
    const chance = linkedField(
      'winChance',
      '%',
      edit((value) => limboTargetForChance(value)),
      settle,
    );
    const profit = linkedField(
      'profitOnWin',
      '',
      edit((value) => limboTargetForProfit(stakeMinor(), Math.round(value))),
      settle,
    );
    stake.input.addEventListener('input', () => render());

    function render(force = false): void {
      target.show((targetX100 / 100).toFixed(2), force);
      chance.show(formatChance(limboChancePercent(targetX100), 'limbo'), force);
      profit.show(number.format(profitOnWinMinor(stakeMinor(), targetX100, 100, limits.maxWinMinor)), force);
      aim.textContent = `${t('target')} ${number.format(targetX100 / 100)}×`;
    }
    // Q and W: the target down or up by a tenth of itself, at least 0.01×.
    const nudge = (sign: 1 | -1) => {
      targetX100 = clampLimboTarget(targetX100 + sign * Math.max(1, Math.round(targetX100 / 10)));
      render(true);
    };

    let frame = 0;
    const showRound = (round: RoundView, animate = false) => {
      const resultX100 = Math.round(Number((round.outcome ?? {}).multiplier) * 100);
      const won = (round.winMinor ?? 0) > 0;
      cancelAnimationFrame(frame);
      const write = (x100: number) => {
        display.textContent = `${(x100 / 100).toFixed(2)}×`;
      };
      const land = () => {
        write(resultX100);
        display.className = `big ${won ? 'good' : 'bad'}`;
        if (animate) playSound(won ? 'win' : 'lose');
      };
      if (!animate || reducedMotion()) return land();
      display.className = 'big counting';
      const duration = countUpMs(resultX100);
      const start = performance.now();
      const step = (now: number) => {
        const share = (now - start) / duration;
        if (share >= 1) return land();
        write(countUpX100(resultX100, share));
        frame = requestAnimationFrame(step);
      };
      frame = requestAnimationFrame(step);
    };

    // One round at this stake; the manual bet and each autobet round play it.
    const play = async (amountMinor: number) => {
      playSound('bet');
      const answer = await api.call<Play>('POST', 'limbo/bet', { amountMinor, target: targetX100 / 100 });
      showRound(answer.round, true);
      shell.setBalance(answer.balanceMinor);
      await shell.refresh();
      return answer.round;
    };
    const bet = h(
      'button',
      {
        class: 'play',
        onclick: () =>
          void shell.run(async () => {
            bet.disabled = true;
            try {
              await play(stakeMinor());
            } finally {
              bet.disabled = false;
            }
          }),
      },
      t('bet'),
    );
    // The pause lets the count-up (at most 0.8 s) land before the next round.
    const auto = autobetPanel(shell, { stake, manual: bet, play, pauseMs: reducedMotion() ? 500 : 900 });

    clear(
      shell.board,
      h('div', { class: 'stage limbo' }, display, aim),
      h('div', { class: 'fields linked two' }, target.field, chance.field),
      auto.modes,
      h('div', { class: 'fields bet-fields' }, stake.field, profit.field),
      bet,
      auto.panel,
      shell.error,
    );
    render(true);
    return { showRound, hotkeys: { targetDown: () => nudge(-1), targetUp: () => nudge(1) } };
  },
};
