import { CreatePointProductRequestSchema, type BoPointProduct } from '@parlay/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { columnsOf, DataTable } from '../../../components/ui/data-table';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Checkbox, FormError, SelectField, TextField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { useKeysetList } from '../../../hooks/use-keyset-list';
import { formatTime, isoToLocalInput, localInputToIso } from '../../../lib/format';
import { messageOf } from '../../../lib/form';
import { useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { useProducts, useSaveProduct, useUploadProductImage } from '../api/products';
import { formatMoney, minorToInput, parseMajor } from '../../../lib/money';
import { formatPoints, parsePoints } from '../../../lib/points';
import styles from './point-mall.module.css';

const FILTERS = ['active'] as const;
const VIEWS = ['all', 'active', 'inactive'] as const;
type View = (typeof VIEWS)[number];
const column = columnsOf<BoPointProduct>();

type Draft = Record<
  'nameKo' | 'nameEn' | 'points' | 'amount' | 'cashValue' | 'stock' | 'limit' | 'startsAt' | 'endsAt' | 'sortOrder',
  string
> & { kind: 'goods' | 'cash'; active: boolean; imageUrl: string | null };

function draftOf(product: BoPointProduct | null, currency: string): Draft {
  return {
    kind: product?.kind ?? 'goods',
    nameKo: product?.nameKo ?? '',
    nameEn: product?.nameEn ?? '',
    points: product ? String(product.pointsMinor / 100) : '',
    amount: product ? minorToInput(product.amountMinor, currency) : '0',
    cashValue: product ? minorToInput(product.cashValueMinor, currency) : '0',
    stock: String(product?.stock ?? 0),
    limit: product?.perMemberLimit ? String(product.perMemberLimit) : '',
    startsAt: isoToLocalInput(product?.startsAt ?? null),
    endsAt: isoToLocalInput(product?.endsAt ?? null),
    sortOrder: String(product?.sortOrder ?? 0),
    active: product?.active ?? true,
    imageUrl: product?.imageUrl ?? null,
  };
}

/** The dialog of one product: added, or saved with the version it was opened at. */
function ProductDialog({
  brand,
  currency,
  product,
  onClose,
}: {
  brand: string;
  currency: string;
  product: BoPointProduct | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('pointMall');
  const save = useSaveProduct(brand);
  const upload = useUploadProductImage(brand);
  const file = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<Draft>(() => draftOf(product, currency));
  const [problem, setProblem] = useState<string | null>(null);
  const set = (key: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft({ ...draft, [key]: event.target.value });

  async function onPicture(picked: File | undefined) {
    if (!picked) return;
    try {
      const stored = await upload.mutateAsync(picked);
      setDraft((current) => ({ ...current, imageUrl: stored.url }));
      setProblem(null);
    } catch (error) {
      setProblem(messageOf(error, t('errors.failed')));
    }
  }

  async function onSave() {
    const body = {
      kind: draft.kind,
      nameKo: draft.nameKo.trim(),
      nameEn: draft.nameEn.trim() === '' ? null : draft.nameEn.trim(),
      imageUrl: draft.imageUrl,
      pointsMinor: parsePoints(draft.points) ?? -1,
      amountMinor: parseMajor(draft.amount, currency) ?? -1,
      cashValueMinor: draft.kind === 'cash' ? (parseMajor(draft.cashValue, currency) ?? -1) : 0,
      stock: /^\d+$/.test(draft.stock.trim()) ? Number(draft.stock) : -1,
      perMemberLimit: draft.limit.trim() === '' ? null : Number(draft.limit),
      startsAt: localInputToIso(draft.startsAt) ?? null,
      endsAt: localInputToIso(draft.endsAt) ?? null,
      active: draft.active,
      sortOrder: Number(draft.sortOrder) || 0,
    };
    const checked = CreatePointProductRequestSchema.safeParse(body);
    if (!checked.success) {
      setProblem(t('products.invalid'));
      return;
    }
    try {
      await save.mutateAsync({ ...checked.data, id: product?.id, version: product?.version });
      toast.success(t('products.saved', { name: body.nameKo }));
      onClose();
    } catch (error) {
      setProblem(messageOf(error, t('errors.failed')));
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={product ? t('products.editTitle', { name: product.nameKo }) : t('products.addTitle')}
      description={t('products.dialogText', { currency })}
      width={680}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={() => void onSave()} disabled={save.isPending || upload.isPending}>
            {t('actions.save')}
          </Button>
        </>
      }
    >
      <div className={styles.form}>
        <div className={`${styles.wide} ${styles.picture}`}>
          {draft.imageUrl ? (
            <img className={styles.thumb} src={draft.imageUrl} alt={t('products.pictureOf', { name: draft.nameKo })} />
          ) : (
            <span className={styles.thumb} aria-hidden="true" />
          )}
          <input
            ref={file}
            type="file"
            accept="image/png,image/jpeg"
            className="visually-hidden"
            aria-label={t('products.picture')}
            onChange={(event) => void onPicture(event.target.files?.[0])}
          />
          <Button variant="secondary" size="small" onClick={() => file.current?.click()} disabled={upload.isPending}>
            {draft.imageUrl ? t('products.replacePicture') : t('products.addPicture')}
          </Button>
          <span className={styles.muted}>{t('products.pictureHint')}</span>
        </div>
        <TextField label={t('products.nameKo')} value={draft.nameKo} onChange={set('nameKo')} />
        <TextField label={t('products.nameEn')} value={draft.nameEn} onChange={set('nameEn')} />
        <SelectField label={t('products.kind')} value={draft.kind} onChange={set('kind')}>
          <option value="goods">{t('kinds.goods')}</option>
          <option value="cash">{t('kinds.cash')}</option>
        </SelectField>
        <TextField label={t('products.points')} inputMode="decimal" value={draft.points} onChange={set('points')} />
        <TextField
          label={t('products.amount', { currency })}
          hint={t('products.amountHint')}
          inputMode="decimal"
          value={draft.amount}
          onChange={set('amount')}
        />
        {draft.kind === 'cash' && (
          <TextField
            label={t('products.cashValue', { currency })}
            inputMode="decimal"
            value={draft.cashValue}
            onChange={set('cashValue')}
          />
        )}
        <TextField label={t('products.stock')} inputMode="numeric" value={draft.stock} onChange={set('stock')} />
        <TextField
          label={t('products.limit')}
          hint={t('products.limitHint')}
          inputMode="numeric"
          value={draft.limit}
          onChange={set('limit')}
        />
        <TextField
          label={t('products.startsAt')}
          type="datetime-local"
          value={draft.startsAt}
          onChange={set('startsAt')}
        />
        <TextField label={t('products.endsAt')} type="datetime-local" value={draft.endsAt} onChange={set('endsAt')} />
        <TextField
          label={t('products.sortOrder')}
          inputMode="numeric"
          value={draft.sortOrder}
          onChange={set('sortOrder')}
        />
        <div className={styles.wide}>
          <Checkbox
            label={t('products.active')}
            checked={draft.active}
            onChange={(event) => setDraft({ ...draft, active: event.target.checked })}
          />
        </div>
        <div className={styles.wide}>
          <FormError message={problem} />
        </div>
      </div>
    </Dialog>
  );
}

/** A brand's points-mall products (decision 0045): pictures, points and money, stock, limits, dates, on or off. */
export function PointProductsPage({ brand, brandName }: { brand: string; brandName: string }) {
  const { t } = useTranslation('pointMall');
  const list = useKeysetList(FILTERS);
  const view: View = VIEWS.includes(list.filters.active as View) ? (list.filters.active as View) : 'all';
  const query = useProducts(brand, { active: view, cursor: list.cursor });
  const canWrite = useCan('pointMall.products');
  const [editing, setEditing] = useState<BoPointProduct | 'new' | null>(null);
  // The amounts are in the brand's currency, which every product carries.
  const currency = query.data?.items[0]?.currency ?? 'KRW';

  const columns = [
    column.accessor('nameKo', {
      header: t('columns.product'),
      cell: (info) => {
        const item = info.row.original;
        return (
          <span className={styles.product}>
            {item.imageUrl ? (
              <img className={styles.thumb} src={item.imageUrl} alt="" loading="lazy" />
            ) : (
              <span className={styles.thumb} aria-hidden="true" />
            )}
            <span className={styles.name}>
              <strong>{item.nameKo}</strong>
              <span className={styles.muted}>
                {item.nameEn ?? '—'} · {t(`kinds.${item.kind}`)}
              </span>
            </span>
          </span>
        );
      },
    }),
    column.accessor('pointsMinor', {
      header: () => <span className={styles.number}>{t('columns.price')}</span>,
      cell: (info) => {
        const item = info.row.original;
        return (
          <span className={styles.number}>
            {formatPoints(item.pointsMinor, { unit: true })}
            {item.amountMinor > 0 && (
              <span className={styles.muted}> + {formatMoney(item.amountMinor, item.currency)}</span>
            )}
            {item.cashValueMinor > 0 && (
              <span className={styles.muted}> → {formatMoney(item.cashValueMinor, item.currency)}</span>
            )}
          </span>
        );
      },
    }),
    column.accessor('stock', {
      header: () => <span className={styles.number}>{t('columns.stock')}</span>,
      cell: (info) => {
        const item = info.row.original;
        return (
          <span className={styles.stack}>
            {item.stock === 0 ? <Badge tone="off">{t('products.soldOut')}</Badge> : <span>{item.stock}</span>}
            <span className={styles.muted}>{t('products.redeemed', { count: item.redeemedCount })}</span>
          </span>
        );
      },
    }),
    column.accessor('perMemberLimit', {
      header: () => <span className={styles.number}>{t('columns.limit')}</span>,
      cell: (info) => <span className={styles.number}>{info.getValue() ?? '—'}</span>,
    }),
    column.display({
      id: 'dates',
      header: t('columns.dates'),
      cell: (info) => {
        const item = info.row.original;
        if (!item.startsAt && !item.endsAt) return <span className={styles.muted}>{t('products.always')}</span>;
        return (
          <span className={styles.name}>
            <span>{item.startsAt ? formatTime(item.startsAt) : '—'}</span>
            <span className={styles.muted}>{item.endsAt ? formatTime(item.endsAt) : '—'}</span>
          </span>
        );
      },
    }),
    column.accessor('active', {
      header: t('columns.state'),
      cell: (info) => (
        <Badge tone={info.getValue() ? 'ok' : 'off'}>{info.getValue() ? t('products.on') : t('products.off')}</Badge>
      ),
    }),
    column.display({
      id: 'actions',
      header: () => <span className="visually-hidden">{t('columns.actions')}</span>,
      cell: (info) =>
        canWrite ? (
          <span className={styles.rowActions}>
            <Button
              size="small"
              variant="secondary"
              aria-label={t('products.editOf', { name: info.row.original.nameKo })}
              onClick={() => setEditing(info.row.original)}
            >
              {t('actions.edit')}
            </Button>
          </span>
        ) : null,
    }),
  ];

  return (
    <>
      <PageHeader
        title={t('products.title')}
        subtitle={t('products.subtitle', { brand: brandName })}
        actions={canWrite ? <Button onClick={() => setEditing('new')}>{t('products.add')}</Button> : undefined}
      />
      <nav className={styles.tabs} aria-label={t('products.views')}>
        {VIEWS.map((name) => (
          <Button
            key={name}
            size="small"
            variant="secondary"
            className={styles.tab}
            aria-current={name === view ? 'page' : undefined}
            onClick={() => list.setFilters({ active: name })}
          >
            {t(`productViews.${name}`)}
          </Button>
        ))}
      </nav>
      <DataTable
        caption={t('products.title')}
        columns={columns}
        getRowId={(row) => String(row.id)}
        query={query}
        paging={list}
        empty={<EmptyState icon="grid" title={t('products.emptyTitle')} text={t('products.empty')} />}
      />
      {editing && (
        <ProductDialog
          key={editing === 'new' ? 'new' : `${editing.id}-${editing.version}`}
          brand={brand}
          currency={currency}
          product={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
