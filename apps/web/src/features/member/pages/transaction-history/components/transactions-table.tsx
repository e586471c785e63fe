import type { MemberTransaction } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { useOptionalBrand } from '../../../../../lib/brand';
import { formatMoney } from '../../../../../lib/format-money';
import styles from './transactions-table.module.css';

/** What a movement was for, as the member reads it: the game and round, or the operator's reason. */
function Reference({ row }: { row: MemberTransaction }) {
  const { t } = useTranslation('member-records');
  if (row.roundId) {
    return (
      <span className={styles.reference}>
        <strong>{row.gameName ?? row.vendorName ?? row.vassalage}</strong>
        <span className={styles.muted}>
          {row.vendorName ? `${row.vendorName} · ` : ''}
          {t(row.type === 'refund' ? 'reference.cancelledRound' : 'reference.round', { round: row.roundId })}
        </span>
      </span>
    );
  }
  return (
    <span className={styles.reference}>
      <strong>{row.note ?? t('reference.noNote')}</strong>
    </span>
  );
}

/**
 * The movements of a page: a table in the panel's wide area, a card a movement on a phone (a container query on
 * the page). Amounts in the brand's digits, signed; times in the brand's time zone.
 */
export function TransactionsTable({ rows, caption }: { rows: MemberTransaction[]; caption: string }) {
  const { t, i18n } = useTranslation('member-records');
  const brand = useOptionalBrand()?.brand;
  const locale = i18n.resolvedLanguage ?? 'ko';
  const time = new Intl.DateTimeFormat(locale, {
    dateStyle: 'short',
    timeStyle: 'medium',
    ...(brand?.timeZone ? { timeZone: brand.timeZone } : {}),
  });
  const money = (minor: number, currency: string, signed: boolean) =>
    formatMoney(minor, {
      currency,
      exponent: brand?.currency === currency ? brand.currencyExponent : 0,
      locale,
      display: 'symbol',
      ...(signed ? { signDisplay: 'exceptZero' as const } : {}),
    });

  return (
    <table className={styles.table}>
      <caption className={styles.caption}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('columns.reference')}</th>
          <th scope="col">{t('columns.type')}</th>
          <th scope="col">{t('columns.time')}</th>
          <th scope="col" className={styles.end}>
            {t('columns.amount')}
          </th>
          <th scope="col" className={styles.end}>
            {t('columns.balance')}
          </th>
          <th scope="col">{t('columns.number')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.transactionNo} className={styles.row}>
            <th scope="row" className={styles.first}>
              <Reference row={row} />
            </th>
            <td data-label={t('columns.type')}>
              <span className={styles.type} data-type={row.type}>
                {t(`types.${row.type}`)}
              </span>
            </td>
            <td data-label={t('columns.time')}>
              <time dateTime={row.at}>{time.format(new Date(row.at))}</time>
            </td>
            <td
              data-label={t('columns.amount')}
              className={styles.money}
              data-sign={row.amountMinor > 0 ? 'plus' : row.amountMinor < 0 ? 'minus' : 'zero'}
            >
              {money(row.amountMinor, row.currency, true)}
            </td>
            <td data-label={t('columns.balance')} className={styles.money}>
              {money(row.balanceAfterMinor, row.currency, false)}
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
