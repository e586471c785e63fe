import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../../components/ui/icon';
import { VipProgress } from '../../../../components/ui/vip-progress';
import { useSessionStore } from '../../../../lib/session-store';
import { useMyVipLevel } from '../../../../lib/vip-level';
import styles from './player-rank.module.css';

/**
 * playerRank: the member's rank label and level from member info's clubLabel, and the progress towards the next
 * level (docs/product/member-centre.md#vip-and-rank); /vip has every level and its benefits.
 */
export default function PlayerRankPage() {
  const { t } = useTranslation('member');
  const { t: tv } = useTranslation('member-vip');
  const rank = useSessionStore((state) => state.member?.clubLabel ?? null);
  // It also brings the session's rank up to date when the member reached a level since member info was read.
  const mine = useMyVipLevel();
  return (
    <div className={styles.page}>
      <h2 className={styles.title}>{t('menu.playerRank')}</h2>
      <section className={styles.card} aria-labelledby="player-rank-name">
        <span className={styles.icon} aria-hidden="true">
          <Icon name="crown" size={28} />
        </span>
        <div className={styles.text}>
          <span className={styles.caption}>{t('rank.current')}</span>
          <strong id="player-rank-name" className={styles.name}>
            {rank?.labelName ?? t('rank.none')}
          </strong>
          {rank && <span className={styles.level}>{t('rank.level', { level: rank.rankLevel })}</span>}
        </div>
      </section>
      {mine.data ? (
        <VipProgress mine={mine.data} />
      ) : (
        <p className={styles.note} role="status">
          {mine.isError ? tv('progress.failed') : tv('progress.loading')}
        </p>
      )}
      <Link to="/vip" className={styles.more}>
        {tv('mine.more')}
        <Icon name="chevronRight" size={16} />
      </Link>
    </div>
  );
}
