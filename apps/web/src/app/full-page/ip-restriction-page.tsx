import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Icon } from '../../components/ui/icon';
import { useBrand } from '../../lib/brand';
import { countryName, flagOf } from '../../lib/countries';
import styles from './full-page.module.css';
import { useContactUs } from './use-contact-us';

/**
 * Region restriction (status 2, docs/product/site-shell-and-routes.md#full-page-states): the visitor's IP and
 * country, and Contact Us.
 */
export function IpRestrictionPage() {
  const { t, i18n } = useTranslation('shell');
  const { status } = useBrand();
  const { contact, error } = useContactUs();
  const country = status.location.country;
  return (
    <main className={styles.page} data-page="ip-restriction">
      <section className={styles.card} aria-labelledby="restriction-title">
        <div className={styles.emblem}>
          <Icon name="globe" size={40} />
        </div>
        <p className={styles.eyebrow}>{t('restriction.eyebrow')}</p>
        <h1 id="restriction-title" className={styles.title}>
          {t('restriction.title')}
        </h1>
        <p className={styles.message}>{t('restriction.message')}</p>
        <dl className={styles.facts}>
          <div className={styles.fact}>
            <dt>{t('restriction.ip')}</dt>
            <dd data-testid="visitor-ip">{status.location.ip || '—'}</dd>
          </div>
          <div className={styles.fact}>
            <dt>{t('restriction.country')}</dt>
            <dd data-testid="visitor-country">
              {country
                ? `${flagOf(country)} ${countryName(country, i18n.language)} (${country})`
                : t('restriction.unknownCountry')}
            </dd>
          </div>
        </dl>
        <div className={styles.actions}>
          <Button onClick={contact}>{t('contactUs')}</Button>
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
