import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../../components/ui/button';
import { useSessions } from '../api/get-sessions';
import { useSignOutSessions } from '../api/sign-out-sessions';
import { describeDevice } from '../lib/describe';
import { useFormatters } from '../lib/use-formatters';
import styles from '../security-center.module.css';

/** The member's live sessions: this one marked, each other one signed out alone or all at once. */
export function SessionsCard() {
  const { t } = useTranslation('member-security');
  const format = useFormatters();
  const sessions = useSessions();
  const signOut = useSignOutSessions();
  const [notice, setNotice] = useState('');
  const items = sessions.data ?? [];
  const others = items.filter((session) => !session.current).length;
  const run = (sessionId: number | null) => {
    setNotice('');
    signOut.mutate(sessionId, {
      onSuccess: () => setNotice(t('sessions.ended', { count: sessionId === null ? others : 1 })),
    });
  };

  return (
    <section className={styles.card} aria-labelledby="security-sessions">
      <div className={styles.cardHead}>
        <h3 id="security-sessions" className={styles.cardTitle}>
          {t('sessions.title')}
        </h3>
        {others > 0 && (
          <Button variant="secondary" size="small" onClick={() => run(null)} disabled={signOut.isPending}>
            {t('sessions.signOutOthers')}
          </Button>
        )}
      </div>
      <ul className={styles.list}>
        {items.map((session) => (
          <li key={session.id} className={styles.item}>
            <div className={styles.rowText}>
              <strong>
                {describeDevice(session.userAgent) || t('history.unknown')}
                {session.current && <span className={styles.badge}>{t('sessions.this')}</span>}
              </strong>
              <span className={styles.muted}>
                {[session.ip, format.country(session.country)].filter(Boolean).join(' · ')}
              </span>
              <span className={styles.muted}>{t('sessions.lastSeen', { time: format.time(session.lastSeenAt) })}</span>
            </div>
            {!session.current && (
              <Button variant="ghost" size="small" onClick={() => run(session.id)} disabled={signOut.isPending}>
                {t('sessions.signOut')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {sessions.isSuccess && others === 0 && <p className={styles.muted}>{t('sessions.onlyThis')}</p>}
      {signOut.error && (
        <p className={styles.error} role="alert">
          {signOut.error.message}
        </p>
      )}
      {notice && (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      )}
    </section>
  );
}
