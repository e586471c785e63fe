import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AuditTrail } from '../../features/audit/index';
import { getOperatorsQueryOptions } from '../../features/operators/index';
import { usePageTitle } from '../../lib/page-title';
import { useCan, useOperatorSession } from '../../lib/session';
import { RequirePermission } from '../layout/require-permission';

/** The audit trail; its operator filter lists the operators when the roles may read them (else an id field). */
export function AuditPage() {
  const { t } = useTranslation('audit');
  usePageTitle(t('title'));
  const session = useOperatorSession();
  const canReadOperators = useCan('operators.read');
  const operators = useQuery({ ...getOperatorsQueryOptions({ limit: 200 }), enabled: canReadOperators });
  const options =
    canReadOperators && operators.data ? operators.data.items.map(({ id, login }) => ({ id, login })) : null;
  return (
    <RequirePermission permission="audit.read">
      <AuditTrail operators={options} brands={session.brands} />
    </RequirePermission>
  );
}
