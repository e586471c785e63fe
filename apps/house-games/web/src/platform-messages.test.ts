import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GAME_FRAME_MESSAGES } from '@parlay/contract/constants';
import { onPlatformBalanceChange, type MessageWindow } from './platform-messages';

const BALANCE_CHANGED = GAME_FRAME_MESSAGES.balanceChanged;

/** A frame's window: its parent is the platform page, messages arrive as events. */
function frameWindow(parent: unknown = {}) {
  const target = new EventTarget();
  const win: MessageWindow & { send(data: unknown, source: unknown): void } = {
    parent,
    addEventListener: (type, listener) => target.addEventListener(type, listener as EventListener),
    removeEventListener: (type, listener) => target.removeEventListener(type, listener as EventListener),
    send(data, source) {
      const event = new Event('message') as Event & { data: unknown; source: unknown };
      Object.assign(event, { data, source });
      target.dispatchEvent(event);
    },
  };
  return win;
}

describe(onPlatformBalanceChange.name, () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("calls once for a burst of the framing page's messages, after the burst is quiet", () => {
    const win = frameWindow();
    const onChange = vi.fn();
    onPlatformBalanceChange(win, onChange, 250);
    win.send({ type: BALANCE_CHANGED }, win.parent);
    vi.advanceTimersByTime(200);
    win.send({ type: BALANCE_CHANGED }, win.parent);
    vi.advanceTimersByTime(249);
    expect(onChange).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onChange).toHaveBeenCalledTimes(1);
    win.send({ type: BALANCE_CHANGED }, win.parent);
    vi.advanceTimersByTime(250);
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('ignores messages from anyone but the framing page, other messages, and a game with no page around it', () => {
    const win = frameWindow();
    const onChange = vi.fn();
    onPlatformBalanceChange(win, onChange, 0);
    win.send({ type: BALANCE_CHANGED }, {});
    win.send({ type: BALANCE_CHANGED }, null);
    win.send({ type: 'other' }, win.parent);
    win.send(BALANCE_CHANGED, win.parent);
    win.send(null, win.parent);
    vi.runAllTimers();
    expect(onChange).not.toHaveBeenCalled();

    const alone = frameWindow();
    Object.assign(alone, { parent: alone });
    onPlatformBalanceChange(alone, onChange, 0);
    alone.send({ type: BALANCE_CHANGED }, alone);
    vi.runAllTimers();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('stops listening, and drops a call still waiting, when stopped', () => {
    const win = frameWindow();
    const onChange = vi.fn();
    const stop = onPlatformBalanceChange(win, onChange, 250);
    win.send({ type: BALANCE_CHANGED }, win.parent);
    stop();
    win.send({ type: BALANCE_CHANGED }, win.parent);
    vi.runAllTimers();
    expect(onChange).not.toHaveBeenCalled();
  });
});
