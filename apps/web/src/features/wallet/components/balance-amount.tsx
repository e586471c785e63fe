import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon';
import { useBalance } from '../api/get-balance';
import { useBalancePush } from '../hooks/use-balance-push';
import { formatMoney } from '../../../lib/format-money';
import styles from './balance-amount.module.css';

// The panel and its calls load on first open, so the header stays light.
const WalletPanel = lazy(() => import('./wallet-panel').then((module) => ({ default: module.WalletPanel })));

/**
 * The header balance (docs/product/games-and-wallet.md#balance): sumBalance in the brand's currency, a refresh control,
 * and the 'balance updating' placeholder while there is no balance yet or the member asked for a new one.
 * The automatic reads (every 60 s) and pushed changes keep the shown balance until the new one is
 * there: it sits in a live region, and a placeholder on each read was read out about twice a minute.
 */
export function BalanceAmount({ hidden }: { hidden: boolean }) {
  const { t, i18n } = useTranslation('wallet');
  const balance = useBalance();
  useBalancePush();
  const [isRefreshing, setRefreshing] = useState(false);
  const isUpdating = isRefreshing || balance.isPending || (balance.isFetching && !balance.data);
  const [isPanelOpen, setPanelOpen] = useState(false);

  function onRefresh() {
    if (isUpdating) return;
    setRefreshing(true);
    void balance.refetch().finally(() => setRefreshing(false));
  }

  let text: string;
  if (hidden) text = '***';
  else if (balance.data && !isUpdating) {
    text = formatMoney(balance.data.sumBalance, {
      currency: balance.data.currency,
      exponent: balance.data.currencyExponent,
      locale: i18n.resolvedLanguage ?? i18n.language ?? 'ko',
    });
  } else if (balance.isError && !isUpdating) text = t('unavailable');
  else text = t('updating');

  return (
    <span className={styles.amount}>
      <button
        type="button"
        className={styles.value}
        data-state={isUpdating ? 'updating' : balance.isError ? 'error' : 'ready'}
        data-testid="balance-amount"
        aria-label={t('openPanel', { balance: text })}
        title={balance.isError ? balance.error.message : t('panel.title')}
        onClick={() => setPanelOpen(true)}
      >
        {text}
      </button>
      <button
        type="button"
        className={styles.refresh}
        aria-label={t('refresh')}
        title={t('refresh')}
        // Not `disabled`: a focused button that turns disabled drops focus to the page's body.
        aria-disabled={isUpdating}
        data-spinning={isUpdating ? '' : undefined}
        onClick={onRefresh}
      >
        <Icon name="refresh" size={14} />
      </button>
      {isPanelOpen && (
        <Suspense fallback={null}>
          <WalletPanel open={isPanelOpen} onOpenChange={setPanelOpen} />
        </Suspense>
      )}
    </span>
  );
}
