import { h } from './dom';
import type { TextKey } from './i18n';
import { t } from './page';

export interface LinkedField {
  field: HTMLElement;
  /** The field's name, which dice changes with over and under. */
  label: HTMLLabelElement;
  input: HTMLInputElement;
  /** Shows a value, unless the player is typing in this field right now (their text stays theirs). */
  show(text: string, force?: boolean): void;
}

/**
 * One of a game's linked fields (target, win chance, multiplier, profit): typed as text, so that it can
 * hold thousands separators and the player's half-typed number, with its unit after it.
 */
export function linkedField(
  label: TextKey,
  unit: string,
  onEdit: (text: string) => void,
  onSettle: () => void,
): LinkedField {
  const id = `field-${label}`;
  const input = h('input', { id, type: 'text', inputMode: 'decimal', autocomplete: 'off', spellcheck: false });
  input.addEventListener('input', () => onEdit(input.value));
  // Leaving the field (or Enter) writes the value the game settled on back into it.
  input.addEventListener('change', onSettle);
  input.addEventListener('blur', onSettle);
  // The unit sits beside the input, outside its label: it is no part of the field's name.
  const name = h('label', { for: id }, t(label));
  const field = h(
    'div',
    { class: 'field' },
    name,
    h('span', { class: 'unit-input' }, input, unit ? h('span', { class: 'unit', 'aria-hidden': 'true' }, unit) : null),
  );
  return {
    field,
    label: name,
    input,
    show(text, force = false) {
      if (force || document.activeElement !== input) input.value = text;
    },
  };
}
