import { useTranslation } from 'react-i18next';
import { AbuseFlagsPage, ReferralSettingsPage } from '../../features/referrals/index';
import { usePageTitle } from '../../lib/page-title';
import { RequireBrand, RequirePermission } from '../layout/require-permission';

// Referral rewards and abuse flags (decision 0057): the brand's referral rules with brand.read (saved with
// brand.write), and the abuse flags' queue with players.read (released or rejected with players.money; the page hides
// the actions without it, the server refuses them too).

export function ReferralSettingsRoute() {
  const { t } = useTranslation('referrals');
  usePageTitle(t('settings.title'));
  return (
    <RequirePermission permission="brand.read">
      <RequireBrand>{(brand) => <ReferralSettingsPage brand={brand.code} brandName={brand.name} />}</RequireBrand>
    </RequirePermission>
  );
}

export function AbuseFlagsRoute() {
  const { t } = useTranslation('referrals');
  usePageTitle(t('flags.title'));
  return (
    <RequirePermission permission="players.read">
      <RequireBrand>{(brand) => <AbuseFlagsPage brand={brand.code} brandName={brand.name} />}</RequireBrand>
    </RequirePermission>
  );
}
