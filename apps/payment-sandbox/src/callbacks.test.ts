import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY, RECENT_LIMIT, keepRecent, retryDelayMs } from './callbacks';

describe('retryDelayMs', () => {
  it('doubles from the base delay and stops at the most', () => {
    const retry = { ...DEFAULT_RETRY, baseDelayMs: 2000, maxDelayMs: 300_000 };
    expect([1, 2, 3, 4, 5, 8, 9, 20].map((attempt) => retryDelayMs(retry, attempt))).toEqual([
      2000, 4000, 8000, 16_000, 32_000, 256_000, 300_000, 300_000,
    ]);
  });
});

describe('keepRecent', () => {
  it('keeps the latest entries only, so a long run does not grow without end', () => {
    const list: number[] = [];
    for (let index = 0; index < RECENT_LIMIT + 5; index += 1) keepRecent(list, index);
    expect(list).toHaveLength(RECENT_LIMIT);
    expect(list[0]).toBe(5);
    expect(list.at(-1)).toBe(RECENT_LIMIT + 4);
  });
});
