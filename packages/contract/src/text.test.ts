import { describe, expect, it } from 'vitest';
import { findJsonProblem, holdsNul, MAX_JSON_DEPTH } from './text';
import { WalletCreditRequestSchema } from './vendor/wallet';

/** An array nested `depth` levels deep around `inner`, parsed from text (no recursion builds it). */
function nested(depth: number, inner = ''): unknown {
  return JSON.parse(`${'['.repeat(depth)}${inner}${']'.repeat(depth)}`);
}

describe('findJsonProblem', () => {
  it(`accepts ${MAX_JSON_DEPTH} levels of nesting and refuses one more`, () => {
    expect(findJsonProblem(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(findJsonProblem(nested(MAX_JSON_DEPTH + 1))).toBe('depth');
    expect(findJsonProblem({ a: { b: nested(MAX_JSON_DEPTH - 2) } })).toBeNull();
    expect(findJsonProblem({ a: { b: nested(MAX_JSON_DEPTH - 1) } })).toBe('depth');
  });

  it('walks 100,000 levels without overflowing the call stack', () => {
    expect(() => findJsonProblem(nested(100_000), Number.POSITIVE_INFINITY)).not.toThrow();
    expect(holdsNul(nested(100_000, '"a\\u0000b"'))).toBe(true);
    expect(holdsNul(nested(100_000, '"ab"'))).toBe(false);
  });

  it('finds a NUL character in a key or a string, at any place', () => {
    expect(findJsonProblem({ 'a\u0000': 1 })).toBe('nul');
    expect(findJsonProblem([1, { b: ['x', 'y\u0000'] }])).toBe('nul');
    expect(findJsonProblem({ text: 'a backslash and u0000: \\u0000' })).toBeNull();
  });
});

describe('WalletCreditRequestSchema', () => {
  const credit = (detail: unknown) =>
    WalletCreditRequestSchema.safeParse({
      requestId: 'r1',
      playerId: 'p1',
      currency: 'KRW',
      transactionId: 't1',
      roundId: 'round1',
      gameCode: 'dice',
      amountMinor: 0,
      detail,
    });

  it('refuses a round detail nested 10,000 levels deep as invalid, without throwing', () => {
    const result = credit({ outcome: nested(10_000) });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain('must not nest deeper than 32 levels');
  });
});
