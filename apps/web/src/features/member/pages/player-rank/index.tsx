import { useTranslation } from 'react-i18next';
import { Icon } from '../../../../components/ui/icon';
import { useSessionStore } from '../../../../lib/session-store';
import styles from './player-rank.module.css';

/**
 * playerRank: the member's rank label and level from member info's clubLabel
 * (docs/product/member-centre.md#vip-and-rank). The VIP levels and their rules come with the rewards feature.
 */
export default function PlayerRankPage() {
  const { t } = useTranslation('member');
  const rank = useSessionStore((state) => state.member?.clubLabel ?? null);
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
      <p className={styles.note}>{t('rank.note')}</p>
    </div>
  );
}
