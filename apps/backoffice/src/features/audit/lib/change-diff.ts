/** One value of a change, by its path in the recorded object (`roles`, `entries.0.cidr`). */
export interface DiffRow {
  path: string;
  before: unknown;
  after: unknown;
  change: 'added' | 'removed' | 'changed' | 'same';
}

const WHOLE = '(value)';

function isPlain(value: unknown): boolean {
  return value === null || typeof value !== 'object';
}

/** Paths to leaf values; a list of plain values (roles, brands) stays one value, read as a list. */
function flatten(value: unknown, prefix: string, into: Map<string, unknown>): void {
  const isList = Array.isArray(value);
  if (isPlain(value) || (isList && value.every(isPlain))) {
    into.set(prefix || WHOLE, value);
    return;
  }
  const entries = isList ? value.map((item, index) => [String(index), item] as const) : Object.entries(value as object);
  if (entries.length === 0) {
    into.set(prefix || WHOLE, value);
    return;
  }
  for (const [key, item] of entries) flatten(item, prefix ? `${prefix}.${key}` : key, into);
}

function same(one: unknown, other: unknown): boolean {
  return JSON.stringify(one) === JSON.stringify(other);
}

/**
 * An audit entry's before and after, value by value: what the change added, removed or changed, and what it left
 * as it was. A creation has no before (null), a deletion no after.
 */
export function diffChange(before: unknown, after: unknown): DiffRow[] {
  const old = new Map<string, unknown>();
  const next = new Map<string, unknown>();
  if (before !== null && before !== undefined) flatten(before, '', old);
  if (after !== null && after !== undefined) flatten(after, '', next);
  const paths = [...new Set([...old.keys(), ...next.keys()])];
  return paths.map((path) => {
    const change = !old.has(path)
      ? 'added'
      : !next.has(path)
        ? 'removed'
        : same(old.get(path), next.get(path))
          ? 'same'
          : 'changed';
    return { path, before: old.get(path), after: next.get(path), change };
  });
}

/** A value as an operator reads it: a list joined by commas, text as it is, anything else as JSON. */
export function formatValue(value: unknown): string {
  if (value === undefined) return '';
  if (value === null) return 'null';
  if (Array.isArray(value) && value.every(isPlain)) return value.length === 0 ? '[]' : value.map(String).join(', ');
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
