import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { Icon } from '../../components/ui/icon';
import { PageHeader } from '../../components/ui/page-header';
import { PageLoader } from '../../components/ui/page-loader';
import { MyApplicationsSection } from '../../features/applications/components/application-section';
import { useAnnouncements } from '../../features/content/api/get-announcements';
import { PromotionHubSection } from '../../features/promotions/components/promotion-hub';
import { RaffleSection } from '../../features/raffles/components/raffle-section';
import { PageTitle } from '../../lib/page-title';
import { usePromotionActions } from '../parts/promotion-actions';
import styles from './promotions.module.css';

/**
 * /promotions: the brand's promotions of every kind by category, each listed once with the member's state and its one
 * action (decision 0058; an application's Apply opens its apply dialog); under the chosen category the kinds' own
 * sections (raffles with their draws, the member's applications with their results), then the promotion
 * announcements (type PR).
 */
export function Component() {
  const { t, i18n } = useTranslation('shell');
  const { t: tp } = useTranslation('promotions');
  const [category, setCategory] = useState<string | null>(null);
  const actions = usePromotionActions({
    onRaffle: (item) => {
      setCategory(item.category);
      requestAnimationFrame(() => document.getElementById('raffles-title')?.scrollIntoView({ block: 'start' }));
    },
  });
  const announcements = useAnnouncements('PR');
  const promotions = announcements.data?.promotion ?? [];
  return (
    <>
      <PageTitle name={t('nav.promotions')} />
      <PageHeader icon="gift" title={t('nav.promotions')} subtitle={t('pages.promotionsText')} />
      {actions.appliedTitle && (
        <p className={styles.notice} role="status">
          {t('applications:applied', { title: actions.appliedTitle })}
        </p>
      )}
      <PromotionHubSection
        category={category}
        onCategory={setCategory}
        onAction={actions.run}
        extra={(kinds) => (
          <>
            {(category === null || kinds.has('raffle')) && <RaffleSection />}
            {(category === null || kinds.has('application')) && <MyApplicationsSection />}
          </>
        )}
      />
      {actions.dialog}
      <h2 className={styles.heading}>{tp('announcements')}</h2>
      {announcements.isPending ? (
        <PageLoader />
      ) : announcements.isError ? (
        <EmptyState icon="info" title={t('common:errors.network')} />
      ) : promotions.length === 0 ? (
        <EmptyState icon="gift" title={t('pages.noPromotions')} text={t('pages.noPromotionsText')} />
      ) : (
        <ul className={styles.grid}>
          {promotions.map((promotion) => (
            <li key={promotion.id}>
              <Link to={`/promoDetail?id=${promotion.id}`} className={styles.card}>
                {promotion.imageUrl ? (
                  <img src={promotion.imageUrl} alt="" className={styles.image} loading="lazy" />
                ) : (
                  <span className={styles.imageFallback} aria-hidden="true">
                    <Icon name="gift" size={36} />
                  </span>
                )}
                <span className={styles.body}>
                  <strong className={styles.title}>{promotion.title}</strong>
                  <time className={styles.time} dateTime={promotion.timestamp}>
                    {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
                      new Date(promotion.timestamp),
                    )}
                  </time>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
