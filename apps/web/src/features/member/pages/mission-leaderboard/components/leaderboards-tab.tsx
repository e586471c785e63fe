import { useTranslation } from 'react-i18next';
import { Button } from '../../../../../components/ui/button';
import { EmptyState } from '../../../../../components/ui/empty-state';
import { ApiError } from '../../../../../lib/api-client';
import { useLeaderboards } from '../api/get-leaderboards';
import styles from '../leaderboards.module.css';
import { formatsFor } from './format';
import { LeaderboardCard } from './leaderboard-card';

/**
 * missionLeaderboard, leaderboards (docs/product/member-centre.md#rewards-missions-and-promotions, decision 0056):
 * the brand's leaderboards with this period's top 10 (accounts masked), my rank, the prizes paid at the period's end,
 * the time left, and the last period's winners.
 */
export function LeaderboardsTab({ now }: { now: number }) {
  const { t, i18n } = useTranslation('member-leaderboards');
  const boards = useLeaderboards();
  const data = boards.data;

  if (boards.isError && !data) {
    return (
      <EmptyState
        icon="info"
        title={t('error.title')}
        text={boards.error instanceof ApiError ? boards.error.message : undefined}
        action={
          <Button variant="secondary" onClick={() => void boards.refetch()}>
            {t('error.retry')}
          </Button>
        }
      />
    );
  }
  if (!data) {
    return (
      <p className={styles.muted} aria-busy="true">
        {t('loading')}
      </p>
    );
  }
  const locale = i18n.resolvedLanguage ?? i18n.language ?? 'ko';
  const formats = formatsFor(locale, data.currency, data.currencyExponent, data.timeZone);
  return (
    <div className={styles.part}>
      <p className={styles.muted}>{t('intro', { timeZone: data.timeZone })}</p>
      {data.items.length === 0 ? (
        <EmptyState icon="trophy" title={t('empty.title')} text={t('empty.text')} />
      ) : (
        <ul className={styles.list} aria-label={t('list')}>
          {data.items.map((board) => (
            <LeaderboardCard key={board.id} board={board} formats={formats} now={now} />
          ))}
        </ul>
      )}
    </div>
  );
}
