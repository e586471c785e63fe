import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { useCurrentBrand } from '../../lib/brand';
import { usePageTitle } from '../../lib/page-title';
import { useOperatorSession } from '../../lib/session';
import { sectionPath, visibleSections } from '../sections';

/** /backoffice/: the first section the operator's roles open; or, when none is built yet, says so. */
export function HomePage() {
  const { t } = useTranslation();
  usePageTitle('');
  const session = useOperatorSession();
  const brand = useCurrentBrand(session);
  const first = visibleSections(session.permissions, session.allBrands)
    .map((section) => sectionPath(section, brand))
    .find((path) => path !== null);
  if (first) return <Navigate to={first} replace />;
  return (
    <>
      <PageHeader title={t('home.title', { name: session.operator.name })} />
      <EmptyState
        title={t('home.noSectionsTitle')}
        text={t('home.noSectionsText', {
          roles: session.roles.map((role) => t(`operators:roles.${role}`)).join(', '),
        })}
      />
    </>
  );
}
