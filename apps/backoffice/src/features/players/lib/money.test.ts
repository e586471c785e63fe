import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatMinor, parseMajor } from './money';

describe('parseMajor', () => {
  it('reads whole amounts with or without thousands separators', () => {
    expect(parseMajor('10000', 0)).toBe(10_000);
    expect(parseMajor(' 10,000 ', 0)).toBe(10_000);
    expect(parseMajor('007', 0)).toBe(7);
  });

  it('reads decimals up to the currency’s exponent, exactly', () => {
    expect(parseMajor('12.5', 2)).toBe(1250);
    expect(parseMajor('0.01', 2)).toBe(1);
    expect(parseMajor('19.99', 2)).toBe(1999);
    expect(parseMajor('3.', 2)).toBe(300);
  });

  it('refuses more decimals than the currency has, signs, words and unsafe sizes', () => {
    expect(parseMajor('1.5', 0)).toBeNull();
    expect(parseMajor('1.005', 2)).toBeNull();
    expect(parseMajor('-5', 0)).toBeNull();
    expect(parseMajor('5e3', 0)).toBeNull();
    expect(parseMajor('', 0)).toBeNull();
    expect(parseMajor('99999999999999999', 0)).toBeNull();
  });
});

describe('formatMinor', () => {
  it('shows the currency’s decimals and a sign for a movement', async () => {
    await i18next.changeLanguage('en');
    expect(formatMinor(1250, 'USD', 2)).toBe('US$12.50');
    expect(formatMinor(-10_000, 'KRW', 0, { signed: true })).toBe('-₩10,000');
    expect(formatMinor(10_000, 'KRW', 0, { signed: true })).toBe('+₩10,000');
  });
});
