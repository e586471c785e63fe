import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../../components/ui/button';
import { useKnownIps } from '../api/get-known-ips';
import { useRemoveKnownIp } from '../api/remove-known-ip';
import { describeDevice } from '../lib/describe';
import { useFormatters } from '../lib/use-formatters';
import styles from '../security-center.module.css';

/** The IPs the new-IP check trusts, each with its last device; one the member does not know is removed. */
export function KnownIpsCard() {
  const { t } = useTranslation('member-security');
  const format = useFormatters();
  const ips = useKnownIps();
  const remove = useRemoveKnownIp();
  const [notice, setNotice] = useState('');
  const items = ips.data ?? [];

  return (
    <section className={styles.card} aria-labelledby="security-ips">
      <h3 id="security-ips" className={styles.cardTitle}>
        {t('ips.title')}
      </h3>
      <p className={styles.muted}>{t('ips.text')}</p>
      <ul className={styles.list}>
        {items.map((known) => (
          <li key={known.ip} className={styles.item}>
            <div className={styles.rowText}>
              <strong className={styles.ip}>
                {known.ip}
                {known.current && <span className={styles.badge}>{t('ips.current')}</span>}
              </strong>
              <span className={styles.muted}>
                {[describeDevice(known.userAgent), format.country(known.country)].filter(Boolean).join(' · ')}
              </span>
              <span className={styles.muted}>{t('ips.since', { time: format.time(known.firstSeenAt) })}</span>
            </div>
            {items.length > 1 && (
              <Button
                variant="ghost"
                size="small"
                aria-label={t('ips.removeLabel', { ip: known.ip })}
                disabled={remove.isPending}
                onClick={() => {
                  setNotice('');
                  remove.mutate(known.ip, { onSuccess: () => setNotice(t('ips.removed', { ip: known.ip })) });
                }}
              >
                {t('ips.remove')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {ips.isSuccess && items.length === 0 && <p className={styles.muted}>{t('ips.empty')}</p>}
      {remove.error && (
        <p className={styles.error} role="alert">
          {remove.error.message}
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
