import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import {
  BrandOffer,
  EncryptionKeys,
  HouseLimits,
  OfferVendor,
  OpenRounds,
  VendorFeeds,
} from '../../features/games/index';
import { usePageTitle } from '../../lib/page-title';
import { useOperatorSession } from '../../lib/session';
import { RequireBrand, RequirePermission } from '../layout/require-permission';

// The Games pages (issue 32), one chunk: a brand's offer and a vendor's games, rounds left open, the house
// games' limits, and the platform's vendors and request-encryption keys.

export function BrandOfferPage() {
  const { t } = useTranslation('games');
  usePageTitle(t('offer.title'));
  return (
    <RequirePermission permission="games.read">
      <RequireBrand>{(brand) => <BrandOffer brand={brand.code} brandName={brand.name} />}</RequireBrand>
    </RequirePermission>
  );
}

export function OfferVendorPage() {
  const { t } = useTranslation('games');
  const vendor = useParams().vendor ?? '';
  usePageTitle(`${vendor} · ${t('offer.title')}`);
  return (
    <RequirePermission permission="games.read">
      <RequireBrand>{(brand) => <OfferVendor key={vendor} brand={brand.code} vendorCode={vendor} />}</RequireBrand>
    </RequirePermission>
  );
}

export function OpenRoundsPage() {
  const { t } = useTranslation('games');
  usePageTitle(t('rounds.title'));
  return (
    <RequirePermission permission="rounds.close">
      <RequireBrand>{(brand) => <OpenRounds brand={brand.code} brandName={brand.name} />}</RequireBrand>
    </RequirePermission>
  );
}

export function HouseLimitsPage() {
  const { t } = useTranslation('games');
  usePageTitle(t('limits.title'));
  return (
    <RequirePermission permission="games.read">
      <RequireBrand>{(brand) => <HouseLimits brand={brand.code} brandName={brand.name} />}</RequireBrand>
    </RequirePermission>
  );
}

export function VendorFeedsPage() {
  const { t } = useTranslation('games');
  usePageTitle(t('feeds.title'));
  return (
    <RequirePermission permission="games.read">
      <VendorFeeds />
    </RequirePermission>
  );
}

/** The keys every brand shares: an operator of every brand only; another sees no section and this says why. */
export function EncryptionKeysPage() {
  const { t } = useTranslation('games');
  usePageTitle(t('keys.title'));
  const session = useOperatorSession();
  return (
    <RequirePermission permission="keys.rotate">
      {session.allBrands ? (
        <EncryptionKeys />
      ) : (
        <>
          <PageHeader title={t('keys.title')} />
          <EmptyState icon="lock" title={t('keys.platformOnlyTitle')} text={t('keys.platformOnlyText')} />
        </>
      )}
    </RequirePermission>
  );
}
