import { PLINKO_MAX_ROWS, PLINKO_MIN_ROWS, PLINKO_RISKS, PLINKO_TABLES_X10, type PlinkoRisk } from '@parlay/fairness';
import { clear, h } from '../dom';
import type { TextKey } from '../i18n';
import { api, language, t } from '../page';
import { autobetPanel } from '../autobet-panel';
import { stakeField, type GameClient, type Play, type RoundView } from '../shell';
import { playSound } from '../sound';
import {
  BOARD_WIDTH,
  ballStops,
  betweenStops,
  boardLayout,
  bucketColour,
  bucketLabel,
  bucketX,
  pegPositions,
  type BoardLayout,
} from './plinko-board';

const SVG = 'http://www.w3.org/2000/svg';
/** How long the ball takes from one row to the next. */
const ROW_MS = 110;
/** The recent results shown over the board. */
const RECENT_SIZE = 6;
const RISK_TEXT: Record<PlinkoRisk, TextKey> = { low: 'plinkoLow', medium: 'plinkoMedium', high: 'plinkoHigh' };

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | number>,
  ...children: (Node | string)[]
): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  element.append(...children);
  return element;
}

/** The multiplier as the player reads it: 0.2×, 1.5×, 1,000×. */
function formatMultiplier(multiplier: number): string {
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(multiplier)}×`;
}

/**
 * Parlay Plinko: a ball falls through 8 to 16 rows of pegs, left or right at each (one float a row of the round's
 * seeds), into a bucket whose multiplier, by the rows and the risk, pays the stake. The board shows the buckets
 * coloured by what they pay and drops the ball along its path; several balls may fall at once.
 */
export const plinko: GameClient = {
  mount(shell) {
    const limits = shell.state.limits;
    let rows = 16;
    let risk: PlinkoRisk = 'medium';
    let layout: BoardLayout = boardLayout(rows);
    const stake = stakeField(limits);
    const stakeMinor = () => Math.max(0, Math.floor(Number(stake.input.value) || 0));

    const board = svg('svg', { class: 'plinko-board', role: 'img' });
    const pegs = svg('g', { class: 'plinko-pegs' });
    const buckets = svg('g', { class: 'plinko-buckets' });
    const balls = svg('g', { class: 'plinko-balls' });
    board.append(pegs, buckets, balls);
    const result = h('div', { class: 'plinko-result', role: 'status' });
    const recent = h('ol', { class: 'plinko-recent', 'aria-label': t('plinkoRecent') });

    const table = () => PLINKO_TABLES_X10[rows]![risk].map((tenths) => tenths / 10);

    /** Draws the pegs and buckets of the chosen rows and risk; a ball still falling is dropped. */
    function drawBoard(): void {
      layout = boardLayout(rows);
      board.setAttribute('viewBox', `0 0 ${BOARD_WIDTH} ${layout.height.toFixed(1)}`);
      board.setAttribute('aria-label', `${t('plinkoBoard')}: ${rows} ${t('plinkoRows')}, ${t(RISK_TEXT[risk])}`);
      const pegRadius = layout.spacing * 0.1;
      pegs.replaceChildren(
        ...pegPositions(layout).map(({ x, y }) =>
          svg('circle', { cx: x.toFixed(1), cy: y.toFixed(1), r: pegRadius.toFixed(1) }),
        ),
      );
      const width = layout.spacing * 0.92;
      buckets.replaceChildren(
        ...table().map((multiplier, bucket) => {
          const x = bucketX(layout, bucket);
          return svg(
            'g',
            { class: 'plinko-bucket', 'data-bucket': bucket },
            svg('rect', {
              x: (x - width / 2).toFixed(1),
              y: layout.bucketTop.toFixed(1),
              width: width.toFixed(1),
              height: layout.bucketHeight.toFixed(1),
              rx: (layout.spacing * 0.12).toFixed(1),
              fill: bucketColour(rows, bucket),
            }),
            svg(
              'text',
              {
                x: x.toFixed(1),
                y: (layout.bucketTop + layout.bucketHeight / 2).toFixed(1),
                'font-size': Math.min(13, layout.spacing * 0.45).toFixed(1),
                // Attributes, not the stylesheet: the label's place is geometry.
                'text-anchor': 'middle',
                'dominant-baseline': 'central',
              },
              bucketLabel(multiplier),
            ),
          );
        }),
      );
      balls.replaceChildren();
    }

    /** The bucket lights up as a ball lands in it. */
    function light(bucket: number): void {
      const element = buckets.querySelector(`[data-bucket="${bucket}"]`);
      if (!element) return;
      element.classList.remove('hit');
      // Read the layout so that the animation starts again for a second ball in the same bucket.
      void (element as SVGGElement).getBBox?.();
      element.classList.add('hit');
    }

    /** Drops a ball along the path, resolving once it has landed (at once with reduced motion). */
    function drop(path: readonly number[]): Promise<void> {
      const radius = layout.spacing * 0.24;
      const stops = ballStops(layout, path, radius);
      const last = stops[stops.length - 1]!;
      const ball = svg('circle', { class: 'plinko-ball', r: radius.toFixed(1), cx: last.x, cy: last.y });
      balls.append(ball);
      const landed = () => {
        light(path.reduce((sum, step) => sum + step, 0));
        // The ball rests in its bucket a moment, then leaves the board to the next ones.
        setTimeout(() => ball.remove(), reducedMotion() ? 600 : 250);
      };
      if (reducedMotion()) {
        landed();
        return Promise.resolve();
      }
      return new Promise((resolve) => {
        const start = performance.now();
        const step = (now: number) => {
          if (!ball.isConnected) return resolve();
          const elapsed = (now - start) / ROW_MS;
          const segment = Math.floor(elapsed);
          if (segment >= stops.length - 1) {
            ball.setAttribute('cx', last.x.toFixed(1));
            ball.setAttribute('cy', last.y.toFixed(1));
            landed();
            return resolve();
          }
          const at = betweenStops(stops[segment]!, stops[segment + 1]!, elapsed - segment);
          ball.setAttribute('cx', at.x.toFixed(1));
          ball.setAttribute('cy', at.y.toFixed(1));
          if (segment > 0 && Math.floor((now - start - 16) / ROW_MS) < segment) playSound('tick');
          requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      });
    }

    /** The last results, newest first: the history's, then each ball as it lands. */
    function renderRecent(rounds: RoundView[]): void {
      const chips = rounds
        .filter((round) => round.outcome && typeof round.outcome.multiplier === 'number')
        .slice(0, RECENT_SIZE)
        .map((round) => {
          const multiplier = Number(round.outcome!.multiplier);
          return h('li', { class: multiplier >= 1 ? 'good' : 'bad' }, formatMultiplier(multiplier));
        });
      clear(recent, ...chips);
    }

    const showResult = (round: RoundView) => {
      const multiplier = Number(round.outcome?.multiplier);
      result.className = `plinko-result ${multiplier >= 1 ? 'good' : 'bad'}`;
      result.textContent = formatMultiplier(multiplier);
    };

    /** Shows a round again: the board of its rows and risk, and its ball falling. */
    const showRound = (round: RoundView, animate = false): Promise<void> => {
      const path = (round.outcome?.path ?? []) as number[];
      const roundRows = Number(round.params.rows);
      const roundRisk = round.params.risk as PlinkoRisk;
      if (roundRows !== rows || roundRisk !== risk) {
        rows = roundRows;
        risk = roundRisk;
        renderPickers();
        drawBoard();
      }
      return drop(path).then(() => {
        showResult(round);
        if (animate) playSound(Number(round.outcome?.multiplier) >= 1 ? 'win' : 'lose');
      });
    };

    // The pickers: rows 8 to 16, and the risk. A change redraws the board.
    const rowsSelect = h(
      'select',
      {
        id: 'plinko-rows',
        onchange: () => {
          rows = Number(rowsSelect.value);
          drawBoard();
        },
      },
      ...Array.from({ length: PLINKO_MAX_ROWS - PLINKO_MIN_ROWS + 1 }, (_, index) => {
        const count = PLINKO_MIN_ROWS + index;
        return h('option', { value: String(count) }, count);
      }),
    );
    const riskButtons = PLINKO_RISKS.map((level) =>
      h(
        'button',
        {
          type: 'button',
          class: 'secondary',
          onclick: () => {
            risk = level;
            renderPickers();
            drawBoard();
          },
        },
        t(RISK_TEXT[level]),
      ),
    );
    function renderPickers(): void {
      rowsSelect.value = String(rows);
      PLINKO_RISKS.forEach((level, index) => riskButtons[index]!.setAttribute('aria-pressed', String(level === risk)));
    }

    // One drop at this stake: the balance and the history follow the ball, changing as it lands, not before.
    const place = (amountMinor: number) => {
      playSound('bet');
      return api.call<Play>('POST', 'plinko/bet', { amountMinor, rows, risk });
    };
    const land = async (answer: Play) => {
      await showRound(answer.round, true);
      shell.setBalance(answer.balanceMinor);
      await shell.refresh();
      renderRecent(shell.state.history);
      return answer.round;
    };
    // Each autobet round waits for its ball; a manual bet frees the button once placed, so several balls may fall.
    const play = async (amountMinor: number) => land(await place(amountMinor));
    const bet = h(
      'button',
      {
        class: 'play',
        onclick: () =>
          void shell.run(async () => {
            bet.disabled = true;
            let answer: Play;
            try {
              answer = await place(stakeMinor());
            } finally {
              bet.disabled = false;
            }
            await land(answer);
          }),
      },
      t('bet'),
    );
    const auto = autobetPanel(shell, { stake, manual: bet, play });

    // From 900 px the controls stand beside the board, so that the whole game fits a 1280 × 800 screen.
    shell.board.classList.add('plinko-layout');
    clear(
      shell.board,
      h('div', { class: 'stage plinko' }, h('div', { class: 'plinko-top' }, result, recent), board),
      h(
        'div',
        { class: 'plinko-controls' },
        h(
          'div',
          { class: 'fields plinko-choices' },
          // The label names the select by its id: wrapped around it, the label's name would read the option too.
          h('div', { class: 'field' }, h('label', { for: 'plinko-rows' }, t('plinkoRows')), rowsSelect),
          h(
            'div',
            { class: 'field' },
            h('span', { class: 'field-name', id: 'plinko-risk' }, t('plinkoRisk')),
            h('div', { class: 'segmented three', role: 'group', 'aria-labelledby': 'plinko-risk' }, ...riskButtons),
          ),
        ),
        auto.modes,
        h('div', { class: 'fields bet-fields' }, stake.field),
        bet,
        auto.panel,
        shell.error,
      ),
    );
    renderPickers();
    drawBoard();
    renderRecent(shell.state.history);
    return { showRound: (round) => void showRound(round) };
  },
};
