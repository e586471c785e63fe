import type { OperatorDetail as Detail } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icon';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { formatTime } from '../../../lib/format';
import { messageOf } from '../../../lib/form';
import { useCan, useOperatorSession } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { useEndOperatorSessions } from '../api/end-operator-sessions';
import { useOperator } from '../api/get-operator';
import { useReactivateOperator } from '../api/reactivate-operator';
import { useReinviteOperator } from '../api/reinvite-operator';
import { useResetOperatorTotp } from '../api/reset-operator-totp';
import { useSuspendOperator } from '../api/suspend-operator';
import { BrandsText, RoleBadges, StatusBadge } from './operator-labels';
import { OperatorAccessDialog } from './operator-access-dialog';
import styles from './operators.module.css';

type Confirming = 'suspend' | 'resetTotp' | 'endSessions' | null;

/** One operator: what it is, and what the caller's roles let them change about it. */
export function OperatorDetail({ operatorId }: { operatorId: number }) {
  const { t } = useTranslation('operators');
  const query = useOperator(operatorId);
  const back = (
    <Link to="/operators" className={styles.back}>
      <Icon name="chevronLeft" size={16} />
      {t('detail.back')}
    </Link>
  );
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <>
        <PageHeader title={t('detail.title')} back={back} />
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  }
  const operator = query.data;
  return (
    <>
      <PageHeader title={operator.name} subtitle={operator.login} back={back} />
      <div className={styles.cards}>
        <section className={styles.card} aria-labelledby="operator-facts">
          <h2 id="operator-facts" className={styles.cardTitle}>
            {t('detail.facts')}
          </h2>
          <dl className={styles.facts}>
            <dt>{t('fields.status')}</dt>
            <dd>
              <StatusBadge status={operator.status} />
              {operator.suspendedReason && (
                <span className={styles.actionNote}>
                  {' '}
                  {t('detail.suspendedBecause', {
                    reason: operator.suspendedReason,
                    at: formatTime(operator.suspendedAt),
                  })}
                </span>
              )}
            </dd>
            <dt>{t('fields.email')}</dt>
            <dd>{operator.email}</dd>
            <dt>{t('fields.roles')}</dt>
            <dd>
              <RoleBadges roles={operator.roles} />
            </dd>
            <dt>{t('fields.brands')}</dt>
            <dd>
              <BrandsText operator={operator} />
            </dd>
            <dt>{t('detail.authenticator')}</dt>
            <dd>{operator.totpEnrolled ? t('detail.enrolled') : t('detail.notEnrolled')}</dd>
            <dt>{t('detail.recoveryCodesLeft')}</dt>
            <dd>{operator.recoveryCodesLeft}</dd>
            <dt>{t('detail.liveSessions')}</dt>
            <dd>{operator.liveSessions}</dd>
            <dt>{t('fields.lastSignIn')}</dt>
            <dd>{formatTime(operator.lastSignInAt)}</dd>
            {operator.invitationExpiresAt && (
              <>
                <dt>{t('detail.invitationExpires')}</dt>
                <dd>{formatTime(operator.invitationExpiresAt)}</dd>
              </>
            )}
            <dt>{t('detail.createdAt')}</dt>
            <dd>{formatTime(operator.createdAt)}</dd>
          </dl>
        </section>
        <OperatorActions operator={operator} />
      </div>
    </>
  );
}

function OperatorActions({ operator }: { operator: Detail }) {
  const { t } = useTranslation('operators');
  const session = useOperatorSession();
  const canWrite = useCan('operators.write');
  const canReadAudit = useCan('audit.read');
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [editing, setEditing] = useState<'roles' | 'brands' | null>(null);
  const suspend = useSuspendOperator();
  const reactivate = useReactivateOperator();
  const reinvite = useReinviteOperator();
  const resetTotp = useResetOperatorTotp();
  const endSessions = useEndOperatorSessions();
  const isSelf = session.operator.id === operator.id;
  const { id: operatorId, version } = operator;

  /** Runs a change, says how it went; a refusal is said and rethrown so a dialog stays open. */
  async function run<T>(action: () => Promise<T>, done: (result: T) => string): Promise<T> {
    try {
      const result = await action();
      toast.success(done(result));
      return result;
    } catch (error) {
      toast.error(messageOf(error, t('errors.failed')));
      throw error;
    }
  }

  const auditLink = canReadAudit && (
    <Link
      className={buttonClassName('ghost')}
      to={`/audit?targetType=operator&targetId=${encodeURIComponent(String(operator.id))}`}
    >
      <Icon name="record" size={16} />
      {t('detail.auditTrail')}
    </Link>
  );
  if (!canWrite) {
    return (
      <section className={styles.card} aria-labelledby="operator-actions">
        <h2 id="operator-actions" className={styles.cardTitle}>
          {t('detail.actions')}
        </h2>
        <p className={styles.actionNote}>{t('detail.readOnly')}</p>
        {auditLink}
      </section>
    );
  }
  return (
    <section className={styles.card} aria-labelledby="operator-actions">
      <h2 id="operator-actions" className={styles.cardTitle}>
        {t('detail.actions')}
      </h2>
      <div className={styles.actions}>
        {isSelf && <p className={styles.actionNote}>{t('detail.self')}</p>}
        {!isSelf && (
          <>
            <Button variant="secondary" onClick={() => setEditing('roles')}>
              {t('actions.roles')}
            </Button>
            <Button variant="secondary" onClick={() => setEditing('brands')}>
              {t('actions.brands')}
            </Button>
          </>
        )}
        {operator.status === 'invited' && (
          <Button
            variant="secondary"
            disabled={reinvite.isPending}
            onClick={() =>
              void run(
                () => reinvite.mutateAsync(operatorId),
                () => t('actions.reinvited'),
              ).catch(() => undefined)
            }
          >
            {t('actions.reinvite')}
          </Button>
        )}
        {operator.status === 'suspended' && !isSelf && (
          <Button
            variant="secondary"
            disabled={reactivate.isPending}
            onClick={() =>
              void run(
                () => reactivate.mutateAsync({ operatorId, version }),
                () => t('actions.reactivated'),
              ).catch(() => undefined)
            }
          >
            {t('actions.reactivate')}
          </Button>
        )}
        {operator.totpEnrolled && (
          <Button variant="secondary" onClick={() => setConfirming('resetTotp')}>
            <Icon name="key" size={16} />
            {t('actions.resetTotp')}
          </Button>
        )}
        {operator.liveSessions > 0 && (
          <Button variant="secondary" onClick={() => setConfirming('endSessions')}>
            <Icon name="logout" size={16} />
            {t('actions.endSessions')}
          </Button>
        )}
        {operator.status !== 'suspended' && !isSelf && (
          <Button variant="danger" onClick={() => setConfirming('suspend')}>
            <Icon name="lock" size={16} />
            {t('actions.suspend')}
          </Button>
        )}
        {auditLink}
      </div>
      <ConfirmDialog
        open={confirming === 'suspend'}
        onOpenChange={(open) => setConfirming(open ? 'suspend' : null)}
        title={t('actions.suspendTitle', { login: operator.login })}
        description={t('actions.suspendText')}
        reasonLabel={t('actions.reason')}
        confirmLabel={t('actions.suspend')}
        onConfirm={(reason) =>
          run(
            () => suspend.mutateAsync({ operatorId, reason, version }),
            () => t('actions.suspended'),
          )
        }
      />
      <ConfirmDialog
        open={confirming === 'resetTotp'}
        onOpenChange={(open) => setConfirming(open ? 'resetTotp' : null)}
        title={t('actions.resetTotpTitle', { login: operator.login })}
        description={t('actions.resetTotpText')}
        confirmLabel={t('actions.resetTotp')}
        onConfirm={() =>
          run(
            () => resetTotp.mutateAsync({ operatorId, version }),
            () => t('actions.totpReset'),
          )
        }
      />
      <ConfirmDialog
        open={confirming === 'endSessions'}
        onOpenChange={(open) => setConfirming(open ? 'endSessions' : null)}
        title={t('actions.endSessionsTitle', { login: operator.login })}
        description={t('actions.endSessionsText')}
        confirmLabel={t('actions.endSessions')}
        onConfirm={() =>
          run(
            () => endSessions.mutateAsync(operatorId),
            ({ ended }) => t('actions.sessionsEnded', { count: ended }),
          )
        }
      />
      {editing && (
        <OperatorAccessDialog
          key={`${editing}-${version}`}
          operator={operator}
          part={editing}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}
