import { useTranslation } from 'react-i18next';
import { PointExchangesPage, PointProductsPage } from '../../features/point-mall/index';
import { usePageTitle } from '../../lib/page-title';
import { RequireBrand, RequirePermission } from '../layout/require-permission';

// A brand's points mall (decision 0045), one chunk: the products and the exchange orders.

export function PointProductsRoute() {
  const { t } = useTranslation('pointMall');
  usePageTitle(t('products.title'));
  return (
    <RequirePermission permission="pointMall.read">
      <RequireBrand>{(brand) => <PointProductsPage brand={brand.code} brandName={brand.name} />}</RequireBrand>
    </RequirePermission>
  );
}

export function PointExchangesRoute() {
  const { t } = useTranslation('pointMall');
  usePageTitle(t('exchanges.title'));
  return (
    <RequirePermission permission="pointMall.read">
      <RequireBrand>{(brand) => <PointExchangesPage brand={brand.code} brandName={brand.name} />}</RequireBrand>
    </RequirePermission>
  );
}
