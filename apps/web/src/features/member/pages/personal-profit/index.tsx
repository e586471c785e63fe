import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/ui/empty-state';
import { addKoreanTexts } from '../../../../i18n';
import texts from '../../../../i18n/locales/ko/member-history.json';
import { useOptionalBrand } from '../../../../lib/brand';
import { Figures } from '../personal-history-copy/components/figures';
import {
  DateRange,
  isReadableRange,
  previousDays,
  todayIn,
  type DateRangeValue,
} from '../../../../components/ui/date-range';
import { signOf, useMoney } from '../personal-history-copy/lib/use-money';
import { useBettingProfit } from './api/get-betting-profit';
import { ProfitChart } from './components/profit-chart';
import styles from './personal-profit.module.css';

// The Korean texts of the records and the profit pages come with their chunks (decision 0008).
addKoreanTexts('member-history', texts);

/**
 * personalProfit, the personal profit and loss (docs/product/member-centre.md#records): the member's settled
 * rounds of a period of the brand's days, by day (a bar chart and a table) and by category, with the totals.
 */
export default function PersonalProfitPage() {
  const { t, i18n } = useTranslation('member-history');
  const brand = useOptionalBrand()?.brand;
  const today = todayIn(brand?.timeZone ?? 'Asia/Seoul');
  const [period, setPeriod] = useState<DateRangeValue>(() => previousDays(30, today));
  const readable = isReadableRange(period);
  const profit = useBettingProfit(period.from, period.to, readable);
  const { format, formatSigned } = useMoney();
  const dayFormat = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'ko', { dateStyle: 'medium', timeZone: 'UTC' });

  const data = profit.data;
  const currency = data?.currency ?? brand?.currency ?? 'KRW';
  const played = data ? data.days.filter((day) => day.rounds > 0).reverse() : [];

  return (
    <div className={styles.page}>
      <h2 className={styles.title}>{t('profit.title')}</h2>
      <DateRange value={period} today={today} onChange={setPeriod} allowFuture={false} />

      {profit.isPending ? (
        <p className={styles.muted}>{t('loading')}</p>
      ) : profit.isError ? (
        <p className={styles.error} role="alert">
          {profit.error.message}
        </p>
      ) : data ? (
        <>
          <Figures figures={data.totals} currency={currency} label={t('records.totals')} />
          {data.totals.rounds === 0 ? (
            <EmptyState compact icon="record" title={t('profit.empty')} text={t('profit.emptyText')} />
          ) : (
            <>
              <ProfitChart profit={data} formatSigned={(minor) => formatSigned(minor, currency)} />
              <div className={styles.tables}>
                <section aria-labelledby="profit-by-category">
                  <h3 id="profit-by-category">{t('profit.byCategory')}</h3>
                  <table className={styles.table}>
                    <thead>
                      <tr>
                        <th scope="col">{t('profit.category')}</th>
                        <th scope="col">{t('figures.stake')}</th>
                        <th scope="col">{t('figures.profit')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.categories.map((category) => (
                        <tr key={category.gameType}>
                          <th scope="row">
                            {category.gameType
                              ? t(`categories.${category.gameType}`, { defaultValue: category.gameType })
                              : t('records.other')}
                          </th>
                          <td>{format(category.stakeMinor, currency)}</td>
                          <td data-sign={signOf(category.profitMinor)}>
                            {formatSigned(category.profitMinor, currency)}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </section>
                <section aria-labelledby="profit-by-day">
                  <h3 id="profit-by-day">{t('profit.byDay')}</h3>
                  <table className={styles.table}>
                    <thead>
                      <tr>
                        <th scope="col">{t('profit.day')}</th>
                        <th scope="col">{t('figures.stake')}</th>
                        <th scope="col">{t('figures.profit')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {played.map((day) => (
                        <tr key={day.day}>
                          <th scope="row">{dayFormat.format(new Date(`${day.day}T00:00:00Z`))}</th>
                          <td>{format(day.stakeMinor, currency)}</td>
                          <td data-sign={signOf(day.profitMinor)}>{formatSigned(day.profitMinor, currency)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </section>
              </div>
            </>
          )}
        </>
      ) : null}
    </div>
  );
}
