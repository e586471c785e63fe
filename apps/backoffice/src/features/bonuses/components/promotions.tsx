import { BONUS_PROMOTION_KINDS, type BoPromotion } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { columnsOf, DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { ViewTabs } from '../../../components/ui/view-tabs';
import { useKeysetList } from '../../../hooks/use-keyset-list';
import { formatTime } from '../../../lib/format';
import { messageOf } from '../../../lib/form';
import { useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { useDeactivatePromotion, usePromotions } from '../api/promotions';
import { BonusSettingsPanel } from './bonus-settings';
import styles from './bonuses.module.css';
import { PromotionDialog } from './promotion-dialog';
import { contributionsInWords, isBonusKind, rulesInWords } from './rules';

const FILTERS = ['kind'] as const;
const VIEWS = ['all', ...BONUS_PROMOTION_KINDS] as const;
type View = (typeof VIEWS)[number];
const column = columnsOf<BoPromotion>();

/**
 * A brand's bonus promotions (decision 0050): what each pays and its wagering in words, who may have it, when, on or
 * off. brand.write adds and edits them (the version opened is sent) and switches one off; each change is audited.
 */
export function PromotionsPage({ brand, brandName }: { brand: string; brandName: string }) {
  const { t, i18n } = useTranslation('bonuses');
  const list = useKeysetList(FILTERS);
  const view: View = VIEWS.includes(list.filters.kind as View) ? (list.filters.kind as View) : 'all';
  const query = usePromotions(brand, {
    kind: view === 'all' ? undefined : view,
    cursor: list.cursor,
  });
  const deactivate = useDeactivatePromotion(brand);
  const canWrite = useCan('brand.write');
  const [editing, setEditing] = useState<BoPromotion | 'new' | null>(null);
  const [switching, setSwitching] = useState<BoPromotion | null>(null);
  const currency = query.data?.currency ?? 'KRW';
  const isKorean = i18n.language === 'ko';

  async function switchOff(promotion: BoPromotion) {
    try {
      await deactivate.mutateAsync(promotion);
      toast.success(t('promotions.switchedOff', { code: promotion.code }));
    } catch (error) {
      toast.error(messageOf(error, t('errors.failed')));
      throw error;
    }
  }

  const columns = [
    column.accessor('code', {
      header: t('columns.code'),
      cell: (info) => (
        // The code, its kind and its on/off state in one cell: the whole row, its actions included, fits 1280 px.
        <span className={styles.name}>
          <span className={styles.code}>{info.getValue()}</span>
          <span className={styles.muted}>{t(`kinds.${info.row.original.kind}`)}</span>
          <Badge tone={info.row.original.active ? 'ok' : 'off'}>
            {t(info.row.original.active ? 'promotions.on' : 'promotions.off')}
          </Badge>
        </span>
      ),
    }),
    column.display({
      id: 'title',
      header: t('columns.title'),
      cell: (info) => (
        <span className={`${styles.name} ${styles.title}`}>
          <strong>{isKorean ? info.row.original.titleKo : info.row.original.titleEn}</strong>
          <span className={styles.muted}>{info.row.original.category}</span>
        </span>
      ),
    }),
    column.accessor('rules', {
      header: t('columns.rules'),
      cell: (info) => (
        <span className={styles.rules}>
          <span>{rulesInWords(t, info.getValue(), currency)}</span>
          <span className={styles.muted}>{contributionsInWords(t, info.getValue())}</span>
        </span>
      ),
    }),
    column.accessor('audience', {
      header: t('columns.audience'),
      cell: (info) => t(`audiences.${info.getValue()}`),
    }),
    column.display({
      id: 'dates',
      header: t('columns.dates'),
      cell: (info) => {
        const item = info.row.original;
        if (!item.startsAt && !item.endsAt) return <span className={styles.muted}>{t('promotions.always')}</span>;
        return (
          <span className={styles.name}>
            <span className={styles.nowrap}>{t('promotions.from', { time: formatTime(item.startsAt) })}</span>
            <span className={`${styles.nowrap} ${styles.muted}`}>
              {t('promotions.until', { time: formatTime(item.endsAt) })}
            </span>
          </span>
        );
      },
    }),
    column.display({
      id: 'actions',
      header: () => <span className="visually-hidden">{t('columns.actions')}</span>,
      cell: (info) => {
        const item = info.row.original;
        if (!canWrite) return null;
        return (
          <span className={styles.rowActions}>
            {isBonusKind(item.kind) && (
              <Button
                size="small"
                variant="secondary"
                aria-label={t('actions.editOf', { code: item.code })}
                onClick={() => setEditing(item)}
              >
                {t('actions.edit')}
              </Button>
            )}
            {item.active && (
              <Button
                size="small"
                variant="secondary"
                aria-label={t('actions.switchOffOf', { code: item.code })}
                onClick={() => setSwitching(item)}
              >
                {t('actions.switchOff')}
              </Button>
            )}
          </span>
        );
      },
    }),
  ];

  return (
    <>
      <PageHeader
        title={t('promotions.title')}
        subtitle={t('promotions.subtitle', { brand: brandName })}
        actions={canWrite ? <Button onClick={() => setEditing('new')}>{t('promotions.add')}</Button> : undefined}
      />
      <ViewTabs
        label={t('promotions.views')}
        views={VIEWS}
        current={view}
        labelOf={(name) => (name === 'all' ? t('promotions.all') : t(`kinds.${name}`))}
        onChoose={(name) => list.setFilters({ kind: name === 'all' ? '' : name })}
      />
      <DataTable
        caption={t('promotions.title')}
        columns={columns}
        getRowId={(row) => String(row.id)}
        query={query}
        paging={list}
        empty={<EmptyState icon="megaphone" title={t('promotions.emptyTitle')} text={t('promotions.empty')} />}
      />
      <BonusSettingsPanel brand={brand} />
      {editing && (
        <PromotionDialog
          key={editing === 'new' ? 'new' : `${editing.id}-${editing.version}`}
          brand={brand}
          currency={currency}
          promotion={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={switching !== null}
        onOpenChange={(open) => !open && setSwitching(null)}
        title={switching && t('switchOff.title', { code: switching.code })}
        description={t('switchOff.text')}
        confirmLabel={t('actions.switchOff')}
        onConfirm={() => (switching ? switchOff(switching) : Promise.resolve())}
      />
    </>
  );
}
