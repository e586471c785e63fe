import type { MissionItem } from '@parlay/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/empty-state';
import { addKoreanTexts } from '../../../../i18n';
import leaderboardTexts from '../../../../i18n/locales/ko/member-leaderboards.json';
import texts from '../../../../i18n/locales/ko/member-missions.json';
import { ApiError } from '../../../../lib/api-client';
import { useClaimMission } from './api/claim-mission';
import { useMissionSummary } from './api/get-mission-summary';
import { formatsFor, periodEndsAt } from './components/format';
import { LeaderboardsTab } from './components/leaderboards-tab';
import { MissionCard } from './components/mission-card';
import tabStyles from './leaderboards.module.css';
import styles from './mission-leaderboard.module.css';

// The Korean texts of this page come with its chunk (decision 0008).
addKoreanTexts('member-missions', texts);
addKoreanTexts('member-leaderboards', leaderboardTexts);

const TABS = ['missions', 'leaderboards'] as const;
type Tab = (typeof TABS)[number];

/** What the last claim came to: the reward paid for a mission, or the server's refusal. */
type Outcome = { kind: 'done'; title: string; amountMinor: number } | { kind: 'failed'; message: string };

/** Now, read again every minute: the cards' time left counts down while the page is open. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * missionLeaderboard (docs/product/member-centre.md#rewards-missions-and-promotions): two tabs, the missions
 * (decision 0054) and the leaderboards (decision 0056).
 */
export default function MissionLeaderboardPage() {
  const { t } = useTranslation('member-leaderboards');
  const [tab, setTab] = useState<Tab>('missions');
  const now = useMinuteClock();
  return (
    <div className={styles.page}>
      <div role="tablist" aria-label={t('tabs.label')} className={tabStyles.tabs}>
        {TABS.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`mission-tab-${key}`}
            aria-selected={tab === key}
            aria-controls={`mission-panel-${key}`}
            tabIndex={tab === key ? 0 : -1}
            className={tabStyles.tab}
            onClick={() => setTab(key)}
            onKeyDown={(event) => {
              if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
              const next = TABS[(TABS.indexOf(key) + 1) % TABS.length]!;
              setTab(next);
              document.getElementById(`mission-tab-${next}`)?.focus();
            }}
          >
            {t(`tabs.${key}`)}
          </button>
        ))}
      </div>
      <section role="tabpanel" id={`mission-panel-${tab}`} aria-labelledby={`mission-tab-${tab}`}>
        {tab === 'missions' ? (
          <MissionsTab now={now} />
        ) : (
          <div className={styles.page}>
            <h2 className={styles.title}>{t('title')}</h2>
            <LeaderboardsTab now={now} />
          </div>
        )}
      </section>
    </div>
  );
}

/**
 * The missions (decision 0054): this period's missions with my progress towards each target, the period and the time
 * left, the reward, and the state with its one action: Claim, which pays the reward into the main balance once.
 */
function MissionsTab({ now }: { now: number }) {
  const { t, i18n } = useTranslation('member-missions');
  const summary = useMissionSummary();
  const claim = useClaimMission();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const data = summary.data;
  // A period that ended while the page was open: the server has the next one.
  const anyEnded =
    data?.items.some((item) => {
      const endsAt = periodEndsAt(item, data.timeZone);
      return item.state !== 'close' && item.state !== 'coming_soon' && endsAt !== null && endsAt <= now;
    }) ?? false;
  const { refetch } = summary;
  useEffect(() => {
    if (anyEnded) void refetch();
  }, [anyEnded, refetch]);

  if (summary.isError && !data) {
    return (
      <div className={styles.page}>
        <h2 className={styles.title}>{t('title')}</h2>
        <EmptyState
          icon="info"
          title={t('error.title')}
          text={summary.error instanceof ApiError ? summary.error.message : undefined}
          action={
            <Button variant="secondary" onClick={() => void summary.refetch()}>
              {t('error.retry')}
            </Button>
          }
        />
      </div>
    );
  }
  if (!data) {
    return (
      <div className={styles.page} aria-busy="true">
        <h2 className={styles.title}>{t('title')}</h2>
        <p className={styles.muted}>{t('loading')}</p>
      </div>
    );
  }

  const locale = i18n.resolvedLanguage ?? i18n.language ?? 'ko';
  const formats = formatsFor(locale, data.currency, data.currencyExponent, data.timeZone);
  const onClaim = (mission: MissionItem) => {
    setOutcome(null);
    claim.mutate(
      { missionId: mission.id },
      {
        onSuccess: (result) =>
          setOutcome({ kind: 'done', title: result.mission.title, amountMinor: result.amountMinor }),
        onError: (cause) =>
          setOutcome({ kind: 'failed', message: cause instanceof ApiError ? cause.message : t('claim.failed') }),
      },
    );
  };

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h2 className={styles.title}>{t('title')}</h2>
        <p className={styles.muted}>{t('intro', { timeZone: data.timeZone })}</p>
      </header>
      {outcome?.kind === 'done' && (
        <p className={styles.success} role="status">
          {t('claim.done', { amount: formats.money(outcome.amountMinor), title: outcome.title })}
        </p>
      )}
      {outcome?.kind === 'failed' && (
        <p className={styles.error} role="alert">
          {outcome.message}
        </p>
      )}

      {data.items.length === 0 ? (
        <EmptyState icon="trophy" title={t('empty.title')} text={t('empty.text')} />
      ) : (
        <ul className={styles.list} aria-label={t('list')}>
          {data.items.map((mission) => (
            <MissionCard
              key={mission.id}
              mission={mission}
              formats={formats}
              timeZone={data.timeZone}
              now={now}
              isClaiming={claim.isPending && claim.variables?.missionId === mission.id}
              isBusy={claim.isPending}
              onClaim={onClaim}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
