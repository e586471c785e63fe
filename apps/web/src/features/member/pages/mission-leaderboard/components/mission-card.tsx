import type { MissionItem } from '@parlay/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../../components/ui/button';
import styles from '../mission-leaderboard.module.css';
import { percentOf, periodEndsAt, progressText, splitTimeLeft, type Formats } from './format';

interface MissionCardProps {
  mission: MissionItem;
  formats: Formats;
  timeZone: string;
  /** Now, as the page's minute clock reads it. */
  now: number;
  /** This mission's claim is on its way. */
  isClaiming: boolean;
  /** Another claim is on its way: one at a time. */
  isBusy: boolean;
  onClaim: (mission: MissionItem) => void;
}

/**
 * One mission of this period: what it asks, my progress towards its target, its period and the time left, its reward,
 * and its state with its one action (Claim once the target is reached).
 */
export function MissionCard({ mission, formats, timeZone, now, isClaiming, isBusy, onClaim }: MissionCardProps) {
  const { t } = useTranslation('member-missions');
  const titleId = `mission-${mission.id}-title`;
  const figures = progressText(mission, formats);
  const percent = percentOf(mission);
  const goal = t(`goals.${mission.goal}`);
  return (
    <li className={styles.card} data-testid="mission" data-state={mission.state} aria-labelledby={titleId}>
      <div className={styles.cardHead}>
        <h3 id={titleId} className={styles.cardTitle}>
          {mission.title}
        </h3>
        <span className={styles.state} data-state={mission.state} data-testid="mission-state">
          {t(`states.${mission.state}`)}
        </span>
      </div>
      {mission.summary && <p className={styles.muted}>{mission.summary}</p>}

      <div className={styles.progress}>
        <div className={styles.cardHead}>
          <span className={styles.label}>
            {mission.gameType ? t('goalOf', { goal, gameType: t(`categories.${mission.gameType}`) }) : goal}
          </span>
          <span className={styles.figures} data-testid="mission-progress">
            {t('progress', figures)}
          </span>
        </div>
        <div
          className={styles.bar}
          role="progressbar"
          aria-label={t('barLabel', { title: mission.title })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={t('percent', { percent })}
          data-state={mission.state}
        >
          <span style={{ width: `${percent}%` }} />
        </div>
      </div>

      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>{t('reward')}</dt>
          <dd className={styles.amount} data-testid="mission-reward">
            {formats.money(mission.rewardMinor)}
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>{t('period')}</dt>
          <dd>{periodText(mission, formats, t)}</dd>
        </div>
        <TimeFact mission={mission} formats={formats} timeZone={timeZone} now={now} />
      </dl>

      {mission.state === 'claim' && (
        <Button
          className={styles.claim}
          onClick={() => onClaim(mission)}
          disabled={isBusy}
          aria-busy={isClaiming || undefined}
          aria-describedby={titleId}
        >
          {isClaiming ? t('claim.busy') : t('claim.action', { amount: formats.money(mission.rewardMinor) })}
        </Button>
      )}
    </li>
  );
}

/** The period progress counts in: today's or this week's days, or the campaign's. */
function periodText(mission: MissionItem, formats: Formats, t: TFunction): string {
  const { periodStart, periodEnd } = mission;
  if (periodEnd === null) return t('periods.campaignOpen', { day: formats.day(periodStart) });
  const days =
    periodStart === periodEnd ? formats.day(periodStart) : `${formats.day(periodStart)} – ${formats.day(periodEnd)}`;
  return t(`periods.${mission.period}`, { days });
}

/** When a mission not started starts, when a closed one ended, or the time left in the period. */
function TimeFact({ mission, formats, timeZone, now }: Omit<MissionCardProps, 'isClaiming' | 'isBusy' | 'onClaim'>) {
  const { t } = useTranslation('member-missions');
  if (mission.state === 'coming_soon' && mission.startsAt) {
    return (
      <div className={styles.fact}>
        <dt>{t('starts')}</dt>
        <dd>{formats.time(mission.startsAt)}</dd>
      </div>
    );
  }
  if (mission.state === 'close') {
    return mission.endsAt ? (
      <div className={styles.fact}>
        <dt>{t('ended')}</dt>
        <dd>{formats.time(mission.endsAt)}</dd>
      </div>
    ) : null;
  }
  const endsAt = periodEndsAt(mission, timeZone);
  let left: string;
  if (endsAt === null) left = t('left.none');
  else {
    const parts = splitTimeLeft(endsAt - now);
    left = parts.days > 0 ? t('left.days', parts) : parts.hours > 0 ? t('left.hours', parts) : t('left.minutes', parts);
  }
  return (
    <div className={styles.fact}>
      <dt>{t('timeLeft')}</dt>
      <dd
        data-testid="mission-time-left"
        title={endsAt === null ? undefined : formats.time(new Date(endsAt).toISOString())}
      >
        {left}
      </dd>
    </div>
  );
}
