/** The games' keyboard shortcuts, as the keyboard help lists them. */
export type Hotkey = 'bet' | 'half' | 'double' | 'targetDown' | 'targetUp' | 'direction';

/** The keys, by `KeyboardEvent.code` so that they work on a Korean keyboard layout too. */
const CODES: Record<string, Hotkey> = {
  Space: 'bet',
  KeyS: 'half',
  KeyD: 'double',
  KeyQ: 'targetDown',
  KeyW: 'targetUp',
  KeyX: 'direction',
};
/** The key names the help shows, in its order. */
export const HOTKEY_LABELS: [Hotkey, string][] = [
  ['bet', 'Space'],
  ['half', 'S'],
  ['double', 'D'],
  ['targetDown', 'Q'],
  ['targetUp', 'W'],
  ['direction', 'X'],
];

export interface KeyTarget {
  tagName: string;
  isContentEditable?: boolean;
}

/**
 * The shortcut a key press means, or null: none while the player types in a field, none with a modifier
 * (the browser's own shortcuts), and Space not on a focused button or link, which Space already presses.
 */
export function hotkeyFor(event: {
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: KeyTarget | null;
}): Hotkey | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const hotkey = CODES[event.code];
  if (!hotkey) return null;
  const tag = event.target?.tagName.toUpperCase() ?? '';
  if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || event.target?.isContentEditable) return null;
  if (hotkey === 'bet' && (tag === 'BUTTON' || tag === 'A' || tag === 'SUMMARY')) return null;
  return hotkey;
}
