import { afterEach, describe, expect, it } from 'vitest';
import {
  currencySymbolOf,
  DEFAULT_CURRENCY_SYMBOL,
  formatMoney,
  parseMajorToMinor,
  setCurrencySymbol,
  toDecimalString,
} from './format-money';

describe('toDecimalString', () => {
  it('places the decimal point by the currency exponent', () => {
    expect(toDecimalString(123456, 2)).toBe('1234.56');
    expect(toDecimalString(5, 2)).toBe('0.05');
    expect(toDecimalString(-5, 2)).toBe('-0.05');
    expect(toDecimalString(1000, 0)).toBe('1000');
  });

  it('keeps every digit of the largest safe amount', () => {
    expect(toDecimalString(Number.MAX_SAFE_INTEGER, 2)).toBe('90071992547409.91');
  });

  it('refuses an amount that is not an integer', () => {
    expect(() => toDecimalString(1.5, 2)).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  // The brand's symbol as the test fixtures' brand sets it, for the tests below that use it.
  afterEach(() => setCurrencySymbol('₩'));
  it('groups a won balance with no decimals', () => {
    expect(formatMoney(1_000_000, { currency: 'KRW', exponent: 0, locale: 'ko' })).toBe('1,000,000');
  });

  it('shows cents exactly for a two-decimal currency', () => {
    expect(formatMoney(123_456_789, { currency: 'USD', exponent: 2, locale: 'en' })).toBe('1,234,567.89');
    expect(formatMoney(Number.MAX_SAFE_INTEGER, { currency: 'USD', exponent: 2, locale: 'en' })).toBe(
      '90,071,992,547,409.91',
    );
  });

  it("adds the brand's currency symbol when asked, never the locale's own for the code", () => {
    setCurrencySymbol('$');
    expect(formatMoney(250_00, { currency: 'USD', exponent: 2, locale: 'en', display: 'symbol' })).toBe('$250.00');
    // A won brand whose symbol is P shows P, as its header does, in both languages (Intl would write ₩).
    setCurrencySymbol('P');
    expect(formatMoney(1_000, { currency: 'KRW', exponent: 0, locale: 'ko', display: 'symbol' })).toBe('P1,000');
    expect(formatMoney(1_000, { currency: 'KRW', exponent: 0, locale: 'en', display: 'symbol' })).toBe('P1,000');
    expect(formatMoney(1_000, { currency: 'KRW', exponent: 0, locale: 'en', display: 'symbol', symbol: '원' })).toBe(
      '원1,000',
    );
  });

  it("writes P for a brand that sets no symbol (the spec's default)", () => {
    setCurrencySymbol('');
    expect(formatMoney(5_000, { currency: 'KRW', exponent: 0, locale: 'ko', display: 'symbol' })).toBe('P5,000');
    setCurrencySymbol(null);
    expect(currencySymbolOf({ currencySymbol: '  ' })).toBe(DEFAULT_CURRENCY_SYMBOL);
    expect(currencySymbolOf(null)).toBe('P');
    expect(currencySymbolOf({ currencySymbol: '₩' })).toBe('₩');
  });

  // Intl writes the hyphen-minus (U+002D); the site writes every negative amount with the minus sign.
  it('writes a negative amount with the minus sign (U+2212), never the hyphen-minus', () => {
    setCurrencySymbol('₩');
    const won = { currency: 'KRW', exponent: 0, display: 'symbol' } as const;
    expect(formatMoney(-1_000, { ...won, locale: 'en' })).toBe('\u2212₩1,000');
    expect(formatMoney(-1_000, { ...won, locale: 'ko' })).toBe('\u2212₩1,000');
    expect(formatMoney(-5, { currency: 'USD', exponent: 2, locale: 'en' })).toBe('\u22120.05');
    expect(formatMoney(-1_234_567, { currency: 'KRW', exponent: 0, locale: 'ko' })).not.toContain('-');
  });

  it("writes + before a gain and nothing before zero when asked for Intl's exceptZero", () => {
    setCurrencySymbol('₩');
    const signed = {
      currency: 'KRW',
      exponent: 0,
      locale: 'en',
      display: 'symbol',
      signDisplay: 'exceptZero',
    } as const;
    expect(formatMoney(980, signed)).toBe('+₩980');
    expect(formatMoney(-1_000, signed)).toBe('\u2212₩1,000');
    expect(formatMoney(0, signed)).toBe('₩0');
  });
});

describe('parseMajorToMinor', () => {
  it('reads major units into integer minor units', () => {
    expect(parseMajorToMinor('12.34', 2)).toBe(1234);
    expect(parseMajorToMinor('12.5', 2)).toBe(1250);
    expect(parseMajorToMinor('12', 2)).toBe(1200);
    expect(parseMajorToMinor('5000', 0)).toBe(5000);
    expect(parseMajorToMinor(' 1 000 ', 0)).toBe(1000);
  });

  it('refuses more decimals than the currency has, zero, negatives and text', () => {
    expect(parseMajorToMinor('1.234', 2)).toBeNull();
    expect(parseMajorToMinor('1.5', 0)).toBeNull();
    expect(parseMajorToMinor('0', 2)).toBeNull();
    expect(parseMajorToMinor('-5', 2)).toBeNull();
    expect(parseMajorToMinor('abc', 2)).toBeNull();
    expect(parseMajorToMinor('', 2)).toBeNull();
  });
});
