import { OPERATOR_STATUSES, type Operator } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { columnsOf, DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { SelectField, TextField } from '../../../components/ui/field';
import { Icon } from '../../../components/ui/icon';
import { PageHeader } from '../../../components/ui/page-header';
import { useKeysetList } from '../../../hooks/use-keyset-list';
import { formatTime } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { useOperators } from '../api/get-operators';
import { InviteOperatorDialog } from './invite-operator-dialog';
import { BrandsText, RoleBadges, StatusBadge } from './operator-labels';
import styles from './operators.module.css';

const FILTERS = ['q', 'status'] as const;
const column = columnsOf<Operator>();

function useColumns() {
  const { t } = useTranslation('operators');
  return [
    column.accessor('login', {
      header: t('fields.login'),
      cell: (info) => (
        <Link to={`/operators/${info.row.original.id}`} className={styles.login}>
          {info.getValue()}
        </Link>
      ),
    }),
    column.accessor('name', { header: t('fields.name') }),
    column.accessor('email', { header: t('fields.email') }),
    column.accessor('roles', { header: t('fields.roles'), cell: (info) => <RoleBadges roles={info.getValue()} /> }),
    column.display({
      id: 'brands',
      header: t('fields.brands'),
      cell: (info) => <BrandsText operator={info.row.original} />,
    }),
    column.accessor('status', { header: t('fields.status'), cell: (info) => <StatusBadge status={info.getValue()} /> }),
    column.accessor('lastSignInAt', { header: t('fields.lastSignIn'), cell: (info) => formatTime(info.getValue()) }),
  ];
}

/** The operators of the caller's brands: search, status, pages; invite when the roles allow it. */
export function OperatorsList() {
  const { t } = useTranslation('operators');
  const navigate = useNavigate();
  const canWrite = useCan('operators.write');
  const list = useKeysetList(FILTERS);
  const [isInviting, setIsInviting] = useState(false);
  const status = (OPERATOR_STATUSES as readonly string[]).includes(list.filters.status)
    ? (list.filters.status as Operator['status'])
    : undefined;
  const query = useOperators({ q: list.filters.q || undefined, status, cursor: list.cursor });
  const columns = useColumns();
  const isFiltered = Boolean(list.filters.q || status);

  return (
    <>
      <PageHeader
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        actions={
          canWrite && (
            <Button onClick={() => setIsInviting(true)}>
              <Icon name="plus" size={16} />
              {t('invite.open')}
            </Button>
          )
        }
      />
      <form
        className={styles.filters}
        role="search"
        aria-label={t('list.filters')}
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          const text = (name: string) => {
            const value = data.get(name);
            return typeof value === 'string' ? value : '';
          };
          list.setFilters({ q: text('q'), status: text('status') });
        }}
      >
        <TextField
          label={t('list.search')}
          name="q"
          type="search"
          defaultValue={list.filters.q}
          key={`q-${list.filters.q}`}
        />
        <SelectField label={t('fields.status')} name="status" defaultValue={status ?? ''} key={`s-${status ?? ''}`}>
          <option value="">{t('list.anyStatus')}</option>
          {OPERATOR_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`status.${value}`)}
            </option>
          ))}
        </SelectField>
        <div className={styles.filterActions}>
          <Button type="submit" variant="secondary">
            <Icon name="search" size={16} />
            {t('list.apply')}
          </Button>
          {isFiltered && (
            <Button variant="ghost" onClick={() => list.setFilters({ q: '', status: '' })}>
              {t('list.clear')}
            </Button>
          )}
        </div>
      </form>
      <DataTable
        caption={t('list.title')}
        columns={columns}
        getRowId={(operator) => String(operator.id)}
        query={query}
        paging={list}
        empty={
          <EmptyState
            icon="users"
            title={isFiltered ? t('list.noMatchTitle') : t('list.emptyTitle')}
            text={isFiltered ? t('list.noMatchText') : t('list.emptyText')}
          />
        }
      />
      {canWrite && (
        <InviteOperatorDialog
          open={isInviting}
          onOpenChange={setIsInviting}
          onInvited={(operator) => void navigate(`/operators/${operator.id}`)}
        />
      )}
    </>
  );
}
