import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ErrorState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icon';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { usePlayer } from '../api/get-player';
import type { PlayerRef } from '../api/query-keys';
import { PlayerActions } from './player-actions';
import { PlayerBalancesCard } from './player-balances-card';
import { PlayerStatusBadge } from './player-labels';
import { PlayerProfileCard } from './player-profile-card';
import type { FromSearch } from './players-search';
import { PlayerTabs } from './player-tabs';
import styles from './players.module.css';

/**
 * A player's page: the account and its state, the balances, what the operator's roles let them do to it, and
 * tabs of its ledger, rounds, sessions, sign-ins and operators' notes.
 */
export function PlayerDetail({ brand, playerId }: PlayerRef) {
  const { t } = useTranslation('players');
  const location = useLocation();
  const from = (location.state as FromSearch | null)?.search ?? '';
  const ref = { brand, playerId };
  const query = usePlayer(ref);
  const back = (
    <Link to={`/brands/${encodeURIComponent(brand)}/players${from}`} className={styles.back}>
      <Icon name="chevronLeft" size={16} />
      {t('detail.back')}
    </Link>
  );
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <>
        <PageHeader title={t('detail.title')} back={back} />
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  }
  const player = query.data;
  return (
    <>
      <PageHeader
        title={
          <span className={styles.titleLine}>
            {player.account}
            <PlayerStatusBadge status={player.status} />
          </span>
        }
        subtitle={t('detail.subtitle', { id: player.id, nickname: player.nickname ?? '—' })}
        back={back}
      />
      <div className={styles.top}>
        <PlayerProfileCard player={player} />
        <div className={styles.side}>
          <PlayerBalancesCard playerRef={ref} player={player} />
          <PlayerActions playerRef={ref} player={player} />
        </div>
      </div>
      <PlayerTabs playerRef={ref} player={player} />
    </>
  );
}
