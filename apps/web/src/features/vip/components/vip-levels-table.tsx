import { VIP_REBATE_CATEGORIES, type VipFigures, type VipLevel, type VipLevels } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { useVipMoney } from '../../../components/ui/vip-progress';
import styles from './vip-levels-table.module.css';

/**
 * The brand's levels as a table: what each takes to reach and to keep, its bonuses, its withdrawal limits and its
 * rebate rates; the member's own level marked. In a narrow container each level is a card.
 */
export function VipLevelsTable({ levels, myRankLevel }: { levels: VipLevels; myRankLevel?: number | null }) {
  const { t, i18n } = useTranslation('member-vip');
  const money = useVipMoney(levels.currency, levels.currencyExponent);
  const percent = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'ko', {
    style: 'percent',
    maximumFractionDigits: 2,
  });

  const figures = (value: VipFigures) =>
    value.validBetMinor === 0 && value.depositMinor === 0 ? (
      <span className={styles.muted}>{t('levels.nothing')}</span>
    ) : (
      <span className={styles.lines}>
        {value.validBetMinor > 0 && <span>{t('levels.validBet', { amount: money(value.validBetMinor) })}</span>}
        {value.depositMinor > 0 && <span>{t('levels.deposit', { amount: money(value.depositMinor) })}</span>}
      </span>
    );

  const bonuses = ({ benefits }: VipLevel) => {
    const lines = [
      benefits.upgradeBonusMinor > 0 && t('levels.upgrade', { amount: money(benefits.upgradeBonusMinor) }),
      benefits.birthdayBonusMinor > 0 && t('levels.birthday', { amount: money(benefits.birthdayBonusMinor) }),
      benefits.monthlyBonusMinor > 0 && t('levels.monthly', { amount: money(benefits.monthlyBonusMinor) }),
    ].filter((line): line is string => typeof line === 'string');
    return lines.length === 0 ? <span className={styles.muted}>{t('levels.noBonus')}</span> : toLines(lines);
  };

  const withdrawals = ({ benefits: { withdrawal } }: VipLevel) => {
    const lines = [
      withdrawal.dailyCount !== null && t('levels.dailyCount', { count: withdrawal.dailyCount }),
      withdrawal.dailyMaxMinor !== null && t('levels.dailyMax', { amount: money(withdrawal.dailyMaxMinor) }),
      withdrawal.singleMaxMinor !== null && t('levels.singleMax', { amount: money(withdrawal.singleMaxMinor) }),
    ].filter((line): line is string => typeof line === 'string');
    return lines.length === 0 ? <span className={styles.muted}>{t('levels.noLimit')}</span> : toLines(lines);
  };

  const rebate = ({ benefits }: VipLevel) => {
    const lines = VIP_REBATE_CATEGORIES.flatMap((category) => {
      const bp = benefits.rebateBp[category];
      return bp ? [`${t(`categories.${category}`)} ${percent.format(bp / 10_000)}`] : [];
    });
    return lines.length === 0 ? <span className={styles.muted}>{t('levels.noRebate')}</span> : toLines(lines);
  };

  return (
    <div className={styles.frame}>
      <table className={styles.table}>
        <caption className={styles.caption}>{t('levels.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('levels.level')}</th>
            <th scope="col">{t('levels.reach')}</th>
            <th scope="col">{t('levels.keep')}</th>
            <th scope="col">{t('levels.bonuses')}</th>
            <th scope="col">{t('levels.withdrawals')}</th>
            <th scope="col">{t('levels.rebate')}</th>
          </tr>
        </thead>
        <tbody>
          {levels.levels.map((level) => {
            const isMine = level.rankLevel === myRankLevel;
            return (
              <tr
                key={level.rankLevel}
                className={styles.row}
                data-mine={isMine || undefined}
                aria-current={isMine ? 'true' : undefined}
              >
                <th scope="row">
                  <span className={styles.first}>
                    <strong className={styles.name}>{level.name}</strong>
                    <span className={styles.muted}>{t('mine.level', { level: level.rankLevel })}</span>
                    {isMine && <span className={styles.badge}>{t('levels.yours')}</span>}
                  </span>
                </th>
                <td data-label={t('levels.reach')}>{figures(level.reach)}</td>
                <td data-label={t('levels.keep')}>{figures(level.keep)}</td>
                <td data-label={t('levels.bonuses')}>{bonuses(level)}</td>
                <td data-label={t('levels.withdrawals')} className={styles.nowrap}>
                  {withdrawals(level)}
                </td>
                <td data-label={t('levels.rebate')} className={styles.nowrap}>
                  {rebate(level)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function toLines(lines: string[]) {
  return (
    <span className={styles.lines}>
      {lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </span>
  );
}
