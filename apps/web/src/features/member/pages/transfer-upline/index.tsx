import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/empty-state';
import { addKoreanTexts } from '../../../../i18n';
import texts from '../../../../i18n/locales/ko/member-transfers.json';
import { ApiError } from '../../../../lib/api-client';
import { useOptionalBrand } from '../../../../lib/brand';
import { formatMoney } from '../../../../lib/format-money';
import { useUplineOverview } from './api/get-upline-overview';
import { UplineTransferForm } from './components/upline-transfer-form';
import styles from './transfer-upline.module.css';

// The Korean texts of this page come with its chunk (decision 0008).
addKoreanTexts('member-transfers', texts);

/**
 * transferUpline, the transfer to the upline agent (docs/product/member-centre.md#wallet-deposit-and-withdrawal): my
 * upline, the brand's limits and what is left of today's, my balance; then the amount and the payment password, and
 * the result with the balance after.
 */
export default function TransferUplinePage() {
  const { t, i18n } = useTranslation('member-transfers');
  const overview = useUplineOverview();
  const brand = useOptionalBrand()?.brand;

  const header = (
    <header className={styles.header}>
      <h2 className={styles.title}>{t('title')}</h2>
      <p className={styles.intro}>{t('intro')}</p>
    </header>
  );
  if (overview.isError) {
    return (
      <div className={styles.page}>
        {header}
        <EmptyState
          icon="info"
          title={t('error.title')}
          text={overview.error instanceof ApiError ? overview.error.message : undefined}
          action={
            <Button variant="secondary" onClick={() => void overview.refetch()}>
              {t('error.retry')}
            </Button>
          }
        />
      </div>
    );
  }
  if (!overview.data) {
    return (
      <div className={styles.page} aria-busy="true">
        {header}
        <p className={styles.intro}>{t('loading')}</p>
      </div>
    );
  }

  const data = overview.data;
  const exponent = brand?.currency === data.currency ? brand.currencyExponent : 0;
  const locale = i18n.resolvedLanguage ?? i18n.language ?? 'ko';
  const format = (minor: number) =>
    formatMoney(minor, { currency: data.currency, exponent, locale, display: 'symbol' });
  const upline = data.upline;
  if (!upline) {
    return (
      <div className={styles.page}>
        {header}
        <EmptyState icon="info" title={t('noUpline.title')} text={t('noUpline.text')} />
      </div>
    );
  }
  const leftToday = Math.max(0, data.limits.dailyMaxMinor - data.sentTodayMinor);
  return (
    <div className={styles.page}>
      {header}
      <section className={styles.upline} aria-label={t('upline.label')}>
        <span className={styles.cardLabel}>{t('upline.label')}</span>
        <span className={styles.uplineAccount}>{upline.account}</span>
        {upline.nickname && upline.nickname !== upline.account && (
          <span className={styles.hint}>{upline.nickname}</span>
        )}
      </section>
      <dl className={styles.figures}>
        <div className={styles.figure}>
          <dt className={styles.cardLabel}>{t('figures.balance')}</dt>
          <dd className={styles.figureValue}>{format(data.balanceMinor)}</dd>
        </div>
        <div className={styles.figure}>
          <dt className={styles.cardLabel}>{t('figures.leftToday')}</dt>
          <dd className={styles.figureValue}>{format(leftToday)}</dd>
          <dd className={styles.hint}>
            {t('figures.daily', { sent: format(data.sentTodayMinor), limit: format(data.limits.dailyMaxMinor) })}
          </dd>
        </div>
        <div className={styles.figure}>
          <dt className={styles.cardLabel}>{t('figures.perTransfer')}</dt>
          <dd className={styles.figureValue}>
            {format(data.limits.minMinor)} – {format(data.limits.maxMinor)}
          </dd>
        </div>
      </dl>
      <UplineTransferForm overview={{ ...data, upline }} exponent={exponent} format={format} />
    </div>
  );
}
