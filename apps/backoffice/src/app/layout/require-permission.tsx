import type { Permission } from '@parlay/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { useCan, useOperatorSession, type BrandRef } from '../../lib/session';

/** A page the operator's roles do not open (a link from a colleague) says so instead of failing its calls. */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { t } = useTranslation();
  if (useCan(permission)) return <>{children}</>;
  return (
    <>
      <PageHeader title={t('denied.title')} />
      <EmptyState icon="lock" title={t('denied.lead')} text={t('denied.text')} />
    </>
  );
}

/** A brand's page, for a brand of the operator's (`:brand` of the address); another brand is refused here. */
export function RequireBrand({ children }: { children: (brand: BrandRef) => ReactNode }) {
  const { t } = useTranslation();
  const session = useOperatorSession();
  const code = useParams().brand;
  const brand = session.brands.find((item) => item.code === code);
  if (brand) return <>{children(brand)}</>;
  return (
    <>
      <PageHeader title={t('denied.title')} />
      <EmptyState icon="lock" title={t('denied.brand', { brand: code ?? '' })} />
    </>
  );
}
