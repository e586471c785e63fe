import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { OperatorDetail } from '../../features/operators/index';
import { usePageTitle } from '../../lib/page-title';
import { RequirePermission } from '../layout/require-permission';
import { NotFoundPage } from './not-found-page';

export function OperatorPage() {
  const { t } = useTranslation('operators');
  usePageTitle(t('detail.title'));
  const operatorId = Number(useParams().operatorId);
  if (!Number.isInteger(operatorId) || operatorId <= 0) return <NotFoundPage />;
  return (
    <RequirePermission permission="operators.read">
      <OperatorDetail key={operatorId} operatorId={operatorId} />
    </RequirePermission>
  );
}
