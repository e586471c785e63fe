import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/empty-state';
import { addKoreanTexts } from '../../../../i18n';
import texts from '../../../../i18n/locales/ko/member-withdraw.json';
import { ApiError } from '../../../../lib/api-client';
import { formatMoney } from '../../../../lib/format-money';
import { useOverview } from './api/get-overview';
import { BankAccounts } from './components/bank-accounts';
import { MyWithdrawals } from './components/my-withdrawals';
import { WithdrawForm } from './components/withdraw-form';
import styles from './withdraw.module.css';

// The Korean texts of this page come with its chunk (decision 0008).
addKoreanTexts('member-withdraw', texts);

/**
 * withdraw (docs/product/member-centre.md#withdrawal-confirmation, decision 0041): the member's bank accounts, the
 * request with the brand's rules and the turnover progress, and my withdrawals with the confirmation of each payout.
 */
export default function WithdrawPage() {
  const { t, i18n } = useTranslation('member-withdraw');
  const overview = useOverview();

  if (overview.isError) {
    return (
      <div className={styles.page}>
        <h2 className={styles.title}>{t('title')}</h2>
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
        <h2 className={styles.title}>{t('title')}</h2>
        <p className={styles.muted}>{t('loading')}</p>
      </div>
    );
  }

  const data = overview.data;
  const locale = i18n.resolvedLanguage ?? i18n.language ?? 'ko';
  const format = (minor: number) =>
    formatMoney(minor, { currency: data.currency, exponent: data.currencyExponent, locale, display: 'symbol' });
  const timeFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const formatTime = (iso: string) => timeFormat.format(new Date(iso));

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h2 className={styles.title}>{t('title')}</h2>
        <p className={styles.muted}>{t('intro')}</p>
        <p className={styles.balance}>
          <span className={styles.label}>{t('balance')}</span>
          <strong data-testid="withdraw-balance">{format(data.balanceMinor)}</strong>
        </p>
      </header>
      <BankAccounts overview={data} />
      <WithdrawForm key={data.bankAccounts.map((account) => account.id).join(',')} overview={data} format={format} />
      <MyWithdrawals
        currency={data.currency}
        exponent={data.currencyExponent}
        format={format}
        formatTime={formatTime}
      />
    </div>
  );
}
