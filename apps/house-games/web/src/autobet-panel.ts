import {
  runAutobet,
  type AutobetEnd,
  type AutobetRun,
  type RoundResult,
  type StakeChange,
  type StopReason,
} from './autobet';
import { h } from './dom';
import type { TextKey } from './i18n';
import { money, params, t } from './page';
import type { GameShell, StakeControl } from './shell';

export interface AutobetOptions {
  stake: StakeControl;
  /** The manual play's controls, hidden while Auto is chosen. */
  manual: HTMLElement;
  /** Plays one round at this stake: shows it, moves the balance, answers it; a refusal throws. */
  play(stakeMinor: number): Promise<RoundResult>;
  /** The pause after each round, long enough to see it land (limbo's count-up takes longer than dice). */
  pauseMs?: number;
  /** A reason the run cannot start yet (mines: no tile picked), or null. */
  cannotStart?(): string | null;
  /** Told when the player switches between Manual and Auto (mines lets them pick tiles in Auto). */
  onModeChange?(auto: boolean): void;
  /** Told when a run starts and ends (mines' tiles are picked only between runs). */
  onRunChange?(running: boolean): void;
}

export interface AutobetPanel {
  /** Manual and Auto, beside the bet controls. */
  modes: HTMLElement;
  /** Auto's settings, its count and net, and its start and stop button (hidden in Manual). */
  panel: HTMLElement;
  /** Whether a run is going on. */
  running(): boolean;
}

const PAUSE_MS = 500;

const REASON_TEXT: Record<StopReason, TextKey> = {
  count: 'autobetCount',
  profit: 'autobetProfit',
  loss: 'autobetLoss',
  stopped: 'autobetStopped',
  refused: 'autobetRefused',
};

/** A whole, non-negative number from a field; empty or nonsense is 0. */
const wholeOf = (input: HTMLInputElement) => Math.max(0, Math.floor(Number(input.value) || 0));

/** A field of the autobet's settings: its label over a number input, with a hint inside it after the number. */
function numberInput(id: string, label: TextKey, attrs: Record<string, unknown> = {}, hint?: string) {
  const input = h('input', { id, type: 'number', inputMode: 'numeric', min: 0, step: 1, value: '0', ...attrs });
  const name = h('label', { for: id }, t(label));
  if (!hint) return { input, field: h('div', { class: 'field' }, name, input) };
  input.setAttribute('aria-describedby', `${id}-hint`);
  const unit = h('span', { class: 'unit hint', id: `${id}-hint` }, hint);
  return { input, field: h('div', { class: 'field' }, name, h('span', { class: 'unit-input' }, input, unit)) };
}

/** On win or on loss: reset to the base stake, or increase by a percentage. */
function changeControl(id: string, label: TextKey) {
  let mode: StakeChange['mode'] = 'reset';
  const percent = h('input', {
    id,
    type: 'number',
    inputMode: 'decimal',
    min: 0,
    step: 'any',
    value: '100',
    'aria-label': `${t(label)}: ${t('increaseBy')} (%)`,
  });
  const reset = h('button', { type: 'button', class: 'secondary', onclick: () => choose('reset') }, t('reset'));
  const increase = h(
    'button',
    { type: 'button', class: 'secondary', onclick: () => choose('increase') },
    t('increaseBy'),
  );
  const group = h('div', { class: 'segmented', role: 'group', 'aria-label': t(label) }, reset, increase);
  function choose(next: StakeChange['mode']): void {
    mode = next;
    reset.setAttribute('aria-pressed', String(mode === 'reset'));
    increase.setAttribute('aria-pressed', String(mode === 'increase'));
    percent.disabled = mode === 'reset';
  }
  choose('reset');
  return {
    field: h(
      'div',
      { class: 'field change' },
      h('span', { class: 'field-name', 'aria-hidden': 'true' }, t(label)),
      h(
        'div',
        { class: 'change-row' },
        group,
        h('span', { class: 'unit-input' }, percent, h('span', { class: 'unit', 'aria-hidden': 'true' }, '%')),
      ),
    ),
    read: (): StakeChange => ({ mode, percent: mode === 'increase' ? Math.max(0, Number(percent.value) || 0) : 0 }),
    controls: [reset, increase, percent] as (HTMLButtonElement | HTMLInputElement)[],
    enable: () => choose(mode),
  };
}

/**
 * The autobet of a game: a Manual/Auto choice beside the bet controls and, in Auto, the number of bets
 * (0 until stopped), stop on profit and on loss over the run, the stake's change on a win and on a loss,
 * and one button that starts and stops. The rules and the loop are autobet.ts's; this draws them, plays
 * them with the game's own round, and stops a run when the page is hidden or left.
 */
export function autobetPanel(shell: GameShell, options: AutobetOptions): AutobetPanel {
  const currency = params.get('currency') ?? '';
  let active = false;
  let stopping = false;
  let wake: (() => void) | null = null;

  // "0 = until stopped" sits in the field, after the number, and is read with it.
  const bets = numberInput('autobet-bets', 'numberOfBets', { value: '10' }, t('betsHint'));
  const profit = numberInput('autobet-profit', 'stopOnProfit');
  const loss = numberInput('autobet-loss', 'stopOnLoss');
  const onWin = changeControl('autobet-win', 'onWin');
  const onLoss = changeControl('autobet-loss-change', 'onLoss');
  const status = h('p', { class: 'autobet-status', role: 'status' });
  const button = h(
    'button',
    { type: 'button', class: 'play autobet-start', onclick: () => toggle() },
    t('startAutobet'),
  );
  const panel = h(
    'div',
    { class: 'autobet', hidden: true, 'data-state': 'idle' },
    h('div', { class: 'fields autobet-fields' }, bets.field, profit.field, loss.field),
    h('div', { class: 'fields autobet-changes' }, onWin.field, onLoss.field),
    status,
    button,
  );

  const manualButton = h('button', { type: 'button', class: 'secondary', onclick: () => setMode(false) }, t('manual'));
  const autoButton = h('button', { type: 'button', class: 'secondary', onclick: () => setMode(true) }, t('auto'));
  const modes = h(
    'div',
    { class: 'segmented modes', role: 'group', 'aria-label': t('betMode') },
    manualButton,
    autoButton,
  );
  function setMode(auto: boolean, tell = true): void {
    if (active) return;
    manualButton.setAttribute('aria-pressed', String(!auto));
    autoButton.setAttribute('aria-pressed', String(auto));
    panel.hidden = !auto;
    options.manual.hidden = auto;
    if (tell) options.onModeChange?.(auto);
  }
  setMode(false, false);

  const settingsControls = [bets.input, profit.input, loss.input, ...onWin.controls, ...onLoss.controls];
  function lock(locked: boolean): void {
    options.stake.setLocked(locked);
    manualButton.disabled = locked;
    autoButton.disabled = locked;
    for (const control of settingsControls) control.disabled = locked;
    if (!locked) {
      onWin.enable();
      onLoss.enable();
    }
  }

  const signed = (amount: number) => `${amount > 0 ? '+' : ''}${money(amount, currency)}`;
  function showRun(run: AutobetRun, total: number): void {
    status.textContent = `${t('autobetBets')} ${run.count}${total > 0 ? ` / ${total}` : ''} · ${t('netProfit')} ${signed(run.netMinor)}`;
    status.classList.toggle('good', run.netMinor > 0);
    status.classList.toggle('bad', run.netMinor < 0);
  }
  function showState(): void {
    panel.dataset.state = active ? (stopping ? 'stopping' : 'running') : 'idle';
    button.textContent = active ? (stopping ? t('stopping') : t('stopAutobet')) : t('startAutobet');
    button.classList.toggle('stop', active);
    button.disabled = active && stopping;
    options.onRunChange?.(active);
  }

  function stop(): void {
    if (!active) return;
    stopping = true;
    wake?.();
    showState();
  }
  // A run never goes on out of sight: another tab, a minimised window, or the page left.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') stop();
  });
  window.addEventListener('pagehide', stop);

  function toggle(): void {
    if (active) return stop();
    const refusal = options.cannotStart?.() ?? null;
    if (refusal) {
      shell.error.textContent = refusal;
      return;
    }
    const settings = {
      bets: wholeOf(bets.input),
      stopOnProfitMinor: wholeOf(profit.input),
      stopOnLossMinor: wholeOf(loss.input),
      onWin: onWin.read(),
      onLoss: onLoss.read(),
    };
    active = true;
    stopping = false;
    lock(true);
    showState();
    delete panel.dataset.reason;
    showRun({ baseStakeMinor: 0, stakeMinor: 0, count: 0, netMinor: 0 }, settings.bets);
    void shell.run(async () => {
      let end: AutobetEnd;
      try {
        end = await runAutobet({
          settings,
          limits: options.stake.limits,
          baseStakeMinor: Number(options.stake.input.value),
          play: (stakeMinor) => {
            // The field shows the stake of the bet going out.
            options.stake.input.value = String(stakeMinor);
            options.stake.input.dispatchEvent(new Event('input', { bubbles: true }));
            return options.play(stakeMinor);
          },
          pause: () =>
            new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, options.pauseMs ?? PAUSE_MS);
              wake = () => {
                clearTimeout(timer);
                resolve();
              };
            }),
          stopRequested: () => stopping,
          onRound: (run) => showRun(run, settings.bets),
        });
      } finally {
        active = false;
        stopping = false;
        wake = null;
        lock(false);
        showState();
      }
      panel.dataset.reason = end.reason;
      showRun(end.run, settings.bets);
      status.append(h('span', { class: 'reason' }, t(REASON_TEXT[end.reason])));
      // A refusal (the balance, the limits, the session) is the shell's to show, in its translated words.
      if (end.error instanceof Error) throw end.error;
    });
  }

  return { modes, panel, running: () => active };
}
