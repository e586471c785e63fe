import { describe, expect, it } from 'vitest';
import { formatAmount } from './money';

describe('formatAmount', () => {
  it("writes the brand's symbol in front, as the player site's header and wallet do", () => {
    expect(formatAmount(12_500, 'KRW', 'P', 'ko')).toBe('P12,500');
    expect(formatAmount(12_500, 'KRW', '₩', 'en')).toBe('₩12,500');
    expect(formatAmount(-300, 'KRW', 'P', 'en')).toBe('\u2212P300');
  });

  it('falls back to the currency code when the launch named no symbol, and a dash for no amount', () => {
    expect(formatAmount(1_000, 'KRW', null, 'en')).toBe('1,000 KRW');
    expect(formatAmount(null, 'KRW', 'P', 'en')).toBe('—');
  });
});
