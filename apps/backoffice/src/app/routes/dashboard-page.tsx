import { useTranslation } from 'react-i18next';
import { DashboardView } from '../../features/dashboard/index';
import { usePageTitle } from '../../lib/page-title';
import { useCan } from '../../lib/session';
import { RequireBrand, RequirePermission } from '../layout/require-permission';

/** /brands/:brand/dashboard: the brand's figures, the home of an operator whose roles read it. */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  usePageTitle(t('title'));
  const canReadReports = useCan('reports.read');
  return (
    <RequirePermission permission="dashboard.read">
      <RequireBrand>
        {(brand) => (
          <DashboardView
            brand={brand.code}
            brandName={brand.name}
            reportsPath={canReadReports ? `/brands/${encodeURIComponent(brand.code)}/reports` : null}
          />
        )}
      </RequireBrand>
    </RequirePermission>
  );
}
