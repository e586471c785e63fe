import { clear, h } from '../dom';
import { linkedField } from '../fields';
import {
  clampDiceOutcomes,
  diceChancePercent,
  diceMultiplierX10000,
  diceOutcomesForChance,
  diceOutcomesForMultiplier,
  diceOutcomesForProfit,
  diceOutcomesForTarget,
  diceTargetForOutcomes,
  formatChance,
  parseDecimal,
  profitOnWinMinor,
  type DiceDirection,
} from '../odds';
import { autobetPanel } from '../autobet-panel';
import { api, language, t } from '../page';
import { stakeField, type GameClient, type Play, type RoundView } from '../shell';
import { playSound } from '../sound';

/** How long the result marker takes to slide to the roll (styles.css has the same). */
const MARKER_MS = 350;

/**
 * Parlay Dice: a roll over or under a target. The slider sets the target; the multiplier, the win chance
 * and the profit on win follow it, and editing any of them moves the others (src/odds.ts).
 */
export const dice: GameClient = {
  mount(shell) {
    const limits = shell.state.limits;
    let direction: DiceDirection = 'over';
    let outcomes = diceOutcomesForTarget(5_050, direction);
    const number = new Intl.NumberFormat(language);

    const display = h('div', { class: 'big' }, '—');
    const stake = stakeField(limits);
    const stakeMinor = () => Math.max(0, Math.floor(Number(stake.input.value) || 0));
    const multiplierX10000 = () => diceMultiplierX10000(outcomes);
    const profitMinor = () => profitOnWinMinor(stakeMinor(), multiplierX10000(), 10_000, limits.maxWinMinor);

    // The linked fields: an edit sets the winning rolls, and the others follow while the player types.
    const edit = (read: (value: number) => number) => (text: string) => {
      const value = parseDecimal(text);
      if (value === null) return;
      outcomes = clampDiceOutcomes(read(value));
      render();
    };
    const settle = () => render(true);
    const multiplier = linkedField(
      'multiplier',
      '×',
      edit((value) => diceOutcomesForMultiplier(value)),
      settle,
    );
    const target = linkedField(
      'target',
      '',
      edit((value) => diceOutcomesForTarget(Math.round(value * 100), direction)),
      settle,
    );
    const chance = linkedField(
      'winChance',
      '%',
      edit((value) => diceOutcomesForChance(value)),
      settle,
    );
    const profit = linkedField(
      'profitOnWin',
      '',
      edit((value) => diceOutcomesForProfit(stakeMinor(), Math.round(value), limits.maxWinMinor)),
      settle,
    );
    stake.input.addEventListener('input', () => render());

    // The slider: the track coloured by what wins, its handle on the target, the roll's marker.
    const handle = h('div', {
      class: 'dice-handle',
      role: 'slider',
      tabIndex: 0,
      'aria-label': t('roll'),
      'aria-orientation': 'horizontal',
    });
    const markerValue = h('span', {}, '');
    const marker = h('div', { class: 'dice-marker', hidden: true, 'aria-hidden': 'true' }, markerValue);
    const track = h('div', { class: 'dice-track' }, h('div', { class: 'dice-range' }), handle, marker);
    const scale = h(
      'div',
      { class: 'dice-scale', 'aria-hidden': 'true' },
      ...[0, 25, 50, 75, 100].map((n) => h('span', {}, n)),
    );
    const overButton = h(
      'button',
      { type: 'button', class: 'secondary', onclick: () => setDirection('over') },
      t('rollOver'),
    );
    const underButton = h(
      'button',
      { type: 'button', class: 'secondary', onclick: () => setDirection('under') },
      t('rollUnder'),
    );

    const targetHundredths = () => diceTargetForOutcomes(outcomes, direction);
    const moveTarget = (hundredths: number) => {
      outcomes = diceOutcomesForTarget(hundredths, direction);
      render(true);
    };
    // Over and under swap the sides of the slider and keep the chance: the target mirrors (50.50 ↔ 49.50).
    function setDirection(next: DiceDirection): void {
      if (next === direction) return;
      direction = next;
      render(true);
    }

    function render(force = false): void {
      const targetValue = targetHundredths();
      track.style.setProperty('--cut', `${targetValue / 100}%`);
      track.classList.toggle('under', direction === 'under');
      handle.style.left = `${targetValue / 100}%`;
      const [low, high] = direction === 'over' ? [200, 9_900] : [100, 9_800];
      handle.setAttribute('aria-valuemin', String(low / 100));
      handle.setAttribute('aria-valuemax', String(high / 100));
      handle.setAttribute('aria-valuenow', (targetValue / 100).toFixed(2));
      handle.setAttribute(
        'aria-valuetext',
        `${direction === 'over' ? t('rollOver') : t('rollUnder')} ${(targetValue / 100).toFixed(2)}`,
      );
      overButton.setAttribute('aria-pressed', String(direction === 'over'));
      underButton.setAttribute('aria-pressed', String(direction === 'under'));
      target.label.textContent = direction === 'over' ? t('rollOver') : t('rollUnder');
      multiplier.show((multiplierX10000() / 10_000).toFixed(4), force);
      target.show((targetValue / 100).toFixed(2), force);
      chance.show(formatChance(diceChancePercent(outcomes), 'dice'), force);
      profit.show(number.format(profitMinor()), force);
    }

    // Dragging on the track, or a tap on it, moves the target there.
    const fromPointer = (event: PointerEvent) => {
      const box = track.getBoundingClientRect();
      const share = Math.min(1, Math.max(0, (event.clientX - box.left) / box.width));
      moveTarget(Math.round(share * 100) * 100);
    };
    track.addEventListener('pointerdown', (event) => {
      track.setPointerCapture(event.pointerId);
      handle.focus();
      fromPointer(event);
      playSound('tick');
    });
    track.addEventListener('pointermove', (event) => {
      if (track.hasPointerCapture(event.pointerId)) fromPointer(event);
    });
    // The keyboard: arrows by 1 (with Shift by 0.01), Page keys by 10, Home and End to the ends.
    handle.addEventListener('keydown', (event) => {
      const step = event.shiftKey ? 1 : 100;
      const moves: Record<string, number> = {
        ArrowLeft: -step,
        ArrowDown: -step,
        ArrowRight: step,
        ArrowUp: step,
        PageDown: -1_000,
        PageUp: 1_000,
        Home: -10_000,
        End: 10_000,
      };
      const move = moves[event.key];
      if (move === undefined) return;
      event.preventDefault();
      moveTarget(targetHundredths() + move);
    });

    let markerTimer: ReturnType<typeof setTimeout> | undefined;
    const showRound = (round: RoundView, animate = false) => {
      const roll = Number((round.outcome ?? {}).roll);
      const won = (round.winMinor ?? 0) > 0;
      marker.hidden = false;
      marker.classList.remove('good', 'bad');
      marker.style.left = `${roll}%`;
      markerValue.textContent = roll.toFixed(2);
      clearTimeout(markerTimer);
      const land = () => {
        marker.classList.add(won ? 'good' : 'bad');
        display.className = `big ${won ? 'good' : 'bad'}`;
        display.textContent = roll.toFixed(2);
        if (animate) playSound(won ? 'win' : 'lose');
      };
      if (animate) markerTimer = setTimeout(land, MARKER_MS);
      else land();
    };

    // One roll at this stake, shown as it lands; the manual bet and each autobet round play it.
    const play = async (amountMinor: number) => {
      playSound('bet');
      const answer = await api.call<Play>('POST', 'dice/bet', {
        amountMinor,
        target: targetHundredths() / 100,
        direction,
      });
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
    const auto = autobetPanel(shell, { stake, manual: bet, play });

    clear(
      shell.board,
      h('div', { class: 'stage dice' }, display, h('div', { class: 'dice-slider' }, track, scale)),
      h(
        'div',
        { class: 'segmented', role: 'group', 'aria-label': `${t('over')}/${t('under')}` },
        overButton,
        underButton,
      ),
      h('div', { class: 'fields linked' }, multiplier.field, target.field, chance.field),
      auto.modes,
      h('div', { class: 'fields bet-fields' }, stake.field, profit.field),
      bet,
      auto.panel,
      shell.error,
    );
    render(true);
    return {
      showRound,
      hotkeys: {
        targetDown: () => moveTarget(targetHundredths() - 100),
        targetUp: () => moveTarget(targetHundredths() + 100),
        direction: () => setDirection(direction === 'over' ? 'under' : 'over'),
      },
    };
  },
};
