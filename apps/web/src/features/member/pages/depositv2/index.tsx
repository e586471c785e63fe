import type { DepositOrder } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/empty-state';
import { addKoreanTexts } from '../../../../i18n';
import texts from '../../../../i18n/locales/ko/member-cashier.json';
import { ApiError } from '../../../../lib/api-client';
import { useOptionalBrand } from '../../../../lib/brand';
import { formatMoney } from '../../../../lib/format-money';
import { useBonusOffers } from './api/get-bonus-offers';
import { useDepositMethods } from './api/get-deposit-methods';
import { useDeposits } from './api/get-deposits';
import { DepositForm } from './components/deposit-form';
import { OrderInstructions } from './components/order-instructions';
import { RecentDeposits } from './components/recent-deposits';
import styles from './depositv2.module.css';

// The Korean texts of this page come with its chunk (decision 0008).
addKoreanTexts('member-cashier', texts);

/**
 * depositv2, the deposit (docs/product/member-centre.md#wallet-deposit-and-withdrawal): the brand's methods, the
 * amount with quick amounts within the method's minimum and maximum, then the provider's page or the bank account
 * and the reference to transfer with; and my recent deposits with their states.
 */
export default function DepositPage() {
  const { t, i18n } = useTranslation('member-cashier');
  const methods = useDepositMethods();
  const deposits = useDeposits();
  // A deposit bonus to choose, when the brand offers one to me now; the deposit works without it.
  const offers = useBonusOffers();
  const brand = useOptionalBrand()?.brand;
  const [order, setOrder] = useState<DepositOrder | null>(null);

  if (methods.isError) {
    return (
      <div className={styles.page}>
        <h2 className={styles.title}>{t('title')}</h2>
        <EmptyState
          icon="info"
          title={t('error.title')}
          text={methods.error instanceof ApiError ? methods.error.message : undefined}
          action={
            <Button variant="secondary" onClick={() => void methods.refetch()}>
              {t('error.retry')}
            </Button>
          }
        />
      </div>
    );
  }
  if (!methods.data) {
    return (
      <div className={styles.page} aria-busy="true">
        <h2 className={styles.title}>{t('title')}</h2>
        <p className={styles.muted}>{t('loading')}</p>
      </div>
    );
  }

  const { currency, items } = methods.data;
  const exponent = brand?.currency === currency ? brand.currencyExponent : 0;
  const locale = i18n.resolvedLanguage ?? i18n.language ?? 'ko';
  const format = (minor: number) => formatMoney(minor, { currency, exponent, locale, display: 'symbol' });
  const timeFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const formatTime = (iso: string) => timeFormat.format(new Date(iso));
  const percentFormat = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const formatPercent = (bp: number) => percentFormat.format(bp / 100);

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h2 className={styles.title}>{t('title')}</h2>
        <p className={styles.muted}>{t('intro')}</p>
      </header>
      {items.length === 0 ? (
        <p className={styles.muted}>{t('noMethods')}</p>
      ) : order ? (
        <OrderInstructions order={order} format={format} formatTime={formatTime} onAnother={() => setOrder(null)} />
      ) : (
        <DepositForm
          methods={items}
          currency={currency}
          exponent={exponent}
          format={format}
          offers={offers.data?.items ?? []}
          formatPercent={formatPercent}
          onCreated={setOrder}
        />
      )}
      {deposits.data && <RecentDeposits orders={deposits.data.items} format={format} formatTime={formatTime} />}
    </div>
  );
}
