import {
  PLAYER_SEARCH_FIELDS,
  PlayerSearchQuerySchema,
  type PlayerSearchField,
  type PlayerSummary,
} from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { columnsOf, DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { SelectField, TextField } from '../../../components/ui/field';
import { Icon } from '../../../components/ui/icon';
import { PageHeader } from '../../../components/ui/page-header';
import { useKeysetList } from '../../../hooks/use-keyset-list';
import { useSearchPlayers } from '../api/search-players';
import { formatDay, formatMinute } from '../lib/dates';
import { AgentTypeText, phoneOf, PlayerStatusBadge } from './player-labels';
import styles from './players.module.css';

const FILTERS = ['by', 'q'] as const;
const column = columnsOf<PlayerSummary>();

/** Where a player's page leads back to: the search it was opened from. */
export interface FromSearch {
  search?: string;
}

function useColumns(brand: string) {
  const { t } = useTranslation('players');
  const location = useLocation();
  return [
    column.accessor('account', {
      header: t('fields.account'),
      cell: (info) => (
        <span className={styles.stack}>
          <Link
            to={`/brands/${encodeURIComponent(brand)}/players/${info.row.original.id}`}
            state={{ search: location.search } satisfies FromSearch}
            className={styles.account}
          >
            {info.getValue()}
          </Link>
          {info.row.original.nickname && <span className={styles.muted}>{info.row.original.nickname}</span>}
        </span>
      ),
    }),
    column.accessor('id', { header: t('fields.id'), cell: (info) => <span className="mono">{info.getValue()}</span> }),
    column.accessor('status', {
      header: t('fields.status'),
      cell: (info) => <PlayerStatusBadge status={info.getValue()} />,
    }),
    column.accessor('agentType', {
      header: t('fields.agentType'),
      cell: (info) => (
        <span className={styles.nowrap}>
          <AgentTypeText agentType={info.getValue()} />
        </span>
      ),
    }),
    column.display({
      id: 'contact',
      header: t('fields.contact'),
      cell: (info) => (
        <span className={styles.stack}>
          <span className={styles.nowrap}>{phoneOf(info.row.original)}</span>
          {info.row.original.email && <span className={styles.muted}>{info.row.original.email}</span>}
        </span>
      ),
    }),
    column.accessor('registeredAt', {
      header: t('fields.registeredAt'),
      cell: (info) => <span className={styles.nowrap}>{formatDay(info.getValue())}</span>,
    }),
    column.display({
      id: 'lastLogin',
      header: t('fields.lastLogin'),
      cell: (info) => (
        <span className={styles.stack}>
          <span className={styles.nowrap}>{formatMinute(info.row.original.lastLoginAt)}</span>
          {info.row.original.lastLoginIp && <span className={styles.muted}>{info.row.original.lastLoginIp}</span>}
        </span>
      ),
    }),
  ];
}

function isField(value: string): value is PlayerSearchField {
  return (PLAYER_SEARCH_FIELDS as readonly string[]).includes(value);
}

/**
 * A brand's players found by the beginning of an account, a member ID, a phone number, an e-mail or an IP they
 * signed in from. The search is in the address, so it can be reloaded and sent to a colleague.
 */
export function PlayersSearch({ brand, brandName }: { brand: string; brandName: string }) {
  const { t } = useTranslation('players');
  const list = useKeysetList(FILTERS);
  const by: PlayerSearchField = isField(list.filters.by) ? list.filters.by : 'account';
  const asked = PlayerSearchQuerySchema.safeParse({ by, q: list.filters.q });
  const query = useSearchPlayers(brand, asked.success ? { by, q: asked.data.q, cursor: list.cursor } : null);
  const columns = useColumns(brand);

  return (
    <>
      <PageHeader title={t('list.title')} subtitle={t('list.subtitle', { brand: brandName })} />
      {/* Keyed by the address's search: Back or a link fills the form again. */}
      <SearchForm
        key={`${by}|${list.filters.q}`}
        by={by}
        q={list.filters.q}
        onSearch={(next) => list.setFilters(next)}
        onClear={() => list.setFilters({ by: '', q: '' })}
      />
      {asked.success ? (
        <DataTable
          caption={t('list.title')}
          columns={columns}
          getRowId={(player) => String(player.id)}
          query={query}
          paging={list}
          empty={<EmptyState icon="user" title={t('list.noMatchTitle')} text={t('list.noMatchText')} />}
        />
      ) : (
        <EmptyState icon="search" title={t('list.startTitle')} text={t('list.startText')} />
      )}
    </>
  );
}

/** What to look for and in which field, checked by the contract's rule for that field before it is asked. */
function SearchForm({
  by,
  q,
  onSearch,
  onClear,
}: {
  by: PlayerSearchField;
  q: string;
  onSearch: (search: { by: PlayerSearchField; q: string }) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('players');
  const [field, setField] = useState<PlayerSearchField>(by);
  const [rule, setRule] = useState<string | undefined>();
  return (
    <form
      className={styles.search}
      role="search"
      aria-label={t('list.filters')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const text = new FormData(event.currentTarget).get('q');
        const check = PlayerSearchQuerySchema.safeParse({ by: field, q: typeof text === 'string' ? text : '' });
        if (!check.success) {
          setRule(t(`rules.${field}`));
          return;
        }
        setRule(undefined);
        onSearch({ by: field, q: check.data.q });
      }}
    >
      <SelectField
        label={t('list.by')}
        name="by"
        value={field}
        onChange={(event) => {
          if (isField(event.target.value)) setField(event.target.value);
          setRule(undefined);
        }}
      >
        {PLAYER_SEARCH_FIELDS.map((value) => (
          <option key={value} value={value}>
            {t(`searchBy.${value}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('list.search')}
        name="q"
        type="search"
        autoComplete="off"
        spellCheck={false}
        defaultValue={q}
        hint={t(`hints.${field}`)}
        error={rule}
      />
      <div className={styles.searchActions}>
        <Button type="submit">
          <Icon name="search" size={16} />
          {t('list.apply')}
        </Button>
        {q && (
          <Button variant="ghost" onClick={onClear}>
            {t('list.clear')}
          </Button>
        )}
      </div>
    </form>
  );
}
