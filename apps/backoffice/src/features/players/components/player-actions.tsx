import { PlayerStatusRequestSchema, type PlayerProfile } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Icon } from '../../../components/ui/icon';
import { messageOf } from '../../../lib/form';
import { useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { useExpirePlayerPassword } from '../api/expire-player-password';
import { useLockPlayer } from '../api/lock-player';
import type { PlayerRef } from '../api/query-keys';
import { useUnlockPlayer } from '../api/unlock-player';
import { AdjustBalanceDialog } from './adjust-balance-dialog';
import { DefaultPasswordDialog } from './default-password-dialog';
import styles from './players.module.css';

type Open = 'lock' | 'unlock' | 'expire' | 'defaultPassword' | 'adjust' | null;

/**
 * What the operator's roles let them do to the player: players.write locks, unlocks and handles the password,
 * players.money adjusts the balance. What the roles do not allow is not shown (the server refuses it anyway).
 */
export function PlayerActions({ playerRef, player }: { playerRef: PlayerRef; player: PlayerProfile }) {
  const { t } = useTranslation('players');
  const canWrite = useCan('players.write');
  const canMoney = useCan('players.money');
  const canReadAudit = useCan('audit.read');
  const [open, setOpen] = useState<Open>(null);
  // Each opening of the adjustment dialog is a new adjustment, with a key of its own.
  const [adjustments, setAdjustments] = useState(0);
  const lock = useLockPlayer(playerRef);
  const unlock = useUnlockPlayer(playerRef);
  const expire = useExpirePlayerPassword(playerRef);
  const opener = (which: Open) => (isOpen: boolean) => setOpen(isOpen ? which : null);

  /** A lock or unlock's reason, checked by the contract's rule before it is sent. */
  async function changeStatus(to: 'lock' | 'unlock', reason: string) {
    const check = PlayerStatusRequestSchema.safeParse({ reason });
    if (!check.success) {
      toast.error(t('rules.reason'));
      throw new Error('reason');
    }
    try {
      await (to === 'lock' ? lock : unlock).mutateAsync(check.data);
      toast.success(t(to === 'lock' ? 'actions.locked' : 'actions.unlocked', { account: player.account }));
    } catch (error) {
      toast.error(messageOf(error, t('errors.failed')));
      throw error;
    }
  }

  const auditLink = canReadAudit && (
    <Link
      className={buttonClassName('ghost')}
      to={`/audit?targetType=member&targetId=${encodeURIComponent(String(player.id))}`}
    >
      <Icon name="record" size={16} />
      {t('actions.auditTrail')}
    </Link>
  );

  return (
    <section className={styles.card} aria-labelledby="player-actions">
      <h2 id="player-actions" className={styles.cardTitle}>
        {t('actions.title')}
      </h2>
      <div className={styles.actions}>
        {!canWrite && !canMoney && <p className={styles.note}>{t('actions.readOnly')}</p>}
        {canMoney && (
          <Button
            onClick={() => {
              setAdjustments((count) => count + 1);
              setOpen('adjust');
            }}
          >
            <Icon name="plus" size={16} />
            {t('adjust.open')}
          </Button>
        )}
        {canWrite && player.status === 'active' && (
          <Button variant="danger" onClick={() => setOpen('lock')}>
            <Icon name="lock" size={16} />
            {t('actions.lock')}
          </Button>
        )}
        {canWrite && player.status === 'locked' && (
          <Button variant="secondary" onClick={() => setOpen('unlock')}>
            <Icon name="lock" size={16} />
            {t('actions.unlock')}
          </Button>
        )}
        {canWrite && (
          <>
            <Button variant="secondary" onClick={() => setOpen('expire')}>
              <Icon name="key" size={16} />
              {t('actions.expire')}
            </Button>
            <Button variant="secondary" onClick={() => setOpen('defaultPassword')}>
              <Icon name="key" size={16} />
              {t('password.open')}
            </Button>
          </>
        )}
        {auditLink}
      </div>
      <ConfirmDialog
        open={open === 'lock'}
        onOpenChange={opener('lock')}
        title={t('actions.lockTitle', { account: player.account })}
        description={t('actions.lockText')}
        reasonLabel={t('actions.reason')}
        reasonMinLength={3}
        confirmLabel={t('actions.lock')}
        onConfirm={(reason) => changeStatus('lock', reason)}
      />
      <ConfirmDialog
        open={open === 'unlock'}
        onOpenChange={opener('unlock')}
        title={t('actions.unlockTitle', { account: player.account })}
        description={t('actions.unlockText')}
        reasonLabel={t('actions.reason')}
        reasonMinLength={3}
        confirmLabel={t('actions.unlock')}
        onConfirm={(reason) => changeStatus('unlock', reason)}
      />
      <ConfirmDialog
        open={open === 'expire'}
        onOpenChange={opener('expire')}
        title={t('actions.expireTitle', { account: player.account })}
        description={player.forcePasswordChange ? t('actions.expireForcedText') : t('actions.expireWarnText')}
        confirmLabel={t('actions.expire')}
        onConfirm={async () => {
          try {
            const { forced } = await expire.mutateAsync();
            toast.success(forced ? t('actions.expiredForced') : t('actions.expiredWarned'));
          } catch (error) {
            toast.error(messageOf(error, t('errors.failed')));
            throw error;
          }
        }}
      />
      {canWrite && (
        <DefaultPasswordDialog
          playerRef={playerRef}
          account={player.account}
          open={open === 'defaultPassword'}
          onOpenChange={opener('defaultPassword')}
        />
      )}
      {canMoney && open === 'adjust' && (
        <AdjustBalanceDialog key={adjustments} playerRef={playerRef} player={player} onClose={() => setOpen(null)} />
      )}
    </section>
  );
}
