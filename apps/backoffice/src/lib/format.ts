import i18next from 'i18next';

/** A time of the API (ISO) in the operator's own time zone and language, to the second. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(i18next.language === 'en' ? 'en-GB' : 'ko-KR', {
    dateStyle: 'medium',
    timeStyle: 'medium',
  }).format(date);
}

/** A `datetime-local` input's value (the operator's local time) as an ISO time, or undefined when empty or bad. */
export function localInputToIso(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** An ISO time as a `datetime-local` input's value, in the operator's local time. */
export function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The operator's language as a locale for numbers and dates. */
export function numberLocale(): string {
  return i18next.language === 'en' ? 'en-GB' : 'ko-KR';
}

const moneyFormatters = new Map<string, Intl.NumberFormat>();

/**
 * Integer minor units in a currency, with no float ever holding the amount: the decimal string is built from
 * integers and Intl formats strings exactly (as the player site's format-money).
 */
export function formatMoney(minor: number, currency: string, exponent: number): string {
  const digits = Math.abs(minor)
    .toString()
    .padStart(exponent + 1, '0');
  const whole = exponent === 0 ? digits : digits.slice(0, -exponent);
  const decimal = `${minor < 0 ? '-' : ''}${whole}${exponent === 0 ? '' : `.${digits.slice(-exponent)}`}`;
  const key = `${numberLocale()}|${currency}|${exponent}`;
  let formatter = moneyFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(numberLocale(), {
      style: 'currency',
      currency,
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent,
    });
    moneyFormatters.set(key, formatter);
  }
  return formatter.format(decimal as `${number}`);
}

/** A count, grouped in the operator's language (12,345). */
export function formatCount(value: number): string {
  return new Intl.NumberFormat(numberLocale()).format(value);
}

/** A chart axis's number, short (1.2M, 120만): an axis needs the size, the figures beside it give the exact value. */
export function formatCompact(value: number): string {
  return new Intl.NumberFormat(numberLocale(), { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}
