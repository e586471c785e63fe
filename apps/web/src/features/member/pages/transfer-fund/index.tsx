import { MAIN_WALLET, type MerchantWallet } from '@parlay/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/empty-state';
import { addKoreanTexts } from '../../../../i18n';
import texts from '../../../../i18n/locales/ko/member-wallet.json';
import { ApiError } from '../../../../lib/api-client';
import { useOptionalBrand } from '../../../../lib/brand';
import { formatMoney } from '../../../../lib/format-money';
import { useMerchantWallet } from './api/get-merchant-wallet';
import { useRecallWallets } from './api/recall-wallets';
import { TransferForm } from './components/transfer-form';
import { isRefusal, newRequestId } from './lib/request-id';
import styles from './transfer-fund.module.css';

// The Korean texts of this page come with its chunk (decision 0008).
addKoreanTexts('member-wallet', texts);

type Wallet = MerchantWallet['wallets'][number];

function WalletCard({ wallet, name, amount }: { wallet: Wallet; name: string; amount: string }) {
  const { t } = useTranslation('member-wallet');
  return (
    <li className={styles.wallet} data-main={wallet.walletCode === MAIN_WALLET}>
      <span className={styles.walletName}>{name}</span>
      <span className={styles.walletAmount}>{amount}</span>
      {wallet.acceptsTransfers === false && (
        <span className={styles.badge} title={t('maintenanceHint')}>
          {t('maintenance')}
        </span>
      )}
    </li>
  );
}

/**
 * transferFund, my wallet (docs/product/games-and-wallet.md#one-wallet-and-transfers): the main wallet and, on a brand
 * with vendor wallets, each transfer vendor's, with a transfer between them and "move all to main". A brand with
 * one wallet shows that balance and says so.
 */
export default function TransferFundPage() {
  const { t, i18n } = useTranslation('member-wallet');
  const wallet = useMerchantWallet();
  const brand = useOptionalBrand()?.brand;
  const recall = useRecallWallets();
  const recallId = useRef<string | null>(null);
  const [recalled, setRecalled] = useState(false);

  if (wallet.isError) {
    return (
      <div className={styles.page}>
        <h2 className={styles.title}>{t('title')}</h2>
        <EmptyState
          icon="info"
          title={t('error.title')}
          text={wallet.error instanceof ApiError ? wallet.error.message : undefined}
          action={
            <Button variant="secondary" onClick={() => void wallet.refetch()}>
              {t('error.retry')}
            </Button>
          }
        />
      </div>
    );
  }
  if (!wallet.data) {
    return (
      <div className={styles.page} aria-busy="true">
        <h2 className={styles.title}>{t('title')}</h2>
        <p className={styles.muted}>{t('loading')}</p>
      </div>
    );
  }

  const { isSingle, currency, wallets } = wallet.data;
  const exponent = brand?.currency === currency ? brand.currencyExponent : 0;
  const locale = i18n.resolvedLanguage ?? i18n.language ?? 'ko';
  const format = (minor: number) => formatMoney(minor, { currency, exponent, locale, display: 'symbol' });
  const nameOf = (entry: Wallet) => (entry.walletCode === MAIN_WALLET ? t('mainWallet') : entry.displayName);
  const total = wallets.reduce((sum, entry) => sum + entry.balanceMinor, 0);
  const vendors = wallets.filter((entry) => entry.walletCode !== MAIN_WALLET);
  const inVendors = vendors.reduce((sum, entry) => sum + entry.balanceMinor, 0);

  function onRecall() {
    recallId.current ??= newRequestId();
    setRecalled(false);
    recall.mutate(
      { requestId: recallId.current },
      {
        onSuccess: () => {
          recallId.current = null;
          setRecalled(true);
        },
        onError: (error) => {
          if (isRefusal(error)) recallId.current = null;
        },
      },
    );
  }

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h2 className={styles.title}>{t('title')}</h2>
        <p className={styles.intro}>{isSingle ? t('introSingle') : t('intro')}</p>
      </header>

      <section className={styles.total} aria-label={t('total')}>
        <span className={styles.totalLabel}>{t('total')}</span>
        <span className={styles.totalAmount}>{format(total)}</span>
      </section>

      <section className={styles.section} aria-labelledby="transfer-fund-wallets">
        <div className={styles.sectionHead}>
          <h3 id="transfer-fund-wallets" className={styles.subtitle}>
            {t('wallets')}
          </h3>
          {!isSingle && vendors.length > 0 && (
            <Button
              variant="secondary"
              size="small"
              disabled={recall.isPending || inVendors === 0}
              title={inVendors === 0 ? t('recall.nothing') : undefined}
              onClick={onRecall}
            >
              {recall.isPending ? t('recall.busy') : t('recall.button')}
            </Button>
          )}
        </div>
        <ul className={styles.wallets}>
          {wallets.map((entry) => (
            <WalletCard
              key={entry.walletCode}
              wallet={entry}
              name={nameOf(entry)}
              amount={format(entry.balanceMinor)}
            />
          ))}
        </ul>
        {!isSingle && vendors.length === 0 && <p className={styles.muted}>{t('noVendors')}</p>}
        {recall.isError && (
          <p className={styles.error} role="alert">
            {recall.error instanceof ApiError ? recall.error.message : t('errors.failed')}
          </p>
        )}
        {recalled && !recall.isError && (
          <p className={styles.success} role="status">
            {t('recall.done')}
          </p>
        )}
      </section>

      {!isSingle && vendors.length > 0 && (
        <TransferForm wallets={wallets} currency={currency} exponent={exponent} format={format} />
      )}
    </div>
  );
}
