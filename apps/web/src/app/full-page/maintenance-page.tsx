import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Icon } from '../../components/ui/icon';
import { useBrand } from '../../lib/brand';
import styles from './full-page.module.css';
import { useContactUs } from './use-contact-us';

/**
 * Maintenance (status 1, docs/product/site-shell-and-routes.md#full-page-states): end time when known, Contact Us
 * and refresh.
 */
export function MaintenancePage() {
  const { t, i18n } = useTranslation('shell');
  const { status, brand } = useBrand();
  const { contact, error } = useContactUs();
  const endAt = status.maintenanceEndAt ? new Date(status.maintenanceEndAt) : null;
  const endText =
    endAt &&
    new Intl.DateTimeFormat(i18n.language, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: brand.timeZone,
    }).format(endAt);
  return (
    <main className={styles.page} data-page="maintenance">
      <section className={styles.card} aria-labelledby="maintenance-title">
        <div className={styles.emblem}>
          <Icon name="wrench" size={40} />
        </div>
        <p className={styles.eyebrow}>{t('maintenance.restriction')}</p>
        <h1 id="maintenance-title" className={styles.title}>
          {t('maintenance.title')}
        </h1>
        <p className={styles.message}>{t('maintenance.message')}</p>
        {endText && (
          <dl className={styles.facts}>
            <div className={styles.fact}>
              <dt>{t('maintenance.endsAt')}</dt>
              <dd>
                <time dateTime={status.maintenanceEndAt ?? undefined}>{endText}</time>
              </dd>
            </div>
          </dl>
        )}
        <div className={styles.actions}>
          <Button onClick={contact}>{t('contactUs')}</Button>
          <Button variant="secondary" onClick={() => window.location.reload()}>
            <Icon name="refresh" size={16} />
            {t('refresh')}
          </Button>
        </div>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
      </section>
    </main>
  );
}
