import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/empty-state';
import { addKoreanTexts } from '../../../../i18n';
import texts from '../../../../i18n/locales/ko/member-rebates.json';
import { ApiError } from '../../../../lib/api-client';
import { useClaimRebates } from './api/claim-rebates';
import { useRebates } from './api/get-rebates';
import { CurrentPeriod } from './components/current-period';
import { formatsFor } from './components/format';
import { PaidList } from './components/paid-list';
import styles from './manual-rebate.module.css';

// The Korean texts of this page come with its chunk (decision 0008).
addKoreanTexts('member-rebates', texts);

function newRequestId(): string {
  return `web-${crypto.randomUUID()}`;
}

/**
 * manualRebate, cashback (docs/product/member-centre.md#rewards-missions-and-promotions, decision 0051): what the
 * current period has accrued by game type at my level's rates, the finished periods to claim with one action, and
 * the cashback paid.
 */
export default function ManualRebatePage() {
  const { t, i18n } = useTranslation('member-rebates');
  const rebates = useRebates();
  const claim = useClaimRebates();
  const [done, setDone] = useState<number | null>(null);
  // One id per claim attempt: a retry of an attempt that got no answer sends the same one (paid once).
  const pending = useRef<string | null>(null);

  if (rebates.isError) {
    return (
      <div className={styles.page}>
        <h2 className={styles.title}>{t('title')}</h2>
        <EmptyState
          icon="info"
          title={t('error.title')}
          text={rebates.error instanceof ApiError ? rebates.error.message : undefined}
          action={
            <Button variant="secondary" onClick={() => void rebates.refetch()}>
              {t('error.retry')}
            </Button>
          }
        />
      </div>
    );
  }
  if (!rebates.data) {
    return (
      <div className={styles.page} aria-busy="true">
        <h2 className={styles.title}>{t('title')}</h2>
        <p className={styles.muted}>{t('loading')}</p>
      </div>
    );
  }

  const data = rebates.data;
  const locale = i18n.resolvedLanguage ?? i18n.language ?? 'ko';
  const formats = formatsFor(locale, data.currency, data.currencyExponent, data.timeZone);
  const onClaim = () => {
    pending.current ??= newRequestId();
    setDone(null);
    claim.mutate(
      { requestId: pending.current },
      {
        onSuccess: (result) => {
          pending.current = null;
          setDone(result.amountMinor);
        },
        onError: (error) => {
          // A refusal is an answer: the next attempt is a new request.
          if (error instanceof ApiError) pending.current = null;
        },
      },
    );
  };

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h2 className={styles.title}>{t('title')}</h2>
        <p className={styles.muted}>{t(`intro.${data.period}`, { timeZone: data.timeZone })}</p>
        <p className={styles.level}>{t('level', { name: data.rankName })}</p>
      </header>
      {!data.enabled && <p className={styles.notice}>{t('paused')}</p>}
      {data.autoPay && <p className={styles.notice}>{t('autoPay')}</p>}

      <section className={`${styles.card} ${styles.claimCard}`} aria-labelledby="rebate-claim">
        <header className={styles.cardHeader}>
          <div>
            <h3 id="rebate-claim" className={styles.heading}>
              {t('claim.heading')}
            </h3>
            <span className={styles.muted}>{t('claim.total')}</span>
            <strong className={styles.bigAmount} data-testid="rebate-claimable">
              {formats.money(data.claimableMinor)}
            </strong>
          </div>
          <Button
            onClick={onClaim}
            disabled={data.claimableMinor <= 0 || claim.isPending}
            aria-busy={claim.isPending || undefined}
          >
            {claim.isPending
              ? t('claim.busy')
              : data.claimableMinor > 0
                ? t('claim.button', { amount: formats.money(data.claimableMinor) })
                : t('claim.buttonEmpty')}
          </Button>
        </header>
        {done !== null && (
          <p className={styles.success} role="status">
            {t('claim.done', { amount: formats.money(done) })}
          </p>
        )}
        {claim.error && (
          <p className={styles.error} role="alert">
            {claim.error instanceof ApiError ? claim.error.message : t('error.title')}
          </p>
        )}
        {data.claimable.length > 0 ? (
          <table className={styles.table}>
            <caption className={styles.caption}>{t('periods.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('columns.period')}</th>
                <th scope="col" className={styles.end}>
                  {t('columns.validBet')}
                </th>
                <th scope="col" className={styles.end}>
                  {t('columns.rebate')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.claimable.map((period) => (
                <tr key={period.periodStart} className={styles.row}>
                  <th scope="row" className={styles.first}>
                    {formats.period(period.periodStart, period.periodEnd)}
                  </th>
                  <td data-label={t('columns.validBet')} className={styles.money}>
                    {formats.money(period.validBetMinor)}
                  </td>
                  <td data-label={t('columns.rebate')} className={styles.money}>
                    {formats.money(period.rebateMinor)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          data.settling.length === 0 && <p className={styles.muted}>{t('claim.none')}</p>
        )}
        {data.settling.map((period) => (
          <p key={period.periodStart} className={styles.muted}>
            {t('claim.settling', {
              period: formats.period(period.periodStart, period.periodEnd),
              amount: formats.money(period.rebateMinor),
              time: formats.time(period.claimableFrom),
            })}
          </p>
        ))}
      </section>

      <CurrentPeriod data={data} formats={formats} />
      <PaidList paid={data.paid} formats={formats} />
    </div>
  );
}
