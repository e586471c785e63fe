import { lazy, Suspense, useState } from 'react';
import type { BrandOperator } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from '../../components/ui/icon';
import { useHelpCenter } from '../../features/content/api/get-help-center';
import { GameThumb } from '../../features/games/components/game-thumb';
import { useGameVendor } from '../../features/navigation/api/get-game-vendor';
import { useBrand } from '../../lib/brand';
import { addKoreanTexts } from '../../i18n/index';
import texts from '../../i18n/locales/ko/footer.json';
import styles from './footer.module.css';

// The footer's Korean texts come in its own chunk, loaded as it nears the viewport, not with the first load.
addKoreanTexts('footer', texts);

/** The About list (docs/product/site-shell-and-routes.md#footer); each opens its section of the help centre. */
const ABOUT: { key: string; to: string }[] = [
  { key: 'aboutCompany', to: '/help#about-company' },
  { key: 'contactUs', to: '/help#contact-us' },
  { key: 'terms', to: '/help#terms' },
  { key: 'responsibleGaming', to: '/help#responsible-gaming' },
  { key: 'privacyPolicy', to: '/help#privacy-policy' },
  { key: 'affiliates', to: '/join' },
  { key: 'refundPolicy', to: '/help#refund-policy' },
];

const STEPS: { key: 'register' | 'play' | 'win'; icon: IconName }[] = [
  { key: 'register', icon: 'user' },
  { key: 'play', icon: 'slots' },
  { key: 'win', icon: 'trophy' },
];

const HELP_ITEMS_SHOWN = 6;

/** DOMPurify comes with the first help item opened, not with every page's first load. */
const SanitizedHtml = lazy(() =>
  import('../../components/ui/sanitized-html').then((module) => ({ default: module.SanitizedHtml })),
);

/**
 * One help item as a native disclosure: no script to open it, and opening one closes the others
 * (`name`). Its HTML is sanitised and rendered the first time it opens.
 */
function HelpItemDisclosure({ title, html }: { title: string; html: string }) {
  const { t } = useTranslation('footer');
  const [hasOpened, setHasOpened] = useState(false);
  return (
    <details
      name="footer-help"
      className={styles.accordionItem}
      onToggle={(event) => {
        if (event.currentTarget.open) setHasOpened(true);
      }}
    >
      <summary className={styles.accordionTrigger}>
        {title}
        <Icon name="chevronDown" size={16} />
      </summary>
      {hasOpened && (
        <div className={styles.accordionContent}>
          <Suspense fallback={<p className={styles.muted}>{t('common:loading')}</p>}>
            <SanitizedHtml html={html} />
          </Suspense>
        </div>
      )}
    </details>
  );
}

export function Footer() {
  const { t } = useTranslation('footer');
  const { status, brand } = useBrand();
  const vendor = useGameVendor();
  const help = useHelpCenter();
  const providers = new Map<string, { name: string; icon: string }>();
  for (const lane of vendor.data?.data.lanes ?? []) {
    for (const card of lane.cards) {
      if (!providers.has(card.vassalage))
        providers.set(card.vassalage, { name: card.displayName, icon: card.smallIcon });
    }
  }
  const { paymentImages, licenseImages, copyright, operator } = status.site.footer;
  const helpItems = (help.data ?? []).slice(0, HELP_ITEMS_SHOWN);
  return (
    <footer className={styles.footer}>
      <ol className={styles.steps} aria-label={t('stepsLabel')}>
        {STEPS.map((step, index) => (
          <li key={step.key} className={styles.step}>
            <span className={styles.stepIcon}>
              <Icon name={step.icon} size={22} />
            </span>
            <span>
              <strong>
                {index + 1}. {t(`steps.${step.key}.title`)}
              </strong>
              <small>{t(`steps.${step.key}.text`)}</small>
            </span>
          </li>
        ))}
      </ol>

      <div className={styles.grid}>
        <section aria-labelledby="footer-help">
          <h2 id="footer-help" className={styles.heading}>
            {t('help')}
          </h2>
          {helpItems.length > 0 ? (
            <div className={styles.accordion}>
              {helpItems.map((item) => (
                <HelpItemDisclosure key={item.id} title={item.title} html={item.content} />
              ))}
            </div>
          ) : (
            <p className={styles.muted}>{help.isPending ? t('common:loading') : t('noHelp')}</p>
          )}
        </section>

        <nav aria-labelledby="footer-about">
          <h2 id="footer-about" className={styles.heading}>
            {t('about')}
          </h2>
          <ul className={styles.links}>
            {ABOUT.map((item) => (
              <li key={item.key}>
                <Link to={item.to}>{t(`links.${item.key}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <section aria-labelledby="footer-payments">
          <h2 id="footer-payments" className={styles.heading}>
            {t('payments')}
          </h2>
          <ImageRow images={paymentImages} empty={t('noImages')} />
          <h2 className={styles.heading}>{t('licenses')}</h2>
          <ImageRow images={licenseImages} empty={t('noImages')} />
        </section>
      </div>

      {providers.size > 0 && (
        <section aria-labelledby="footer-providers" className={styles.providers}>
          <h2 id="footer-providers" className={styles.heading}>
            {t('providers')}
          </h2>
          <ul className={styles.providerList}>
            {[...providers.entries()].map(([code, provider]) => (
              <li key={code} className={styles.provider}>
                {/* A vendor's smallIcon is a square mark, not a wordmark: it goes beside the name. A mark that
                    fails to load shows the vendor's initials, as on the game cards and dropdowns. */}
                {provider.icon && (
                  <span className={styles.providerIcon}>
                    <GameThumb icon={provider.icon} name={provider.name} size="small" />
                  </span>
                )}
                {provider.name}
              </li>
            ))}
          </ul>
        </section>
      )}

      <div className={styles.bottom}>
        <p className={styles.fair}>
          <Icon name="shield" size={16} />
          <Link to="/fairness">{t('fairness')}</Link>
        </p>
        <p className={styles.age}>
          <span className={styles.ageBadge}>18+</span>
          {t('responsible')}
        </p>
        <OperatorLines operator={operator} />
        <p className={styles.copyright}>
          {copyright || t('copyright', { year: new Date().getFullYear(), brand: brand.name })}
        </p>
      </div>
    </footer>
  );
}

/**
 * Who runs the site, only as the operator stated it in the back office: a licence line appears only with its
 * regulator and number, and a demo brand says it is one (docs/product/site-shell-and-routes.md#footer).
 */
function OperatorLines({ operator }: { operator: BrandOperator }) {
  const { t } = useTranslation('footer');
  const company = [operator.company, operator.address].filter(Boolean).join(', ');
  if (!operator.demo && !company && !operator.licenceNumber) return null;
  return (
    <div className={styles.operator}>
      {operator.demo && <p className={styles.demo}>{t('operator.demo')}</p>}
      {company && <p>{t('operator.company', { company })}</p>}
      {operator.licenceNumber && (
        <p>
          {t('operator.licence', { regulator: operator.regulator, number: operator.licenceNumber })}
          {operator.licenceUrl && (
            <>
              {' '}
              <a href={operator.licenceUrl} target="_blank" rel="noopener noreferrer">
                {t('operator.licenceLink')}
              </a>
            </>
          )}
        </p>
      )}
    </div>
  );
}

function ImageRow({ images, empty }: { images: { name: string; url: string }[]; empty: string }) {
  if (images.length === 0) return <p className={styles.muted}>{empty}</p>;
  return (
    <ul className={styles.images}>
      {images.map((image) => (
        <li key={image.url}>
          <img src={image.url} alt={image.name} height={28} loading="lazy" />
        </li>
      ))}
    </ul>
  );
}
