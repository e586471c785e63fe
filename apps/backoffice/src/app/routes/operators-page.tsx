import { useTranslation } from 'react-i18next';
import { OperatorsList } from '../../features/operators/index';
import { usePageTitle } from '../../lib/page-title';
import { RequirePermission } from '../layout/require-permission';

export function OperatorsPage() {
  const { t } = useTranslation('operators');
  usePageTitle(t('list.title'));
  return (
    <RequirePermission permission="operators.read">
      <OperatorsList />
    </RequirePermission>
  );
}
