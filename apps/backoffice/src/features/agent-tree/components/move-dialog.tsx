import type { BoTreeNode } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Checkbox, FormError, TextField } from '../../../components/ui/field';
import { messageOf } from '../../../lib/form';
import { toast } from '../../../lib/toast-store';
import { getAgentTree, useMoveMember } from '../api/agent-tree';
import styles from './agent-tree.module.css';

/**
 * Moves a member with its whole downline under another agent of the brand, found by its account, or to the top. The
 * server refuses an upline in the member's own downline (AGENT_UPLINE_CYCLE), of another brand or no agent, in the
 * operator's language; the dialog shows its words and stays open.
 */
export function MoveDialog({ brand, member, onClose }: { brand: string; member: BoTreeNode; onClose: () => void }) {
  const { t } = useTranslation('agentTree');
  const move = useMoveMember(brand);
  const [account, setAccount] = useState('');
  const [toTop, setToTop] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  /** The agent whose account is the one typed (any case), or null. */
  async function findUpline(text: string): Promise<BoTreeNode | null> {
    const page = await getAgentTree(brand, { account: text, agents: true });
    return page.items.find((item) => item.account.toLowerCase() === text.toLowerCase()) ?? null;
  }

  async function submit() {
    setFailure(null);
    const text = account.trim();
    if (!toTop && !text) {
      setFailure(t('move.uplineRequired'));
      return;
    }
    setIsBusy(true);
    try {
      const upline = toTop ? null : await findUpline(text);
      if (!toTop && !upline) {
        setFailure(t('move.noAgent', { account: text }));
        return;
      }
      const moved = await move.mutateAsync({ memberId: member.id, uplineId: upline?.id ?? null });
      toast.success(
        moved.uplineAccount
          ? t('move.moved', { account: moved.account, upline: moved.uplineAccount })
          : t('move.movedTop', { account: moved.account }),
      );
      onClose();
    } catch (error) {
      setFailure(messageOf(error, t('move.failed')));
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('move.title', { account: member.account })}
      description={t('move.description', {
        upline: member.uplineAccount ?? t('page.top'),
        count: member.downlineCount,
      })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" form="move-member" disabled={isBusy}>
            {t('move.confirm')}
          </Button>
        </>
      }
    >
      <form
        id="move-member"
        className={styles.moveFields}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextField
          label={t('move.upline')}
          hint={t('move.uplineHint')}
          value={account}
          disabled={toTop}
          spellCheck={false}
          autoCapitalize="none"
          onChange={(event) => setAccount(event.target.value)}
        />
        <Checkbox label={t('move.toTop')} checked={toTop} onChange={(event) => setToTop(event.target.checked)} />
        <FormError message={failure} />
      </form>
    </Dialog>
  );
}
