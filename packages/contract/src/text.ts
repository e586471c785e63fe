/**
 * True when a JSON value holds a NUL character in any key or string. PostgreSQL text and jsonb cannot store
 * one, so input holding it is refused before it reaches a query (the server's preValidation hook, and the
 * vendor wallet's round detail).
 */
export function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item));
}
