import type { PlayerProfile } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/empty-state';
import { usePlayerBalances } from '../api/get-player-balances';
import type { PlayerRef } from '../api/query-keys';
import { formatMinor } from '../lib/money';
import styles from './players.module.css';

/** The player's money: the total, each wallet, and the stakes on rounds not settled yet. */
export function PlayerBalancesCard({ playerRef, player }: { playerRef: PlayerRef; player: PlayerProfile }) {
  const { t } = useTranslation('players');
  const query = usePlayerBalances(playerRef);
  const money = (minor: number) => formatMinor(minor, player.currency, player.currencyExponent);
  return (
    <section className={styles.card} aria-labelledby="player-balances">
      <h2 id="player-balances" className={styles.cardTitle}>
        {t('balances.title')}
      </h2>
      {query.isPending && <p className={styles.note}>{t('common:loading')}</p>}
      {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && (
        <>
          <p className={styles.total} data-testid="player-balance">
            {money(query.data.sumBalance)}
          </p>
          <dl className={styles.wallets}>
            {query.data.wallets.map((wallet) => (
              <div key={wallet.walletCode} className={styles.fact}>
                <dt>{wallet.walletCode === 'MAIN' ? t('balances.main') : wallet.displayName}</dt>
                <dd>{money(wallet.balanceMinor)}</dd>
              </div>
            ))}
            <div className={styles.fact}>
              <dt>{t('balances.inPlay')}</dt>
              <dd>
                {money(query.data.inPlayMinor)}
                <span className={styles.note}> {t('balances.openRounds', { count: query.data.openRounds })}</span>
              </dd>
            </div>
          </dl>
        </>
      )}
    </section>
  );
}
