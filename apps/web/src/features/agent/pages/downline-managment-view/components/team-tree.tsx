import type { DownlineMember } from '@parlay/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../../components/ui/button';
import { EmptyState } from '../../../../../components/ui/empty-state';
import { Icon } from '../../../../../components/ui/icon';
import { useMoney } from '../../../lib/use-money';
import { isAgentType } from '../../../lib/agent-types';
import { useDownlineTransferScope } from '../api/get-downline-transfer-overview';
import { useTeamChildren } from '../api/get-team-children';
import styles from '../downline-managment-view.module.css';
import { useMemberLabels } from './member-labels';
import { maySendTo } from './send-money-dialog';

type OnSend = (member: DownlineMember) => void;

/**
 * The downline as a tree: the caller's direct members; a node with members of its own opens on a click and loads
 * them then, a page at a time (a disclosure list: each open control says aria-expanded). Beside each member the
 * brand lets me send money to, its Send action (`onSend` opens the dialog).
 */
export function TeamTree({ onSend }: { onSend: OnSend }) {
  const { t } = useTranslation('member-agent');
  return (
    <div className={styles.view}>
      <Children
        parentId={null}
        onSend={onSend}
        label={t('team.tree')}
        empty={<EmptyState compact icon="user" title={t('team.empty')} text={t('team.emptyText')} />}
      />
    </div>
  );
}

function Children({
  parentId,
  label,
  empty,
  onSend,
}: {
  parentId: number | null;
  label: string;
  empty?: ReactNode;
  onSend: OnSend;
}) {
  const { t } = useTranslation('member-agent');
  const children = useTeamChildren(parentId);
  const pages = children.data?.pages ?? [];
  const nodes = pages.flatMap((page) => page.items);
  const { format } = useMoney(pages[0]?.currency ?? 'KRW', pages[0]?.currencyExponent ?? 0);

  if (children.isPending) return <p className={styles.muted}>{t('loading')}</p>;
  if (children.isError) {
    return (
      <div className={styles.error} role="alert">
        <p>{children.error.message}</p>
        <Button variant="secondary" size="small" onClick={() => void children.refetch()}>
          {t('common:retry')}
        </Button>
      </div>
    );
  }
  if (nodes.length === 0) return <>{empty ?? null}</>;
  return (
    <>
      <ul className={styles.tree} aria-label={label}>
        {nodes.map((node) => (
          <TreeNode key={node.id} node={node} format={format} onSend={onSend} />
        ))}
      </ul>
      {children.hasNextPage && (
        <Button
          variant="ghost"
          size="small"
          className={styles.treeMore}
          disabled={children.isFetchingNextPage}
          onClick={() => void children.fetchNextPage()}
        >
          {children.isFetchingNextPage ? t('loading') : t('team.more')}
        </Button>
      )}
    </>
  );
}

function TreeNode({
  node,
  format,
  onSend,
}: {
  node: DownlineMember;
  format: (minor: number) => string;
  onSend: OnSend;
}) {
  const { t } = useTranslation('member-agent');
  const labels = useMemberLabels();
  const scope = useDownlineTransferScope();
  const [isOpen, setOpen] = useState(false);
  const hasChildren = node.childCount > 0;
  const body = (
    <>
      <span className={styles.nodeName}>
        <span className={styles.account}>{node.account}</span>
        <span className={styles.tag} data-agent={isAgentType(node.type) || undefined}>
          {labels.typeOf(node)}
        </span>
      </span>
      <span className={styles.nodeFacts}>
        {hasChildren && <span>{t('team.members', { count: node.childCount })}</span>}
        <span>{format(node.balanceMinor)}</span>
        {node.status !== 'active' && <span data-status={node.status}>{labels.statusOf(node)}</span>}
      </span>
    </>
  );
  return (
    <li>
      <div className={styles.nodeRow}>
        {hasChildren ? (
          <button type="button" className={styles.node} aria-expanded={isOpen} onClick={() => setOpen((open) => !open)}>
            <Icon name="chevronRight" size={16} className={styles.twisty} />
            {body}
          </button>
        ) : (
          <div className={styles.node}>
            <span className={styles.leaf} aria-hidden="true" />
            {body}
          </div>
        )}
        {maySendTo(node, scope) && (
          <Button
            variant="ghost"
            size="small"
            className={styles.send}
            aria-label={t('send.actionFor', { account: node.account })}
            onClick={() => onSend(node)}
          >
            {t('send.action')}
          </Button>
        )}
      </div>
      {isOpen && (
        <div className={styles.branch}>
          <Children parentId={node.id} onSend={onSend} label={t('team.membersOf', { account: node.account })} />
        </div>
      )}
    </li>
  );
}
