import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { usePageTitle } from '../../lib/page-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <>
      <PageHeader title={t('notFound.title')} />
      <EmptyState
        icon="alert"
        title={t('notFound.lead')}
        action={
          <Link to="/" className={buttonClassName('secondary')}>
            {t('notFound.home')}
          </Link>
        }
      />
    </>
  );
}
