import type { Contract } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { useOptionalBrand } from '../../../../../lib/brand';
import { useMoney } from '../../../lib/use-money';

/**
 * The texts of a contract's terms, in the member's language: rates (basis points as a percentage), valid bets in the
 * brand's money, dates in the brand's time zone.
 */
export function useContractLabels() {
  const { t, i18n } = useTranslation('member-agent');
  const brand = useOptionalBrand()?.brand;
  const locale = i18n.resolvedLanguage ?? 'ko';
  const { format } = useMoney(brand?.currency ?? 'KRW', brand?.currencyExponent ?? 0);
  const percent = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: brand?.timeZone ?? 'Asia/Seoul' });
  return {
    money: format,
    rate: (rateBp: number) => `${percent.format(rateBp / 100)}%`,
    date: (iso: string | null) => (iso ? date.format(new Date(iso)) : '—'),
    /** The measure of a salary or the period of a dividend. */
    basis: (contract: Pick<Contract, 'salaryType' | 'period'>) =>
      contract.salaryType
        ? t(`contracts.salaryTypes.${contract.salaryType}`)
        : contract.period
          ? t(`contracts.periods.${contract.period}`)
          : '—',
    status: (contract: Contract) =>
      contract.status === 'active' && contract.terminationRequestedBy
        ? t('contracts.status.ending')
        : t(`contracts.status.${contract.status}`),
    endReason: (contract: Contract) => (contract.endReason ? t(`contracts.endReasons.${contract.endReason}`) : '—'),
  };
}
