import type { AnnouncementState } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { formatTime } from '../../../lib/format';
import styles from './content.module.css';

const TONE: Record<AnnouncementState, 'ok' | 'warn' | 'off'> = { live: 'ok', scheduled: 'warn', ended: 'off' };

export function StateBadge({ state }: { state: AnnouncementState }) {
  const { t } = useTranslation('content');
  return <Badge tone={TONE[state]}>{t(`state.${state}`)}</Badge>;
}

/** From when to when an announcement shows; "until removed" when it has no end. */
export function ScheduleText({ startsAt, endsAt }: { startsAt: string; endsAt: string | null }) {
  const { t } = useTranslation('content');
  return (
    <span className={styles.schedule}>
      <span>{formatTime(startsAt)}</span>
      <span className={styles.muted}>→ {endsAt ? formatTime(endsAt) : t('untilRemoved')}</span>
    </span>
  );
}
