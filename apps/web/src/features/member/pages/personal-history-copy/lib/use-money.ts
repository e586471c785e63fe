import { useTranslation } from 'react-i18next';
import { useOptionalBrand } from '../../../../../lib/brand';
import { formatMoney } from '../../../../../lib/format-money';

/** Minor units as text in the member's language: the brand's digits for its currency, a sign for a win or loss. */
export function useMoney() {
  const { i18n } = useTranslation();
  const brand = useOptionalBrand()?.brand;
  const locale = i18n.resolvedLanguage ?? i18n.language ?? 'ko';
  const exponentOf = (currency: string) =>
    brand?.currency === currency
      ? brand.currencyExponent
      : (new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 0);
  return {
    format: (minor: number, currency: string) =>
      formatMoney(minor, { currency, exponent: exponentOf(currency), locale, display: 'symbol' }),
    // A gain or a loss: + or − before it, no sign on zero.
    formatSigned: (minor: number, currency: string) =>
      formatMoney(minor, {
        currency,
        exponent: exponentOf(currency),
        locale,
        display: 'symbol',
        signDisplay: 'exceptZero',
      }),
  };
}

/** The sign of a win or loss, for its colour: data-sign="plus" | "minus" | "zero". */
export function signOf(minor: number): 'plus' | 'minus' | 'zero' {
  return minor > 0 ? 'plus' : minor < 0 ? 'minus' : 'zero';
}
