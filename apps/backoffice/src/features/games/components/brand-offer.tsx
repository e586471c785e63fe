import type { BrandOfferVendor } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icon';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { isApiError } from '../../../lib/api-client';
import { messageOf } from '../../../lib/form';
import { useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { useBrandOffer } from '../api/get-brand-offer';
import { useSetBrandVendor } from '../api/set-brand-vendor';
import { useSetVendorOrder } from '../api/set-vendor-order';
import { formatMoney } from '../../../lib/money';
import styles from './games.module.css';
import { FeedStatusBadge } from './labels';
import { PromotionCapDialog } from './promotion-cap-dialog';
import { SortableList } from './sortable-list';
import { Switch } from './switch';

/**
 * The brand's offer: its vendors in the order its site shows them (dragged, then saved as one change), each
 * offered or not, with the games it lists and its daily cap on promotion credits; a vendor opens its games.
 */
export function BrandOffer({ brand, brandName }: { brand: string; brandName: string }) {
  const { t } = useTranslation('games');
  const canWrite = useCan('games.write');
  const query = useBrandOffer(brand);
  const setOrder = useSetVendorOrder(brand);
  const setVendor = useSetBrandVendor(brand);
  /** The order being edited, before it is saved; null: the saved one. */
  const [draft, setDraft] = useState<string[] | null>(null);
  const [capping, setCapping] = useState<BrandOfferVendor | null>(null);

  const header = <PageHeader title={t('offer.title')} subtitle={t('offer.subtitle', { brand: brandName })} />;
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <>
        {header}
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  }
  const offer = query.data;
  const byCode = new Map(offer.vendors.map((vendor) => [vendor.code, vendor]));
  const vendors = draft
    ? draft.flatMap((code) => {
        const vendor = byCode.get(code);
        return vendor ? [vendor] : [];
      })
    : offer.vendors;

  const capText = (vendor: BrandOfferVendor) =>
    vendor.promotionCapMinor > 0
      ? t('offer.cap', { amount: formatMoney(vendor.promotionCapMinor, offer.currency) })
      : t('offer.noCap');

  async function saveOrder(codes: string[]) {
    try {
      await setOrder.mutateAsync({ brand, version: offer.orderVersion, vendors: codes });
      setDraft(null);
      toast.success(t('offer.orderSaved'));
    } catch (error) {
      if (isApiError(error, 'BO_CHANGED_SINCE_OPENED')) setDraft(null);
      toast.error(messageOf(error, t('errors.failed')));
    }
  }

  async function toggle(vendor: BrandOfferVendor, enabled: boolean) {
    try {
      await setVendor.mutateAsync({ brand, vendor: vendor.code, version: vendor.version, enabled });
      toast.success(t(enabled ? 'offer.vendorOn' : 'offer.vendorOff', { name: vendor.name }));
    } catch (error) {
      toast.error(messageOf(error, t('errors.failed')));
    }
  }

  return (
    <>
      {header}
      <p className={styles.note}>{canWrite ? t('offer.howTo') : t('offer.readOnly')}</p>
      {vendors.length === 0 ? (
        <EmptyState icon="grid" title={t('offer.emptyTitle')} text={t('offer.emptyText')} />
      ) : (
        <SortableList
          label={t('offer.listLabel', { brand: brandName })}
          items={vendors}
          getId={(vendor) => vendor.code}
          getName={(vendor) => vendor.name}
          canMove={canWrite && !setOrder.isPending}
          onReorder={(next) => setDraft(next.map((vendor) => vendor.code))}
          renderItem={(vendor) => (
            <>
              <span className={styles.name}>
                <Link to={`/brands/${encodeURIComponent(brand)}/games/${encodeURIComponent(vendor.code)}`}>
                  {vendor.name}
                </Link>
                <span className={styles.code}>{vendor.code}</span>
              </span>
              <span className={`${styles.sortMeta} ${styles.vendorMeta}`}>
                <FeedStatusBadge status={vendor.status} />
                <span className={styles.muted}>
                  {t('offer.listed', { listed: vendor.listed, games: vendor.games })}
                </span>
                {canWrite ? (
                  <Button
                    variant="ghost"
                    size="small"
                    aria-label={t('offer.editCapOf', { name: vendor.name, cap: capText(vendor) })}
                    onClick={() => setCapping(vendor)}
                  >
                    {capText(vendor)}
                  </Button>
                ) : (
                  <span className={styles.muted}>{capText(vendor)}</span>
                )}
                <Switch
                  label={t('offer.offered')}
                  aria-label={t('offer.offeredOf', { name: vendor.name })}
                  checked={vendor.enabled}
                  disabled={!canWrite || setVendor.isPending || draft !== null}
                  onChange={(event) => void toggle(vendor, event.target.checked)}
                />
              </span>
            </>
          )}
        />
      )}
      {draft && (
        <div className={styles.orderBar} role="region" aria-label={t('offer.orderChanged')}>
          <span>{t('offer.orderChanged')}</span>
          <div>
            <Button variant="secondary" onClick={() => setDraft(null)} disabled={setOrder.isPending}>
              {t('order.undo')}
            </Button>
            <Button onClick={() => void saveOrder(draft)} disabled={setOrder.isPending}>
              <Icon name="check" size={16} />
              {t('order.save')}
            </Button>
          </div>
        </div>
      )}
      {capping && (
        <PromotionCapDialog
          brand={brand}
          vendor={capping}
          currency={offer.currency}
          onOpenChange={(open) => !open && setCapping(null)}
        />
      )}
    </>
  );
}
