import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { PageTitle } from '../../lib/page-title';

/** /seamless: seamless-wallet games, header only; they open from a vendor in the lobby. */
export function Component() {
  const { t } = useTranslation('shell');
  return (
    <div style={{ maxWidth: 'var(--content-max)', margin: '0 auto', padding: 'var(--space-5) var(--space-4)' }}>
      <PageTitle name={t('pages.seamless')} />
      <PageHeader icon="slots" title={t('pages.seamless')} subtitle={t('pages.seamlessText')} />
      <EmptyState
        icon="slots"
        title={t('pages.noGameOpen')}
        action={
          <Link to="/index" className={buttonClassName()}>
            {t('backToLobby')}
          </Link>
        }
      />
    </div>
  );
}
