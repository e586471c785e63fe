import * as Popover from '@radix-ui/react-popover';
import type { Resource } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../components/ui/icon';
import { loadQrCodeLibrary, QrCode } from '../../components/ui/qr-code';
import { useBrand } from '../../lib/brand';
import { useContactUs } from '../full-page/use-contact-us';
import styles from './right-bar.module.css';

const RESOURCE_ORDER: Resource['resourceType'][] = ['IOS', 'MOBILECONFIG', 'ANDROID'];

/**
 * Right bar (docs/product/site-shell-and-routes.md#right-bar): customer service, Facebook, e-mail, download QR codes
 * and /down.
 */
export function RightBar() {
  const { t } = useTranslation('shell');
  const { status } = useBrand();
  const { contact, prepare, error } = useContactUs();
  const resources = RESOURCE_ORDER.map((type) => status.resources.find((item) => item.resourceType === type)).filter(
    (item): item is Resource => Boolean(item),
  );
  return (
    <aside className={styles.bar} aria-label={t('quickLinks')}>
      <button
        type="button"
        className={styles.item}
        onClick={contact}
        onPointerEnter={prepare}
        onFocus={prepare}
        aria-label={t('customerService')}
      >
        <Icon name="chat" />
        <span className={styles.tip}>{t('customerService')}</span>
      </button>
      {error && (
        <p className="visually-hidden" role="alert">
          {error}
        </p>
      )}
      {status.site.facebookUrl && (
        <a
          className={styles.item}
          href={status.site.facebookUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('facebook')}
        >
          <Icon name="facebook" />
          <span className={styles.tip}>{t('facebook')}</span>
        </a>
      )}
      {status.site.email && (
        <a className={styles.item} href={`mailto:${status.site.email}`} aria-label={t('email')}>
          <Icon name="mail" />
          <span className={styles.tip}>{status.site.email}</span>
        </a>
      )}
      {resources.map((resource) => (
        <Popover.Root key={resource.resourceType}>
          <Popover.Trigger
            className={styles.item}
            aria-label={t(`resources.${resource.resourceType}`)}
            onPointerEnter={() => void loadQrCodeLibrary()}
            onFocus={() => void loadQrCodeLibrary()}
          >
            <span className={styles.qrGlyph} aria-hidden="true">
              {resource.resourceType === 'ANDROID' ? 'APK' : resource.resourceType === 'IOS' ? 'iOS' : 'Lite'}
            </span>
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content side="left" sideOffset={12} className={styles.qrCard}>
              <p className={styles.qrTitle}>{t(`resources.${resource.resourceType}`)}</p>
              <QrCode
                text={resource.qrCodeUrl || resource.url}
                label={t('qrFor', { name: t(`resources.${resource.resourceType}`) })}
              />
              <a href={resource.url} className={styles.qrLink} target="_blank" rel="noopener noreferrer">
                {t('openDownload')}
              </a>
              <Popover.Arrow className={styles.arrow} />
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
      ))}
      <Link to="/down" className={styles.item} aria-label={t('appDownload')}>
        <Icon name="download" />
        <span className={styles.tip}>{t('appDownload')}</span>
      </Link>
    </aside>
  );
}
