import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { BANNER_GROUPS, CONTENT_LANGUAGES, MAX_PAGE_LIMIT, type BoAnnouncement } from '@parlay/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState } from '../../../components/ui/empty-state';
import { FormError, SelectField } from '../../../components/ui/field';
import { Icon } from '../../../components/ui/icon';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { isApiError } from '../../../lib/api-client';
import { messageOf } from '../../../lib/form';
import { useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { useAnnouncements } from '../api/get-announcements';
import { useSetBannerOrder } from '../api/set-banner-order';
import { ContentTabs } from './content-tabs';
import { ScheduleText, StateBadge } from './content-labels';
import styles from './content.module.css';

type Language = (typeof CONTENT_LANGUAGES)[number];

const byPlace = (a: BoAnnouncement, b: BoAnnouncement) => a.sortOrder - b.sortOrder || a.id - b.id;

/**
 * The order banners show in, per language and place (the lobby's carousel, the sign-in or register dialog):
 * dragged into place (or moved with the keyboard, or the arrows), then saved as one change.
 */
export function BannerOrder({ brand, brandName }: { brand: string; brandName: string }) {
  const { t } = useTranslation('content');
  const [language, setLanguage] = useState<Language>('KO');
  const [group, setGroup] = useState('');
  const query = useAnnouncements(brand, { type: 'B', language, limit: MAX_PAGE_LIMIT });
  const banners = useMemo(
    () =>
      (query.data?.items ?? [])
        .filter((item) => (item.groupName ?? '') === group && item.state !== 'ended')
        .sort(byPlace),
    [query.data, group],
  );

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle', { brand: brandName })} />
      <ContentTabs brand={brand} />
      <p className={styles.lead}>{t('banners.text')}</p>
      <div className={styles.filters}>
        <SelectField
          label={t('fields.language')}
          value={language}
          onChange={(event) => setLanguage(event.target.value as Language)}
        >
          {CONTENT_LANGUAGES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('fields.group')} value={group} onChange={(event) => setGroup(event.target.value)}>
          <option value="">{t('groups.carousel')}</option>
          {BANNER_GROUPS.map((value) => (
            <option key={value} value={value}>
              {t(`groups.${value}`)}
            </option>
          ))}
        </SelectField>
      </div>
      {query.isPending ? (
        <PageLoader />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : banners.length === 0 ? (
        <EmptyState icon="image" title={t('banners.emptyTitle')} text={t('banners.emptyText')} />
      ) : (
        <OrderList
          key={`${language}-${group}-${banners.map((item) => `${item.id}:${item.version}`).join()}`}
          brand={brand}
          banners={banners}
          onReload={() => void query.refetch()}
        />
      )}
    </>
  );
}

function OrderList({ brand, banners, onReload }: { brand: string; banners: BoAnnouncement[]; onReload: () => void }) {
  const { t } = useTranslation('content');
  const canWrite = useCan('content.write');
  const save = useSetBannerOrder(brand);
  const [order, setOrder] = useState(banners);
  const [failure, setFailure] = useState<string | null>(null);
  const [isStale, setIsStale] = useState(false);
  const isDirty = order.some((item, index) => item.id !== banners[index]?.id);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const move = (from: number, to: number) => setOrder((current) => arrayMove(current, from, to));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(
      order.findIndex((item) => item.id === active.id),
      order.findIndex((item) => item.id === over.id),
    );
  };

  async function onSave() {
    setFailure(null);
    try {
      await save.mutateAsync(order.map(({ id, version }) => ({ id, version })));
      toast.success(t('banners.saved'));
    } catch (error) {
      if (isApiError(error, 'BO_CHANGED_SINCE_OPENED')) setIsStale(true);
      const text = messageOf(error, t('editor.failed'));
      setFailure(text);
      toast.error(text);
    }
  }

  return (
    <div className={styles.orderCard}>
      {isStale && (
        <div className={styles.stale} role="alert">
          <Icon name="alert" size={18} />
          <p>{t('banners.stale')}</p>
          <Button size="small" onClick={onReload}>
            {t('editor.reload')}
          </Button>
        </div>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ screenReaderInstructions: { draggable: t('banners.dragInstructions') } }}
      >
        <SortableContext items={order.map((item) => item.id)} strategy={verticalListSortingStrategy}>
          <ol className={styles.orderList} aria-label={t('banners.list')}>
            {order.map((item, index) => (
              <SortableBanner
                key={item.id}
                item={item}
                index={index}
                count={order.length}
                canWrite={canWrite}
                onMove={move}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <FormError message={failure} />
      {canWrite && (
        <div className={styles.orderFooter}>
          {isDirty && (
            <Button variant="ghost" onClick={() => setOrder(banners)}>
              {t('banners.undo')}
            </Button>
          )}
          <Button disabled={!isDirty || save.isPending} onClick={() => void onSave()}>
            {t('banners.save')}
          </Button>
        </div>
      )}
    </div>
  );
}

function SortableBanner({
  item,
  index,
  count,
  canWrite,
  onMove,
}: {
  item: BoAnnouncement;
  index: number;
  count: number;
  canWrite: boolean;
  onMove: (from: number, to: number) => void;
}) {
  const { t } = useTranslation('content');
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
    disabled: !canWrite,
  });
  return (
    <li
      ref={setNodeRef}
      className={styles.orderItem}
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      {canWrite && (
        <button
          type="button"
          className={styles.handle}
          aria-label={t('banners.drag', { title: item.title })}
          {...attributes}
          {...listeners}
        >
          <Icon name="drag" size={18} />
        </button>
      )}
      <span className={styles.place}>{index + 1}</span>
      <span className={styles.thumb}>{item.imageUrl ? <img src={item.imageUrl} alt="" /> : null}</span>
      <span className={styles.orderText}>
        <strong>{item.title}</strong>
        <ScheduleText startsAt={item.startsAt} endsAt={item.endsAt} />
      </span>
      <StateBadge state={item.state} />
      {canWrite && (
        <span className={styles.arrows}>
          <button
            type="button"
            className={styles.arrow}
            aria-label={t('banners.up', { title: item.title })}
            disabled={index === 0}
            onClick={() => onMove(index, index - 1)}
          >
            <Icon name="chevronUp" size={16} />
          </button>
          <button
            type="button"
            className={styles.arrow}
            aria-label={t('banners.down', { title: item.title })}
            disabled={index === count - 1}
            onClick={() => onMove(index, index + 1)}
          >
            <Icon name="chevronDown" size={16} />
          </button>
        </span>
      )}
    </li>
  );
}
