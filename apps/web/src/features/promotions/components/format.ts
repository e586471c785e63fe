import type { HubPromotion } from '@parlay/contract';
import type { TFunction } from 'i18next';
import { formatMoney } from '../../../lib/format-money';

/** The hub's money and dates in the page's language and the brand's currency. */
export interface HubFormats {
  money: (minor: number) => string;
  date: (iso: string) => string;
}

export function formatsFor(locale: string, currency: string, exponent: number): HubFormats {
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  return {
    money: (minor) => formatMoney(minor, { currency, exponent, locale, display: 'symbol' }),
    date: (iso) => date.format(new Date(iso)),
  };
}

/** A bonus-paying promotion's rules as lines a member reads; none for the other kinds (their pages say it). */
export function rulesInWords(t: TFunction<'promotions'>, item: HubPromotion, formats: HubFormats): string[] {
  const rules = item.rules;
  if (!rules) return [];
  const lines: string[] = [];
  if (rules.percentBp !== null) {
    const percent = rules.percentBp / 100;
    lines.push(
      rules.maxBonusMinor === null
        ? t('rules.percent', { percent })
        : t('rules.percentUpTo', { percent, max: formats.money(rules.maxBonusMinor) }),
    );
    if (rules.minDepositMinor > 0) lines.push(t('rules.minDeposit', { amount: formats.money(rules.minDepositMinor) }));
  } else if (rules.fixedMinor !== null) {
    lines.push(t('rules.fixed', { amount: formats.money(rules.fixedMinor) }));
  }
  lines.push(
    rules.wageringMultiplier > 0
      ? t('rules.wagering', { times: rules.wageringMultiplier, days: rules.expiryDays })
      : t('rules.noWagering'),
  );
  if (item.audience === 'new') lines.push(t('rules.newMembers'));
  return lines;
}

/** The promotion's dates in words: from–to, from, until, or none. */
export function periodOf(t: TFunction<'promotions'>, item: HubPromotion, formats: HubFormats): string | null {
  const from = item.startsAt ? formats.date(item.startsAt) : null;
  const to = item.endsAt ? formats.date(item.endsAt) : null;
  if (from && to) return t('period.between', { from, to });
  if (from) return t('period.from', { from });
  if (to) return t('period.until', { to });
  return null;
}
