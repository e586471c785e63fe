import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { useMyVipLevel } from '../../../lib/vip-level';
import { useVipLevels } from '../api/get-vip-levels';
import { MyVipLevelCard } from './my-vip-level';
import { VipChanges } from './vip-changes';
import { VipLevelsTable } from './vip-levels-table';
import styles from './vip-overview.module.css';

/** /vip for a member: my level and progress, the levels table with mine marked, and my level changes. */
export function VipOverview() {
  const { t } = useTranslation('member-vip');
  const mine = useMyVipLevel();
  const levels = useVipLevels();
  const retry = (refetch: () => unknown) => <Button onClick={() => void refetch()}>{t('retry')}</Button>;
  return (
    <div className={styles.overview}>
      {mine.isError ? (
        <EmptyState icon="info" compact title={t('progress.failed')} action={retry(mine.refetch)} />
      ) : mine.data ? (
        <MyVipLevelCard mine={mine.data} />
      ) : (
        <p className={styles.loading} role="status">
          {t('progress.loading')}
        </p>
      )}
      <section className={styles.section} aria-labelledby="vip-levels-title">
        <h2 id="vip-levels-title" className={styles.title}>
          {t('levels.title')}
        </h2>
        {levels.isError ? (
          <EmptyState icon="info" compact title={t('levels.failed')} action={retry(levels.refetch)} />
        ) : levels.data && levels.data.levels.length === 0 ? (
          <EmptyState icon="crown" compact title={t('levels.empty')} text={t('levels.emptyText')} />
        ) : levels.data ? (
          <>
            <VipLevelsTable levels={levels.data} myRankLevel={mine.data?.rankLevel} />
            <p className={styles.note}>
              {t('levels.period', { days: levels.data.periodDays, grace: levels.data.downgradeGraceDays })}
            </p>
          </>
        ) : null}
      </section>
      {mine.data && <VipChanges currency={mine.data.currency} currencyExponent={mine.data.currencyExponent} />}
    </div>
  );
}
