import type { AuditEntry } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { columnsOf, DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { SelectField, TextField } from '../../../components/ui/field';
import { Icon } from '../../../components/ui/icon';
import { PageHeader } from '../../../components/ui/page-header';
import { useKeysetList } from '../../../hooks/use-keyset-list';
import { formatTime, isoToLocalInput, localInputToIso } from '../../../lib/format';
import type { BrandRef } from '../../../lib/session';
import { useAudit, type AuditFilters } from '../api/search-audit';
import styles from './audit.module.css';
import { ChangeDiff } from './change-diff';

const FILTERS = ['operatorId', 'actor', 'action', 'targetType', 'targetId', 'brand', 'from', 'to'] as const;
const column = columnsOf<AuditEntry>();

export interface OperatorOption {
  id: number;
  login: string;
}

function useColumns() {
  const { t } = useTranslation('audit');
  return [
    column.accessor('at', {
      header: t('fields.at'),
      cell: (info) => <span className={styles.time}>{formatTime(info.getValue())}</span>,
    }),
    column.display({
      id: 'who',
      header: t('fields.who'),
      cell: (info) => info.row.original.operatorLogin ?? <code>{info.row.original.actor}</code>,
    }),
    column.accessor('brand', { header: t('fields.brand'), cell: (info) => info.getValue() ?? t('platform') }),
    column.accessor('action', { header: t('fields.action'), cell: (info) => <code>{info.getValue()}</code> }),
    column.display({
      id: 'target',
      header: t('fields.target'),
      cell: (info) => (
        <span>
          {info.row.original.targetType} <code>{info.row.original.targetId}</code>
        </span>
      ),
    }),
    column.accessor('ip', { header: t('fields.ip'), cell: (info) => info.getValue() ?? '—' }),
  ];
}

/** What the address's filters ask of the server; a bad value (a hand-typed address) is left out. */
function toQuery(filters: Record<(typeof FILTERS)[number], string>, cursor: string | undefined): AuditFilters {
  const operatorId = Number(filters.operatorId);
  return {
    operatorId: Number.isInteger(operatorId) && operatorId > 0 ? operatorId : undefined,
    actor: filters.actor || undefined,
    action: filters.action || undefined,
    targetType: filters.targetType || undefined,
    targetId: filters.targetId || undefined,
    brand: filters.brand || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    cursor,
  };
}

/**
 * The audit trail: every change made through the back office or the CLI on the caller's brands, newest first,
 * searched by operator, action, target, brand and time; each row opens to its before and after.
 */
export function AuditTrail({ operators, brands }: { operators: OperatorOption[] | null; brands: BrandRef[] }) {
  const { t } = useTranslation('audit');
  const list = useKeysetList(FILTERS);
  const query = useAudit(toQuery(list.filters, list.cursor));
  const columns = useColumns();
  const isFiltered = FILTERS.some((key) => list.filters[key] !== '');
  // Inputs are keyed by the address's filters: Back or a link re-fills them.
  const formKey = FILTERS.map((key) => list.filters[key]).join('|');

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <form
        key={formKey}
        className={styles.filters}
        role="search"
        aria-label={t('filters')}
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          const text = (name: string) => {
            const value = data.get(name);
            return typeof value === 'string' ? value : '';
          };
          list.setFilters({
            operatorId: text('operatorId'),
            actor: text('actor'),
            action: text('action'),
            targetType: text('targetType'),
            targetId: text('targetId'),
            brand: text('brand'),
            from: localInputToIso(text('from')) ?? '',
            to: localInputToIso(text('to')) ?? '',
          });
        }}
      >
        {operators ? (
          <SelectField label={t('fields.operator')} name="operatorId" defaultValue={list.filters.operatorId}>
            <option value="">{t('any')}</option>
            {operators.map((operator) => (
              <option key={operator.id} value={operator.id}>
                {operator.login}
              </option>
            ))}
          </SelectField>
        ) : (
          <TextField
            label={t('fields.operatorId')}
            name="operatorId"
            inputMode="numeric"
            defaultValue={list.filters.operatorId}
          />
        )}
        <TextField
          label={t('fields.actor')}
          name="actor"
          placeholder="cli:alice"
          autoCapitalize="none"
          spellCheck={false}
          defaultValue={list.filters.actor}
        />
        <TextField
          label={t('fields.action')}
          name="action"
          placeholder="operator."
          hint={t('actionHint')}
          autoCapitalize="none"
          spellCheck={false}
          defaultValue={list.filters.action}
        />
        <TextField
          label={t('fields.targetType')}
          name="targetType"
          placeholder="operator"
          autoCapitalize="none"
          spellCheck={false}
          defaultValue={list.filters.targetType}
        />
        <TextField label={t('fields.targetId')} name="targetId" defaultValue={list.filters.targetId} />
        <SelectField label={t('fields.brand')} name="brand" defaultValue={list.filters.brand}>
          <option value="">{t('any')}</option>
          {brands.map((brand) => (
            <option key={brand.code} value={brand.code}>
              {brand.name} ({brand.code})
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('fields.from')}
          name="from"
          type="datetime-local"
          defaultValue={isoToLocalInput(list.filters.from)}
        />
        <TextField
          label={t('fields.to')}
          name="to"
          type="datetime-local"
          defaultValue={isoToLocalInput(list.filters.to)}
        />
        <div className={styles.filterActions}>
          <Button type="submit" variant="secondary">
            <Icon name="search" size={16} />
            {t('apply')}
          </Button>
          {isFiltered && (
            <Button
              variant="ghost"
              onClick={() => list.setFilters(Object.fromEntries(FILTERS.map((key) => [key, ''])))}
            >
              {t('clear')}
            </Button>
          )}
        </div>
      </form>
      <DataTable
        caption={t('title')}
        columns={columns}
        getRowId={(entry) => entry.id}
        query={query}
        paging={list}
        renderDetail={(entry) => <ChangeDiff entry={entry} />}
        detailLabel={(entry) =>
          t('showChange', { action: entry.action, target: `${entry.targetType} ${entry.targetId}` })
        }
        empty={
          <EmptyState
            icon="record"
            title={isFiltered ? t('noMatchTitle') : t('emptyTitle')}
            text={isFiltered ? t('noMatchText') : t('emptyText')}
          />
        }
      />
    </>
  );
}
