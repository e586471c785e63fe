import type { AgentIncome, SettlementLine } from '@parlay/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isReadableRange, previousDays, todayIn, type DateRangeValue } from '../../../components/ui/date-range';
import { useOptionalBrand } from '../../../lib/brand';
import { signOf, useMoney } from '../lib/use-money';
import own from './settlement-lines.module.css';
import styles from './team-records.module.css';

/** The money and time of the answer the lines came with. */
export type IncomeFrame = Pick<AgentIncome, 'currency' | 'currencyExponent' | 'timeZone'>;

/**
 * The period of a settlement report (my income, a contract page's records): the brand's days a settled period ends
 * in, the last 30 first (the period picker's preset; a month's dividend shows once its month has ended).
 */
export function useSettlementPeriod() {
  const today = todayIn(useOptionalBrand()?.brand?.timeZone ?? 'Asia/Seoul');
  const [period, setPeriod] = useState<DateRangeValue>(() => previousDays(30, today));
  return { today, period, setPeriod, readable: isReadableRange(period) };
}

/** A report's days as text, "Nov 1, 2026 – Nov 30, 2026" (days of the brand's calendar, as the answer gives them). */
export function useDaysLabel() {
  const { i18n } = useTranslation();
  const day = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'ko', { dateStyle: 'medium', timeZone: 'UTC' });
  const dayOf = (value: string) => day.format(new Date(`${value}T00:00:00Z`));
  return (from: string, to: string) => (from === to ? dayOf(from) : `${dayOf(from)} – ${dayOf(to)}`);
}

/**
 * The texts of a settlement period: its dates (a day rhythm ends at the next day's start, excluded, so its last day
 * is the one before) or, for a salary of 5 minutes or an hour, its times; in the brand's time zone.
 */
export function usePeriodLabel(timeZone: string) {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'ko';
  const days = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone });
  const times = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone });
  return (line: Pick<SettlementLine, 'rhythm' | 'periodStart' | 'periodEnd'>) => {
    const start = new Date(line.periodStart);
    const end = new Date(line.periodEnd);
    if (line.rhythm === '5m' || line.rhythm === '1h') return times.formatRange(start, end);
    if (line.rhythm === 'D') return days.format(start);
    return days.formatRange(start, new Date(end.getTime() - 1));
  };
}

/**
 * Settlement lines, one a contract and period, newest first (decision 0068): the team's figures, the tier's rate on
 * its base, the amount, signed for the caller (+ earned, − paid to a downline agent), and its state; a card each on a
 * phone. The income page shows every kind (`showKind`: the kind under the period, eight columns fit the panel); a
 * contract page its own kind's records.
 */
export function SettlementLines({
  frame,
  lines,
  label,
  showKind,
  more,
}: {
  frame: IncomeFrame;
  lines: readonly SettlementLine[];
  /** The table's name (its scroll region's). */
  label: string;
  showKind: boolean;
  more?: ReactNode;
}) {
  const { t, i18n } = useTranslation('member-agent');
  const { format, formatSigned } = useMoney(frame.currency, frame.currencyExponent);
  const periodOf = usePeriodLabel(frame.timeZone);
  const locale = i18n.resolvedLanguage ?? 'ko';
  const count = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });

  return (
    <>
      <div className={`${styles.scroll} ${own.lines}`} role="region" aria-label={label} tabIndex={0}>
        <table className={styles.rows}>
          <thead>
            <tr>
              <th scope="col">{showKind ? t('income.periodAndKind') : t('income.period')}</th>
              <th scope="col" className={styles.start}>
                {t('income.direction')}
              </th>
              <th scope="col">{t('figures.activeMembers')}</th>
              <th scope="col">{t('figures.validBet')}</th>
              <th scope="col">{t('figures.profitLoss')}</th>
              <th scope="col">{t('income.rate')}</th>
              <th scope="col">{t('income.amount')}</th>
              <th scope="col">{t('contracts.statusLabel')}</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => {
              // The caller's side of the money: what it earned adds, what it pays its downline takes.
              const signed = line.direction === 'earned' ? line.amountMinor : -line.amountMinor;
              // A salary is measured by its type, a dividend by its period (its rhythm).
              const basis = line.salaryType
                ? t(`contracts.salaryTypes.${line.salaryType}`)
                : t(`income.rhythms.${line.rhythm}`);
              return (
                <tr key={line.id} data-direction={line.direction}>
                  <th scope="row">
                    <span className={styles.account}>{periodOf(line)}</span>
                    <span className={styles.sub} data-kind={line.kind}>
                      {showKind
                        ? `${t(`income.kinds.${line.kind}`)} · ${basis}`
                        : line.salaryType
                          ? `${t(`income.rhythms.${line.rhythm}`)} · ${basis}`
                          : basis}
                    </span>
                  </th>
                  <td className={styles.start} data-label={t('income.direction')}>
                    {line.direction === 'earned' ? (
                      <>
                        <span>{t('income.directions.earned')}</span>
                        <span className={styles.sub}>
                          {line.payerAccount === null
                            ? t('income.directions.fromSite')
                            : t('income.directions.from', { account: line.payerAccount })}
                        </span>
                      </>
                    ) : (
                      <span>{t('income.directions.paidTo', { account: line.agentAccount })}</span>
                    )}
                  </td>
                  <td data-label={t('figures.activeMembers')}>{count.format(line.activeMembers)}</td>
                  <td data-label={t('figures.validBet')}>{format(line.validBetMinor)}</td>
                  <td data-label={t('figures.profitLoss')} data-sign={signOf(line.profitLossMinor)}>
                    {formatSigned(line.profitLossMinor)}
                  </td>
                  {/* The rate and what it applies to: the base, after a dividend's carried loss; a negative base
                      is carried whole to the next period. */}
                  <td data-label={t('income.rate')}>
                    <span>{line.rateBp === 0 ? '—' : `${percent.format(line.rateBp / 100)}%`}</span>
                    <span className={styles.sub}>
                      {line.carryMinor < 0
                        ? t('income.carry', { amount: format(line.carryMinor) })
                        : t('income.onBase', { amount: format(line.baseMinor) })}
                    </span>
                  </td>
                  <td data-label={t('income.amount')} data-sign={signOf(signed)}>
                    {formatSigned(signed)}
                  </td>
                  <td data-label={t('contracts.statusLabel')}>
                    <span className={`${styles.status} ${own.status}`} data-line-status={line.status}>
                      {t(`income.status.${line.status}`)}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {more}
    </>
  );
}
