import type { BonusOffer } from '@parlay/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../depositv2.module.css';

interface BonusChoiceProps {
  offers: BonusOffer[];
  /** The chosen offer's code; null: no bonus (the default). */
  value: string | null;
  onChange: (code: string | null) => void;
  format: (minor: number) => string;
  formatPercent: (bp: number) => string;
}

/** The deposit bonuses I may take with this deposit, each with its rule in one line; none is chosen by default. */
export function BonusChoice({ offers, value, onChange, format, formatPercent }: BonusChoiceProps) {
  const { t } = useTranslation('member-cashier');
  const name = `${useId()}-bonus`;
  const options: { code: string | null; title: string; rule: string | null }[] = [
    { code: null, title: t('bonus.none'), rule: null },
    ...offers.map((offer) => ({ code: offer.code, title: offer.title, rule: ruleOf(offer) })),
  ];

  function ruleOf(offer: BonusOffer): string {
    const percent = formatPercent(offer.percentBp);
    return [
      offer.maxBonusMinor === null
        ? t('bonus.percent', { percent })
        : t('bonus.percentUpTo', { percent, max: format(offer.maxBonusMinor) }),
      offer.minDepositMinor > 0 ? t('bonus.min', { min: format(offer.minDepositMinor) }) : null,
      offer.wageringMultiplier > 0 ? t('bonus.wagering', { times: offer.wageringMultiplier }) : t('bonus.noWagering'),
    ]
      .filter(Boolean)
      .join(' · ');
  }

  return (
    <fieldset className={`${styles.methods} ${styles.bonuses}`} data-testid="deposit-bonus">
      <legend className={styles.label}>{t('bonus.legend')}</legend>
      {options.map((option) => (
        <label key={option.code ?? ''} className={styles.method} data-checked={option.code === value}>
          <input
            type="radio"
            name={name}
            value={option.code ?? ''}
            checked={option.code === value}
            onChange={() => onChange(option.code)}
          />
          <span className={styles.methodBody}>
            <span className={styles.methodName}>{option.title}</span>
            {option.rule && <span className={styles.methodMeta}>{option.rule}</span>}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
