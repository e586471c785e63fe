import type { BettingRecord } from '@parlay/contract';
import { Fragment, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../../../components/ui/icon';
import { signOf, useMoney } from '../lib/use-money';
import { RoundDetail } from './round-detail';
import styles from './records-table.module.css';

function RecordRow({ record }: { record: BettingRecord }) {
  const { t, i18n } = useTranslation('member-history');
  const { format, formatSigned } = useMoney();
  const [open, setOpen] = useState(false);
  const detailId = useId();
  const time = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'ko', {
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date(record.startedAt));
  return (
    <Fragment>
      <tr className={styles.row} data-open={open ? '' : undefined}>
        <th scope="row" className={styles.game}>
          <strong>{record.gameName}</strong>
          <span className={styles.muted}>{record.vendorName}</span>
        </th>
        <td data-label={t('records.time')} className={styles.time}>
          {time}
        </td>
        <td data-label={t('figures.stake')} className={styles.money}>
          {format(record.stakeMinor, record.currency)}
        </td>
        <td data-label={t('figures.validBet')} className={styles.money}>
          {format(record.validBetMinor, record.currency)}
        </td>
        <td data-label={t('figures.payout')} className={styles.money}>
          {format(record.winMinor, record.currency)}
        </td>
        {/* An open round has no result yet: its win or loss is not 0, it is not known. */}
        <td
          data-label={t('figures.profit')}
          className={styles.money}
          data-sign={record.status === 'open' ? 'open' : signOf(record.profitMinor)}
        >
          {record.status === 'open' ? t('records.profitOpen') : formatSigned(record.profitMinor, record.currency)}
        </td>
        <td data-label={t('records.status')}>
          <span className={styles.status} data-status={record.status}>
            {t(`records.statuses.${record.status}`)}
          </span>
        </td>
        <td className={styles.toggleCell}>
          <button
            type="button"
            className={styles.toggle}
            aria-expanded={open}
            aria-controls={open ? detailId : undefined}
            aria-label={t('detail.toggle', { game: record.gameName, time })}
            onClick={() => setOpen((value) => !value)}
          >
            <span aria-hidden="true">{t('detail.show')}</span>
            <Icon name="chevronDown" size={14} />
          </button>
        </td>
      </tr>
      {open && (
        <tr className={styles.detailRow}>
          <td colSpan={8}>
            <RoundDetail id={detailId} record={record} formatSigned={formatSigned} />
          </td>
        </tr>
      )}
    </Fragment>
  );
}

/** The rounds of a page: a table on a wide panel, a card a round on a phone; each round opens its detail. */
export function RecordsTable({ records, caption }: { records: BettingRecord[]; caption: string }) {
  const { t } = useTranslation('member-history');
  return (
    <table className={styles.table}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('records.game')}</th>
          <th scope="col">{t('records.time')}</th>
          <th scope="col">{t('figures.stake')}</th>
          <th scope="col">{t('figures.validBet')}</th>
          <th scope="col">{t('figures.payout')}</th>
          <th scope="col">{t('figures.profit')}</th>
          <th scope="col">{t('records.status')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('detail.show')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {records.map((record) => (
          <RecordRow key={`${record.vassalage}-${record.roundId}`} record={record} />
        ))}
      </tbody>
    </table>
  );
}
