/**
 * Deepest nesting of arrays and objects a JSON input may have. No call of ours nests past 6 levels; a
 * vendor's round detail gets room to spare. Deeper input is refused with a 400, never walked by recursion.
 */
export const MAX_JSON_DEPTH = 32;

/** What makes a parsed JSON value unfit to store: a NUL character in a key or string, or too deep a nesting. */
export type JsonProblem = 'nul' | 'depth';

/**
 * The first problem of a JSON value, walked with a stack of its own, so no depth of input can exhaust the
 * call stack. PostgreSQL text and jsonb cannot store a NUL; the server's preValidation hook and the vendor
 * wallet's round detail refuse both problems before any query.
 */
export function findJsonProblem(value: unknown, maxDepth: number = MAX_JSON_DEPTH): JsonProblem | null {
  const pending: unknown[] = [value];
  const depths: number[] = [0];
  while (pending.length > 0) {
    const item = pending.pop();
    const depth = depths.pop() ?? 0;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return 'nul';
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (depth >= maxDepth) return 'depth';
    if (Array.isArray(item)) {
      for (const child of item as unknown[]) {
        pending.push(child);
        depths.push(depth + 1);
      }
      continue;
    }
    for (const [key, child] of Object.entries(item)) {
      if (key.includes('\u0000')) return 'nul';
      pending.push(child);
      depths.push(depth + 1);
    }
  }
  return null;
}

/** True when a JSON value holds a NUL character in any key or string, however deep. */
export function holdsNul(value: unknown): boolean {
  return findJsonProblem(value, Number.POSITIVE_INFINITY) === 'nul';
}
