import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonClassName } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { PageLoader } from '../../components/ui/page-loader';
import { useAnnouncements } from '../../features/content/api/get-announcements';
import { SanitizedHtml } from '../../components/ui/sanitized-html';
import { usePromotionDetail } from '../../features/promotions/api/promotions';
import { PromotionDetailView } from '../../features/promotions/components/promotion-detail';
import { PageTitle } from '../../lib/page-title';
import { usePromotionActions } from '../parts/promotion-actions';

/**
 * /promoDetail: `?code=` one promotion of the hub (decision 0058: rules in words, dates, the member's state and its
 * action); `?id=` one promotion announcement, its HTML sanitised before it is shown.
 */
export function Component() {
  const [params] = useSearchParams();
  const code = params.get('code');
  return code ? <HubPromotionDetail code={code} /> : <AnnouncementDetail id={Number(params.get('id'))} />;
}

function BackLink() {
  const { t } = useTranslation('shell');
  return (
    <Link to="/promotions" className={buttonClassName('secondary')}>
      {t('pages.allPromotions')}
    </Link>
  );
}

function Missing() {
  const { t } = useTranslation('shell');
  return (
    <>
      <PageTitle name={t('pages.promoDetail')} />
      <PageHeader icon="gift" title={t('pages.promoDetail')} />
      <EmptyState icon="gift" title={t('pages.promotionMissing')} action={<BackLink />} />
    </>
  );
}

function HubPromotionDetail({ code }: { code: string }) {
  const { t } = useTranslation('shell');
  const detail = usePromotionDetail(code);
  const navigate = useNavigate();
  const actions = usePromotionActions({
    // A raffle's tickets and draw are on /promotions, in its section.
    onRaffle: () => void navigate('/promotions'),
  });
  if (detail.isPending) {
    return (
      <>
        <PageTitle name={t('pages.promoDetail')} />
        <PageLoader />
      </>
    );
  }
  if (detail.isError) return <Missing />;
  return (
    <>
      <PageTitle name={detail.data.promotion.title} />
      {actions.appliedTitle && <p role="status">{t('applications:applied', { title: actions.appliedTitle })}</p>}
      <PromotionDetailView detail={detail.data} back={<BackLink />} onAction={actions.run} />
      {actions.dialog}
    </>
  );
}

function AnnouncementDetail({ id }: { id: number }) {
  const { t } = useTranslation('shell');
  const announcements = useAnnouncements('PR');
  const promotion = announcements.data?.promotion.find((item) => item.id === id);
  if (announcements.isPending) {
    return (
      <>
        <PageTitle name={t('pages.promoDetail')} />
        <PageLoader />
      </>
    );
  }
  if (!promotion) return <Missing />;
  return (
    <article>
      <PageTitle name={promotion.title} />
      <PageHeader icon="gift" title={promotion.title} actions={<BackLink />} />
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
