/**
 * Formats integer minor units in the brand's currency without a float ever holding the amount: the
 * decimal string is built from integers and handed to Intl.NumberFormat, which formats strings exactly.
 */
export function toDecimalString(minor: number, exponent: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not an integer amount: ${minor}`);
  const digits = Math.abs(minor)
    .toString()
    .padStart(exponent + 1, '0');
  const whole = exponent === 0 ? digits : digits.slice(0, -exponent);
  const fraction = exponent === 0 ? '' : `.${digits.slice(-exponent)}`;
  return `${minor < 0 ? '-' : ''}${whole}${fraction}`;
}

/** The symbol a brand that sets none shows (the spec's default; docs/decisions/0043-upline-transfers-and-kyc.md). */
export const DEFAULT_CURRENCY_SYMBOL = 'P';

// The brand's symbol, which BrandProvider sets from the system status: every amount the site writes with a sign
// shows the header's symbol, never a locale's own for the currency code (₩ where the brand says P).
let brandSymbol = DEFAULT_CURRENCY_SYMBOL;

/** The symbol a brand shows: its own, or DEFAULT_CURRENCY_SYMBOL when it sets none. */
export function currencySymbolOf(brand: { currencySymbol?: string | null } | null | undefined): string {
  return brand?.currencySymbol?.trim() || DEFAULT_CURRENCY_SYMBOL;
}

/** Sets the symbol formatMoney writes (BrandProvider, from the brand's status). */
export function setCurrencySymbol(symbol: string | null | undefined): void {
  brandSymbol = currencySymbolOf({ currencySymbol: symbol });
}

export interface MoneyFormat {
  currency: string;
  exponent: number;
  locale: string;
  /** 'symbol' puts the brand's currency symbol in front (P1,000); 'none' gives the grouped number only. */
  display?: 'symbol' | 'none';
  /** The symbol to write instead of the brand's (setCurrencySymbol). */
  symbol?: string;
  /** 'exceptZero' writes + before a gain as well as − before a loss, as Intl's option of that name. */
  signDisplay?: 'auto' | 'exceptZero';
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor({ currency, exponent, locale, signDisplay = 'auto' }: MoneyFormat): Intl.NumberFormat {
  const key = `${locale}|${currency}|${exponent}|${signDisplay}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    // The number only: formatMoney writes the brand's symbol itself (Intl would write the code's, ₩ for KRW).
    formatter = new Intl.NumberFormat(locale, {
      style: 'decimal',
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent,
      signDisplay,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * A negative amount is written with the minus sign (U+2212), not the hyphen-minus Intl writes, so a loss
 * reads alike wherever the site shows money; Intl still decides where the sign goes in the locale.
 */
export function formatMoney(minor: number, format: MoneyFormat): string {
  const decimal = toDecimalString(minor, format.exponent) as `${number}`;
  const parts = formatterFor(format).formatToParts(decimal);
  const symbol = format.display === 'symbol' ? (format.symbol ?? brandSymbol) : '';
  // The sign first, then the symbol: −P1,000 and +P980, as the header writes a balance.
  const sign = parts
    .filter((part) => part.type === 'minusSign' || part.type === 'plusSign')
    .map((part) => (part.type === 'minusSign' ? '\u2212' : part.value))
    .join('');
  const number = parts
    .filter((part) => part.type !== 'minusSign' && part.type !== 'plusSign')
    .map((part) => part.value)
    .join('');
  return `${sign}${symbol}${number}`;
}

/**
 * Reads an amount typed in major units ('12.5') as integer minor units (1250), or null when it is not
 * a positive amount with at most `exponent` decimals. Digits only: no float ever holds the amount.
 */
export function parseMajorToMinor(text: string, exponent: number): number | null {
  const match = /^(\d{1,15})(?:[.,](\d*))?$/.exec(text.trim().replace(/[\s_]/g, ''));
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > exponent) return null;
  const minor = Number(`${match[1]}${fraction.padEnd(exponent, '0')}`);
  return Number.isSafeInteger(minor) && minor > 0 ? minor : null;
}
