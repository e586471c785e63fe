import { WHITELABEL } from '@parlay/contract/constants';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Icon, type IconName } from '../../../components/ui/icon';
import { useBrand } from '../../../lib/brand';
import { openModal } from '../../../lib/modal-store';
import { useSessionStore } from '../../../lib/session-store';
import { useHelpCenter } from '../api/get-help-center';
import './guides-texts';
import { HelpAccordion } from './help-accordion';
import styles from './join-us.module.css';

const BENEFITS: { key: string; icon: IconName }[] = [
  { key: 'revenue', icon: 'wallet' },
  { key: 'reports', icon: 'chart' },
  { key: 'downline', icon: 'invite' },
  { key: 'support', icon: 'chat' },
];

const STEPS = ['register', 'share', 'earn'] as const;

function JoinCallToAction() {
  const { t } = useTranslation('guides');
  const { isEnabled } = useBrand();
  const isSignedIn = useSessionStore((state) => state.isSignedIn);
  if (isSignedIn) {
    return (
      <Link className={buttonClassName('primary')} to="/help#contact">
        {t('join.ctaSignedIn')}
      </Link>
    );
  }
  if (isEnabled(WHITELABEL.DIRECT_REGISTER)) {
    return <Button onClick={() => openModal('registerModal')}>{t('join.cta')}</Button>;
  }
  return (
    <Link className={buttonClassName('primary')} to="/register">
      {t('join.cta')}
    </Link>
  );
}

/**
 * The join-us (affiliate) page (docs/product/site-shell-and-routes.md#download-and-join-pages): what partners get, how
 * it works, and a way in.
 */
export function JoinUs() {
  const { t } = useTranslation('guides');
  const help = useHelpCenter();
  const partnerQuestions = (help.data ?? []).filter((item) => item.category === 'affiliates');

  return (
    <div className={styles.root}>
      <header className={styles.hero}>
        <p className={styles.eyebrow}>{t('join.eyebrow')}</p>
        <h1 className={styles.title}>{t('join.headline')}</h1>
        <p className={styles.intro}>{t('join.intro')}</p>
        <JoinCallToAction />
        <div className={styles.art} aria-hidden="true">
          <span className={styles.ring} />
          <span className={styles.ring} />
          <span className={styles.ring} />
          <span className={styles.hub}>
            <Icon name="crown" size={34} />
          </span>
          {[0, 1, 2, 3, 4, 5].map((dot) => (
            <span key={dot} className={styles.node} data-node={dot}>
              <Icon name="user" size={16} />
            </span>
          ))}
        </div>
      </header>

      <section aria-labelledby="join-benefits">
        <h2 id="join-benefits" className={styles.sectionTitle}>
          {t('join.benefitsTitle')}
        </h2>
        <ul className={styles.benefits}>
          {BENEFITS.map((benefit) => (
            <li key={benefit.key} className={styles.benefit}>
              <span className={styles.benefitIcon}>
                <Icon name={benefit.icon} size={22} />
              </span>
              <h3>{t(`join.benefits.${benefit.key}.title`)}</h3>
              <p>{t(`join.benefits.${benefit.key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="join-steps">
        <h2 id="join-steps" className={styles.sectionTitle}>
          {t('join.stepsTitle')}
        </h2>
        <ol className={styles.steps}>
          {STEPS.map((step) => (
            <li key={step} className={styles.step}>
              <h3>{t(`join.steps.${step}.title`)}</h3>
              <p>{t(`join.steps.${step}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      {partnerQuestions.length > 0 && (
        <section aria-labelledby="join-faq">
          <h2 id="join-faq" className={styles.sectionTitle}>
            {t('join.faqTitle')}
          </h2>
          <HelpAccordion items={partnerQuestions} headingLevel={3} />
        </section>
      )}

      <aside className={styles.closing}>
        <p>{t('join.closing')}</p>
        <JoinCallToAction />
      </aside>
    </div>
  );
}
