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

export interface MoneyFormat {
  currency: string;
  exponent: number;
  locale: string;
  /** 'symbol' puts the currency sign in (₩1,000); 'none' gives the grouped number only. */
  display?: 'symbol' | 'none';
  /** 'exceptZero' writes + before a gain as well as − before a loss, as Intl's option of that name. */
  signDisplay?: 'auto' | 'exceptZero';
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor({
  currency,
  exponent,
  locale,
  display = 'none',
  signDisplay = 'auto',
}: MoneyFormat): Intl.NumberFormat {
  const key = `${locale}|${currency}|${exponent}|${display}|${signDisplay}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      ...(display === 'symbol' ? { style: 'currency', currency } : { style: 'decimal' }),
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
  return formatterFor(format)
    .formatToParts(decimal)
    .map((part) => (part.type === 'minusSign' ? '\u2212' : part.value))
    .join('');
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
