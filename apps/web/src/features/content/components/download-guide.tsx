import type { Resource } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { useBrand } from '../../../lib/brand';
import { useContentLanguage } from '../api/use-content-language';
import styles from './download-guide.module.css';
import { QrCode, toAbsoluteUrl } from './qr-code';
import './guides-texts';
import { useScrollToHash } from './use-scroll-to-hash';

/** Guides in the order a player meets them; ids are the anchors the brand's resources point at. */
const GUIDES = [
  { id: 'ios', key: 'ios', resourceType: 'IOS', icon: 'phone' },
  { id: 'ios-lite', key: 'lite', resourceType: 'MOBILECONFIG', icon: 'star' },
  { id: 'android', key: 'android', resourceType: 'ANDROID', icon: 'download' },
] as const;

/** The in-page anchor a resource URL names when it points back at this page, or null. */
function anchorOnThisPage(url: string, fallback: string): string | null {
  try {
    const target = new URL(toAbsoluteUrl(url));
    if (target.origin !== window.location.origin || target.pathname !== window.location.pathname) return null;
    return `#${target.hash.slice(1) || fallback}`;
  } catch {
    return null;
  }
}

function ResourceCard({ resource }: { resource: Resource }) {
  const { t } = useTranslation('guides');
  const language = useContentLanguage();
  const label = language === 'KO' ? resource.labelNameCn : resource.labelNameEn;
  const guide = GUIDES.find((item) => item.resourceType === resource.resourceType);
  // A resource that points back at this page leads to its install guide, not to a file.
  const anchor = anchorOnThisPage(resource.url, guide?.id ?? '');
  const inPage = anchor !== null;
  const href = anchor ?? resource.url;
  return (
    <li className={styles.card} data-resource={resource.resourceType}>
      <QrCode value={resource.qrCodeUrl} label={t('download.qrAlt', { label })} />
      <div className={styles.cardText}>
        <h3 className={styles.cardTitle}>{label}</h3>
        <p className={styles.cardNote}>{t(`download.types.${resource.resourceType}`)}</p>
        <p className={styles.scan}>{t('download.scan')}</p>
        <a className={buttonClassName('primary', 'small')} href={href}>
          <Icon name={inPage ? 'info' : 'download'} size={16} />
          {inPage ? t('download.guideTitle') : t('download.download')}
        </a>
      </div>
    </li>
  );
}

/**
 * The app download page body (/down, docs/product/site-shell-and-routes.md#download-and-join-pages): a QR code and link
 * for each resource of the brand (IOS, MOBILECONFIG as the iOS lite app, ANDROID) and the install guide of
 * each platform.
 */
export function DownloadGuide() {
  const { t } = useTranslation('guides');
  const { status } = useBrand();
  const resources = GUIDES.flatMap((guide) =>
    status.resources.filter((resource) => resource.resourceType === guide.resourceType),
  );
  useScrollToHash(true);

  return (
    <div className={styles.root}>
      <header className={styles.hero}>
        <div className={styles.heroText}>
          <h1 className={styles.title}>{t('download.title')}</h1>
          <p className={styles.intro}>{t('download.intro')}</p>
        </div>
        <div className={styles.phone} aria-hidden="true">
          <span className={styles.phoneScreen}>
            <span />
            <span />
            <span />
            <span />
          </span>
        </div>
      </header>

      {resources.length > 0 ? (
        <ul className={styles.cards}>
          {resources.map((resource, index) => (
            <ResourceCard key={`${resource.resourceType}-${index}`} resource={resource} />
          ))}
        </ul>
      ) : (
        <p className={styles.none}>{t('download.none')}</p>
      )}

      <section className={styles.guides} aria-labelledby="install-guide-title">
        <h2 id="install-guide-title" className={styles.guidesTitle}>
          {t('download.guideTitle')}
        </h2>
        <div className={styles.guideGrid}>
          {GUIDES.map((guide) => {
            const steps = t(`download.${guide.key}.steps`, { returnObjects: true }) as unknown as string[];
            return (
              <section key={guide.id} id={guide.id} className={styles.guide} aria-labelledby={`${guide.id}-title`}>
                <h3 id={`${guide.id}-title`} className={styles.guideTitle}>
                  <span className={styles.guideIcon}>
                    <Icon name={guide.icon} size={18} />
                  </span>
                  {t(`download.${guide.key}.tab`)}
                </h3>
                <ol className={styles.steps}>
                  {steps.map((step, index) => (
                    <li key={index}>{step}</li>
                  ))}
                </ol>
              </section>
            );
          })}
        </div>
        <p className={styles.safety}>
          <Icon name="shield" size={16} />
          {t('download.safety')}
        </p>
      </section>
    </div>
  );
}
