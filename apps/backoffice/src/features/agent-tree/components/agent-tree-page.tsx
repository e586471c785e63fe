import type { BoTreeNode } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { columnsOf, DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { RowActions } from '../../../components/ui/row-actions';
import { ViewTabs } from '../../../components/ui/view-tabs';
import cells from '../../../components/ui/cells.module.css';
import { useKeysetList } from '../../../hooks/use-keyset-list';
import { formatCount, formatTime } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { useAgentTree, useTreeChildren } from '../api/agent-tree';
import styles from './agent-tree.module.css';
import { MoveDialog } from './move-dialog';

const FILTERS = ['account', 'agents'] as const;
const VIEWS = ['all', 'agents'] as const;
const column = columnsOf<BoTreeNode>();
const AGENT_TYPES: readonly number[] = [1, 2, 41, 42];

/** A member's type as a word: member, agent, trial account, or another type (which no site signs in). */
function typeKey(type: number): 'member' | 'agent' | 'trial' | 'other' {
  if (type === 0) return 'member';
  if (AGENT_TYPES.includes(type)) return 'agent';
  return type === 4 ? 'trial' : 'other';
}

function TypeBadge({ type }: { type: number }) {
  const { t } = useTranslation('agentTree');
  const key = typeKey(type);
  return (
    <Badge tone={key === 'agent' ? 'ok' : key === 'member' ? 'plain' : 'off'}>{t(`types.${key}`, { type })}</Badge>
  );
}

/**
 * A brand's downline tree (decision 0059): its members and agents by account with their upline, level (0: the top of
 * a tree), direct members and whole downline; a row opens its children under it, and each child its own. brand.write
 * moves a member with its whole downline under another agent, or to the top; each move is audited, and a move under
 * the member's own downline or to another brand is refused with the server's words.
 */
export function AgentTreePage({ brand, brandName }: { brand: string; brandName: string }) {
  const { t } = useTranslation('agentTree');
  const list = useKeysetList(FILTERS);
  const agentsOnly = list.filters.agents === 'true';
  const query = useAgentTree(brand, { account: list.filters.account, agents: agentsOnly, cursor: list.cursor });
  const canWrite = useCan('brand.write');
  const [moving, setMoving] = useState<BoTreeNode | null>(null);

  const columns = [
    column.accessor('account', {
      header: t('columns.account'),
      cell: (info) => (
        <span className={cells.name}>
          <strong>{info.getValue()}</strong>
          <span className={cells.muted}>
            #{info.row.original.id}
            {info.row.original.nickname ? ` · ${info.row.original.nickname}` : ''}
          </span>
        </span>
      ),
    }),
    column.accessor('type', { header: t('columns.type'), cell: (info) => <TypeBadge type={info.getValue()} /> }),
    column.accessor('uplineAccount', {
      header: t('columns.upline'),
      cell: (info) => info.getValue() ?? <span className={cells.muted}>{t('page.top')}</span>,
    }),
    column.accessor('level', { header: t('columns.level'), cell: (info) => formatCount(info.getValue()) }),
    column.display({
      id: 'downline',
      header: t('columns.downline'),
      cell: (info) => (
        <span className={cells.counts} data-testid="tree-counts">
          <span>{t('page.direct', { value: formatCount(info.row.original.childCount) })}</span>
          <span className={cells.muted}>{t('page.all', { value: formatCount(info.row.original.downlineCount) })}</span>
        </span>
      ),
    }),
    column.accessor('createdAt', {
      header: t('columns.registered'),
      cell: (info) => <span className={cells.nowrap}>{formatTime(info.getValue())}</span>,
    }),
    column.display({
      id: 'actions',
      header: () => <span className="visually-hidden">{t('columns.actions')}</span>,
      cell: (info) => (
        <RowActions
          actions={[
            {
              label: t('actions.move'),
              ariaLabel: t('actions.moveOf', { account: info.row.original.account }),
              onClick: () => setMoving(info.row.original),
              shown: canWrite,
            },
          ]}
        />
      ),
    }),
  ];

  return (
    <>
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle', { brand: brandName })} />
      <ViewTabs
        label={t('page.views')}
        views={VIEWS}
        current={agentsOnly ? 'agents' : 'all'}
        labelOf={(name) => t(`page.view.${name}`)}
        onChoose={(name) => list.setFilters({ ...list.filters, agents: name === 'agents' ? 'true' : '' })}
      />
      <AccountFilter
        key={list.filters.account}
        value={list.filters.account}
        onApply={(account) => list.setFilters({ ...list.filters, account })}
      />
      <DataTable
        caption={t('page.title')}
        columns={columns}
        getRowId={(row) => String(row.id)}
        query={query}
        paging={list}
        empty={<EmptyState icon="users" title={t('page.emptyTitle')} text={t('page.empty')} />}
        renderDetail={(row) =>
          row.childCount > 0 ? (
            <Children brand={brand} memberId={row.id} onMove={canWrite ? setMoving : undefined} />
          ) : (
            <p className={cells.muted}>{t('page.noChildren')}</p>
          )
        }
        detailLabel={(row) => t('actions.childrenOf', { account: row.account })}
      />
      {moving && <MoveDialog key={moving.id} brand={brand} member={moving} onClose={() => setMoving(null)} />}
    </>
  );
}

/** An account prefix typed, then applied: the list follows the address. */
function AccountFilter({ value, onApply }: { value: string; onApply: (account: string) => void }) {
  const { t } = useTranslation('agentTree');
  const [text, setText] = useState(value);
  return (
    <form
      className={styles.filters}
      onSubmit={(event) => {
        event.preventDefault();
        onApply(text.trim());
      }}
    >
      <TextField label={t('page.search')} value={text} onChange={(event) => setText(event.target.value)} />
      <Button type="submit" variant="secondary">
        {t('page.apply')}
      </Button>
    </form>
  );
}

/** A node's direct children, each of which opens its own under it. */
function Children({
  brand,
  memberId,
  onMove,
}: {
  brand: string;
  memberId: number;
  onMove: ((member: BoTreeNode) => void) | undefined;
}) {
  const { t } = useTranslation('agentTree');
  const query = useTreeChildren(brand, memberId);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  if (query.isPending) return <p className={cells.muted}>{t('common:loading')}</p>;
  if (query.isError) return <p className={cells.muted}>{t('common:errors.loadFailed')}</p>;
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <ul className={styles.children} aria-label={t('page.childrenList')}>
      {query.data.items.map((child) => (
        <li key={child.id} className={styles.child}>
          <span className={styles.childLine}>
            {child.childCount > 0 ? (
              <Button
                size="small"
                variant="ghost"
                aria-expanded={open.has(child.id)}
                aria-label={t('actions.childrenOf', { account: child.account })}
                onClick={() => toggle(child.id)}
              >
                {open.has(child.id) ? '−' : '+'}
              </Button>
            ) : null}
            <strong>{child.account}</strong>
            <TypeBadge type={child.type} />
            <span className={cells.muted}>
              {t('page.levelOf', { level: child.level })} · {t('page.direct', { value: formatCount(child.childCount) })}{' '}
              · {t('page.all', { value: formatCount(child.downlineCount) })}
            </span>
            {onMove && (
              <Button
                size="small"
                variant="secondary"
                aria-label={t('actions.moveOf', { account: child.account })}
                onClick={() => onMove(child)}
              >
                {t('actions.move')}
              </Button>
            )}
          </span>
          {open.has(child.id) && (
            <div className={styles.nested}>
              <Children brand={brand} memberId={child.id} onMove={onMove} />
            </div>
          )}
        </li>
      ))}
      {query.data.nextCursor && <li className={cells.muted}>{t('page.moreChildren')}</li>}
    </ul>
  );
}
