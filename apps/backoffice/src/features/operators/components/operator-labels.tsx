import type { Operator, RoleName } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';

const STATUS_TONE = { active: 'ok', invited: 'warn', suspended: 'off' } as const;

export function StatusBadge({ status }: { status: Operator['status'] }) {
  const { t } = useTranslation('operators');
  return <Badge tone={STATUS_TONE[status]}>{t(`status.${status}`)}</Badge>;
}

export function RoleBadges({ roles }: { roles: readonly RoleName[] }) {
  const { t } = useTranslation('operators');
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
      {roles.map((role) => (
        <Badge key={role}>{t(`roles.${role}`)}</Badge>
      ))}
    </span>
  );
}

export function BrandsText({ operator }: { operator: Pick<Operator, 'allBrands' | 'brands'> }) {
  const { t } = useTranslation('operators');
  if (operator.allBrands) return <>{t('allBrands')}</>;
  if (operator.brands.length === 0) return <>{t('noBrands')}</>;
  return <>{operator.brands.join(', ')}</>;
}
