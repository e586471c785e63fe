import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClassName } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { PageLoader } from '../../components/ui/page-loader';
import { useAnnouncements } from '../../features/content/api/get-announcements';
import { SanitizedHtml } from '../../features/content/components/sanitized-html';
import { PageTitle } from '../../lib/page-title';

/** /promoDetail?id=: one promotion, its HTML sanitised before it is shown. */
export function Component() {
  const { t } = useTranslation('shell');
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const announcements = useAnnouncements('PR');
  const promotion = announcements.data?.promotion.find((item) => item.id === id);
  const back = (
    <Link to="/promotions" className={buttonClassName('secondary')}>
      {t('pages.allPromotions')}
    </Link>
  );
  if (announcements.isPending) {
    return (
      <>
        <PageTitle name={t('pages.promoDetail')} />
        <PageLoader />
      </>
    );
  }
  if (!promotion) {
    return (
      <>
        <PageTitle name={t('pages.promoDetail')} />
        <PageHeader icon="gift" title={t('pages.promoDetail')} />
        <EmptyState icon="gift" title={t('pages.promotionMissing')} action={back} />
      </>
    );
  }
  return (
    <article>
      <PageTitle name={promotion.title} />
      <PageHeader icon="gift" title={promotion.title} actions={back} />
      {promotion.imageUrl && (
        <img
          src={promotion.imageUrl}
          alt=""
          style={{ width: '100%', borderRadius: 'var(--radius-lg)', marginBottom: 'var(--space-5)' }}
        />
      )}
      <SanitizedHtml html={promotion.content} />
    </article>
  );
}
