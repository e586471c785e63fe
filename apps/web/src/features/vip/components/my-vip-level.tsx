import type { MyVipLevel } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon';
import { VipProgress } from '../../../components/ui/vip-progress';
import styles from './my-vip-level.module.css';

/** The member's level (the rank label everywhere else shows) beside the progress towards the next one. */
export function MyVipLevelCard({ mine }: { mine: MyVipLevel }) {
  const { t, i18n } = useTranslation('member-vip');
  const since = mine.reachedAt
    ? new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'ko', { dateStyle: 'medium' }).format(new Date(mine.reachedAt))
    : null;
  return (
    <div className={styles.layout}>
      <section className={styles.card} aria-labelledby="my-vip-level-name">
        <span className={styles.icon} aria-hidden="true">
          <Icon name="crown" size={28} />
        </span>
        <div className={styles.text}>
          <span className={styles.caption}>{t('mine.caption')}</span>
          <strong id="my-vip-level-name" className={styles.name} data-testid="vip-level-name">
            {mine.name}
          </strong>
          <span className={styles.level}>{t('mine.level', { level: mine.rankLevel })}</span>
          {since && <span className={styles.since}>{t('mine.reachedAt', { date: since })}</span>}
        </div>
      </section>
      <VipProgress mine={mine} />
    </div>
  );
}
