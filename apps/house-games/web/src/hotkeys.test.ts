import { describe, expect, it } from 'vitest';
import { hotkeyFor } from './hotkeys';

const press = (code: string, tagName = 'BODY', extra: Partial<{ ctrlKey: boolean; isContentEditable: boolean }> = {}) =>
  hotkeyFor({
    code,
    ctrlKey: extra.ctrlKey ?? false,
    metaKey: false,
    altKey: false,
    target: { tagName, isContentEditable: extra.isContentEditable ?? false },
  });

describe('the keyboard shortcuts', () => {
  it('bet, halve, double and move the target by physical key (any keyboard layout)', () => {
    expect(press('Space')).toBe('bet');
    expect(press('KeyS')).toBe('half');
    expect(press('KeyD')).toBe('double');
    expect(press('KeyQ')).toBe('targetDown');
    expect(press('KeyW')).toBe('targetUp');
    expect(press('KeyX')).toBe('direction');
    expect(press('KeyZ')).toBeNull();
    // The dice slider has the focus: Space still bets.
    expect(press('Space', 'DIV')).toBe('bet');
  });

  it('do nothing while the player types, with a modifier, or on Space over a button', () => {
    expect(press('KeyS', 'INPUT')).toBeNull();
    expect(press('Space', 'input')).toBeNull();
    expect(press('KeyD', 'SELECT')).toBeNull();
    expect(press('KeyD', 'DIV', { isContentEditable: true })).toBeNull();
    expect(press('KeyS', 'BODY', { ctrlKey: true })).toBeNull();
    expect(press('Space', 'BUTTON')).toBeNull();
    expect(press('KeyS', 'BUTTON')).toBe('half');
  });
});
