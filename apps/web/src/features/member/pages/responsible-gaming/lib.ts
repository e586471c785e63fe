import type { ProtectionLimit, ProtectionLimitKey } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { useOptionalBrand } from '../../../../lib/brand';
import { formatMoney } from '../../../../lib/format-money';

/** The three periods of each money limit, in the order the page shows them. */
export const PERIODS = ['Daily', 'Weekly', 'Monthly'] as const;
export const MONEY_GROUPS = ['deposit', 'loss', 'wager'] as const;
export type MoneyGroup = (typeof MONEY_GROUPS)[number];

export const isMoneyLimit = (key: ProtectionLimitKey) => key !== 'sessionMinutes' && key !== 'realityCheckMinutes';

/** A limit's value as the member reads it: money in the brand's currency, time in minutes. */
export function useLimitFormat() {
  const { t, i18n } = useTranslation('member-protection');
  const brand = useOptionalBrand()?.brand;
  const currency = brand?.currency ?? 'KRW';
  const exponent = brand?.currencyExponent ?? 0;
  const locale = i18n.resolvedLanguage ?? i18n.language ?? 'ko';
  const timeZone = brand?.timeZone ?? 'Asia/Seoul';
  return {
    exponent,
    value: (key: ProtectionLimitKey, value: number) =>
      isMoneyLimit(key)
        ? formatMoney(value, { currency, exponent, locale, display: 'symbol' })
        : t('time.minutes', { count: value }),
    time: (iso: string) =>
      new Intl.DateTimeFormat(locale.startsWith('ko') ? 'ko-KR' : 'en-GB', {
        timeZone,
        dateStyle: 'medium',
        timeStyle: 'short',
      }).format(new Date(iso)),
  };
}

/** What the member typed (whole units of the currency, or minutes) as the call's value; null when it is not one. */
export function parseLimitInput(key: ProtectionLimitKey, text: string, exponent: number): number | null {
  if (!/^\d{1,13}$/.test(text.trim())) return null;
  const whole = Number(text.trim());
  const value = isMoneyLimit(key) ? whole * 10 ** exponent : whole;
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

export function findLimit(limits: readonly ProtectionLimit[], key: ProtectionLimitKey): ProtectionLimit | undefined {
  return limits.find((limit) => limit.key === key);
}
