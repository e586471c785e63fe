import type { RaffleItem } from '@parlay/contract';
import type { TFunction } from 'i18next';
import { formatMoney } from '../../../lib/format-money';

/** How the raffles write amounts and instants in the language shown, in the member's own time zone. */
export interface RaffleFormats {
  money: (minor: number) => string;
  count: (value: number) => string;
  time: (iso: string) => string;
}

export function formatsFor(locale: string, currency: string, exponent: number): RaffleFormats {
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const count = new Intl.NumberFormat(locale);
  return {
    money: (minor) => formatMoney(minor, { currency, exponent, locale, display: 'symbol' }),
    count: (value) => count.format(value),
    time: (iso) => time.format(new Date(iso)),
  };
}

/**
 * The label a raffle's card shows: the member's state; for a visitor (no state) where the raffle is in its life. A
 * member's `close` of a drawn raffle reads "Drawn": the sale is long over, the draw is what counts.
 */
export type RaffleLabel = NonNullable<RaffleItem['state']> | 'drawn' | 'waiting';

export function labelOf(raffle: RaffleItem, now: number): RaffleLabel {
  if (raffle.state !== null) return raffle.state === 'close' && raffle.status === 'drawn' ? 'drawn' : raffle.state;
  if (raffle.status === 'drawn') return 'drawn';
  if (now < Date.parse(raffle.saleStartsAt)) return 'coming_soon';
  if (now < Date.parse(raffle.saleEndsAt)) return 'join';
  return 'waiting';
}

/** How tickets are earned, in words: one line a rule, then the cap. */
export function rulesInWords(t: TFunction<'raffles'>, raffle: RaffleItem, formats: RaffleFormats): string[] {
  const { depositStepMinor, betStepMinor, maxTicketsPerMember } = raffle.rules;
  const lines: string[] = [];
  if (depositStepMinor !== null) lines.push(t('rules.deposit', { amount: formats.money(depositStepMinor) }));
  if (betStepMinor !== null) lines.push(t('rules.bet', { amount: formats.money(betStepMinor) }));
  lines.push(t('rules.max', { count: maxTicketsPerMember, max: formats.count(maxTicketsPerMember) }));
  return lines;
}
