import { formatMoney } from '../../../../../lib/format-money';

/** How the page writes money, days and instants in the language shown. */
export interface Formats {
  money: (minor: number) => string;
  /** A period of the brand's days: "Nov 16 – Nov 22", or one day. */
  period: (start: string, end: string) => string;
  /** An instant in the brand's time zone: "Nov 23, 00:10". */
  time: (iso: string) => string;
  /** A rate in basis points as a percentage: 30 bp → "0.3%". */
  rate: (bp: number) => string;
}

export function formatsFor(locale: string, currency: string, exponent: number, timeZone: string): Formats {
  const day = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const instant = new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
  const dayOf = (value: string) => day.format(new Date(`${value}T00:00:00Z`));
  return {
    money: (minor) => formatMoney(minor, { currency, exponent, locale, display: 'symbol' }),
    period: (start, end) => (start === end ? dayOf(start) : `${dayOf(start)} – ${dayOf(end)}`),
    time: (iso) => instant.format(new Date(iso)),
    rate: (bp) => percent.format(bp / 10_000),
  };
}
