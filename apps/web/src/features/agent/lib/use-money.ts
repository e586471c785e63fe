import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format-money';

/**
 * Minor units as text in the member's language, with the brand's symbol (lib/format-money, as the member centre
 * writes money): the exponent is the one the agent call answered with its amounts.
 */
export function useMoney(currency: string, exponent: number) {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language ?? 'ko';
  return {
    format: (minor: number) => formatMoney(minor, { currency, exponent, locale, display: 'symbol' }),
    // A gain or a loss: + or − before it, no sign on zero.
    formatSigned: (minor: number) =>
      formatMoney(minor, { currency, exponent, locale, display: 'symbol', signDisplay: 'exceptZero' }),
  };
}

/** The sign of a profit or loss, for its colour: data-sign="plus" | "minus" | "zero" (as the member centre). */
export function signOf(minor: number): 'plus' | 'minus' | 'zero' {
  return minor > 0 ? 'plus' : minor < 0 ? 'minus' : 'zero';
}
