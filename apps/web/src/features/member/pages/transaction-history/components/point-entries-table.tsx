import type { PointEntry } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { useOptionalBrand } from '../../../../../lib/brand';
import styles from './transactions-table.module.css';

/** The point entries of a page, laid out as the money record's movements; points with up to 2 decimals. */
export function PointEntriesTable({ rows, caption }: { rows: PointEntry[]; caption: string }) {
  const { t, i18n } = useTranslation('member-records');
  const timeZone = useOptionalBrand()?.brand.timeZone;
  const locale = i18n.resolvedLanguage ?? 'ko';
  const time = new Intl.DateTimeFormat(locale, {
    dateStyle: 'short',
    timeStyle: 'medium',
    ...(timeZone ? { timeZone } : {}),
  });
  const points = (minor: number, signed: boolean) =>
    new Intl.NumberFormat(locale, {
      maximumFractionDigits: 2,
      ...(signed ? { signDisplay: 'exceptZero' as const } : {}),
    }).format(minor / 100);

  return (
    <table className={styles.table}>
      <caption className={styles.caption}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('columns.reference')}</th>
          <th scope="col">{t('columns.type')}</th>
          <th scope="col">{t('columns.time')}</th>
          <th scope="col" className={styles.end}>
            {t('columns.points')}
          </th>
          <th scope="col" className={styles.end}>
            {t('columns.pointsBalance')}
          </th>
          <th scope="col">{t('columns.number')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.transactionNo} className={styles.row}>
            <th scope="row" className={styles.first}>
              <span className={styles.reference}>
                <strong>{row.note ?? t(`pointTypes.${row.type}`)}</strong>
              </span>
            </th>
            <td data-label={t('columns.type')}>
              <span className={styles.type} data-type={row.type}>
                {t(`pointTypes.${row.type}`)}
              </span>
            </td>
            <td data-label={t('columns.time')}>
              <time dateTime={row.at}>{time.format(new Date(row.at))}</time>
            </td>
            <td
              data-label={t('columns.points')}
              className={styles.money}
              data-sign={row.pointsMinor > 0 ? 'plus' : row.pointsMinor < 0 ? 'minus' : 'zero'}
            >
              {points(row.pointsMinor, true)}
            </td>
            <td data-label={t('columns.pointsBalance')} className={styles.money}>
              {points(row.balanceAfterPointsMinor, false)}
            </td>
            <td data-label={t('columns.number')} className={styles.muted}>
              {row.transactionNo}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
