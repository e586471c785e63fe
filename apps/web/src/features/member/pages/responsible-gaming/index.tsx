import type { ProtectionLimitKey } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/empty-state';
import { addKoreanTexts } from '../../../../i18n';
import texts from '../../../../i18n/locales/ko/member-protection.json';
import { ApiError } from '../../../../lib/api-client';
import { useProtection } from './api/get-protection';
import { BreaksCard } from './components/breaks-card';
import { LimitRow } from './components/limit-row';
import { findLimit, MONEY_GROUPS, PERIODS } from './lib';
import styles from './responsible-gaming.module.css';

// The Korean texts of this page come with its chunk (decision 0008).
addKoreanTexts('member-protection', texts);

/**
 * responsibleGaming (docs/product/member-centre.md#responsible-gaming): the member's deposit, loss and wager limits
 * per day, week and month, the session and reality-check limits, each with its use and any raise waiting its 24
 * hours; a time-out and self-exclusion behind a confirmation.
 */
export default function ResponsibleGamingPage() {
  const { t } = useTranslation('member-protection');
  const settings = useProtection();

  if (settings.isError) {
    return (
      <div className={styles.page}>
        <h2 className={styles.title}>{t('title')}</h2>
        <EmptyState
          icon="info"
          title={t('error.title')}
          text={settings.error instanceof ApiError ? settings.error.message : undefined}
          action={
            <Button variant="secondary" onClick={() => void settings.refetch()}>
              {t('error.retry')}
            </Button>
          }
        />
      </div>
    );
  }
  if (!settings.data) {
    return (
      <div className={styles.page} aria-busy="true">
        <h2 className={styles.title}>{t('title')}</h2>
        <p className={styles.muted}>{t('loading')}</p>
      </div>
    );
  }
  const { limits } = settings.data;
  const row = (key: ProtectionLimitKey, name: string, hint?: string) => {
    const limit = findLimit(limits, key);
    return limit ? <LimitRow key={key} limit={limit} name={name} {...(hint ? { hint } : {})} /> : null;
  };
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h2 className={styles.title}>{t('title')}</h2>
        <p className={styles.muted}>{t('intro')}</p>
      </header>
      <div className={styles.cards}>
        {MONEY_GROUPS.map((group) => (
          <section key={group} className={styles.card} aria-labelledby={`protection-${group}`}>
            <div>
              <h3 id={`protection-${group}`} className={styles.cardTitle}>
                {t(`groups.${group}`)}
              </h3>
              <p className={styles.hint}>{t(`groups.${group}Hint`)}</p>
            </div>
            {PERIODS.map((period) => row(`${group}${period}`, t(`periods.${period}`)))}
          </section>
        ))}
        <section className={styles.card} aria-labelledby="protection-time">
          <h3 id="protection-time" className={styles.cardTitle}>
            {t('groups.time')}
          </h3>
          {row('sessionMinutes', t('time.sessionMinutes'), t('time.sessionHint'))}
          {row('realityCheckMinutes', t('time.realityCheckMinutes'), t('time.realityHint'))}
        </section>
        <BreaksCard />
      </div>
    </div>
  );
}
