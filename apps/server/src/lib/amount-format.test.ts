import { describe, expect, it } from 'vitest';
import { formatAmount, formatMinor } from './amount-format';

describe(formatMinor.name, () => {
  it('writes minor units as major units exactly, with the sign', () => {
    expect(formatMinor(12_345, 2)).toBe('123.45');
    expect(formatMinor(-5, 2)).toBe('-0.05');
    expect(formatMinor(5_000_000, 0)).toBe('5000000');
    expect(formatMinor(0, 3)).toBe('0.000');
    expect(formatMinor(Number.MAX_SAFE_INTEGER, 2)).toBe('90071992547409.91');
  });
});

describe(formatAmount.name, () => {
  it('groups the thousands of the whole part only', () => {
    expect(formatAmount(5_000_000, 2)).toBe('50,000.00');
    expect(formatAmount(5_000_000, 0)).toBe('5,000,000');
    expect(formatAmount(-123_456_789, 2)).toBe('-1,234,567.89');
    expect(formatAmount(-50, 2)).toBe('-0.50');
    expect(formatAmount(999, 0)).toBe('999');
    expect(formatAmount(1_000, 4)).toBe('0.1000');
  });
});
