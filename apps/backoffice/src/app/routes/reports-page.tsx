import { useTranslation } from 'react-i18next';
import { DailyReport } from '../../features/reports/index';
import { usePageTitle } from '../../lib/page-title';
import { RequireBrand, RequirePermission } from '../layout/require-permission';

/** /brands/:brand/reports: the brand's daily report and its CSV export. */
export function ReportsPage() {
  const { t } = useTranslation('reports');
  usePageTitle(t('title'));
  return (
    <RequirePermission permission="reports.read">
      <RequireBrand>{(brand) => <DailyReport brand={brand.code} brandName={brand.name} />}</RequireBrand>
    </RequirePermission>
  );
}
