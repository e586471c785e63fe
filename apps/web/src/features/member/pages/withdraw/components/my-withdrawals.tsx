import type { Withdrawal } from '@parlay/contract';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../../components/ui/button';
import { useWithdrawals } from '../api/get-withdrawals';
import styles from '../withdraw.module.css';
import { ConfirmReceipt } from './confirm-receipt';

interface MyWithdrawalsProps {
  currency: string;
  exponent: number;
  format: (minor: number) => string;
  formatTime: (iso: string) => string;
}

/** What a withdrawal's row says under its state: the reason, the time to confirm, the case and its outcome. */
function Detail({
  withdrawal,
  format,
  formatTime,
}: { withdrawal: Withdrawal } & Pick<MyWithdrawalsProps, 'format' | 'formatTime'>) {
  const { t } = useTranslation('member-withdraw');
  const lines: string[] = [];
  if (withdrawal.rejectReason) lines.push(t('list.rejected', { reason: withdrawal.rejectReason }));
  if (withdrawal.status === 'paid' && withdrawal.confirmDueAt) {
    lines.push(t('list.confirmBy', { time: formatTime(withdrawal.confirmDueAt) }));
  }
  if (withdrawal.missingMinor !== null) lines.push(t('list.missing', { amount: format(withdrawal.missingMinor) }));
  if (withdrawal.caseStatus === 'open') lines.push(t('list.caseOpen'));
  if (withdrawal.caseStatus === 'resolved' && withdrawal.caseReason) {
    lines.push(t('list.caseResolved', { reason: withdrawal.caseReason }));
    if (withdrawal.caseRefundMinor) lines.push(t('list.refund', { amount: format(withdrawal.caseRefundMinor) }));
  }
  return lines.length ? (
    <span className={styles.rowNote}>
      {lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </span>
  ) : null;
}

/** My withdrawals with their states (a table on a wide panel, stacked cards on a phone) and the confirmation step. */
export function MyWithdrawals({ currency, exponent, format, formatTime }: MyWithdrawalsProps) {
  const { t } = useTranslation('member-withdraw');
  const list = useWithdrawals();
  const [open, setOpen] = useState<number | null>(null);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className={styles.section} aria-labelledby="withdraw-list-title">
      <h3 id="withdraw-list-title" className={styles.subtitle}>
        {t('list.title')}
      </h3>
      {list.data && items.length === 0 ? (
        <p className={styles.muted}>{t('list.empty')}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('list.time')}</th>
              <th scope="col">{t('list.account')}</th>
              <th scope="col" className={styles.number}>
                {t('list.amount')}
              </th>
              <th scope="col">{t('list.state')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((withdrawal) => (
              <Fragment key={withdrawal.id}>
                <tr data-testid="withdrawal-row" data-status={withdrawal.status}>
                  <td data-label={t('list.time')}>{formatTime(withdrawal.createdAt)}</td>
                  <td data-label={t('list.account')}>
                    {withdrawal.bankName} {withdrawal.accountNumberMasked}
                  </td>
                  <td data-label={t('list.amount')} className={styles.number}>
                    {format(withdrawal.amountMinor)}
                  </td>
                  <td data-label={t('list.state')} className={styles.stateCell}>
                    <span className={styles.state} data-state={withdrawal.status}>
                      {t(`states.${withdrawal.status}`)}
                    </span>
                    <Detail withdrawal={withdrawal} format={format} formatTime={formatTime} />
                    {withdrawal.status === 'paid' && open !== withdrawal.id && (
                      <Button size="small" onClick={() => setOpen(withdrawal.id)}>
                        {t('confirm.open')}
                      </Button>
                    )}
                  </td>
                </tr>
                {open === withdrawal.id && withdrawal.status === 'paid' && (
                  <tr className={styles.confirmRow}>
                    <td colSpan={4}>
                      <ConfirmReceipt
                        withdrawal={withdrawal}
                        currency={currency}
                        exponent={exponent}
                        onClose={() => setOpen(null)}
                      />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      )}
      {list.hasNextPage && (
        <Button
          variant="secondary"
          className={styles.more}
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {t('list.more')}
        </Button>
      )}
    </section>
  );
}
