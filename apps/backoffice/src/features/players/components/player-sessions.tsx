import type { PlayerSession } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { columnsOf, DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icon';
import { formatTime } from '../../../lib/format';
import { messageOf } from '../../../lib/form';
import { useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { useEndPlayerSession } from '../api/end-player-session';
import { useEndPlayerSessions } from '../api/end-player-sessions';
import { usePlayerSessions } from '../api/get-player-sessions';
import { countryName } from './player-labels';
import type { TabProps } from './player-tabs';
import styles from './players.module.css';

const column = columnsOf<PlayerSession>();
const ONE_PAGE = { page: 1, hasPrevious: false, goPrevious: () => undefined, goNext: () => undefined };

/** The player's live sessions: where and on what they are signed in; players.write ends one or all of them. */
export function PlayerSessions({ playerRef, player }: TabProps) {
  const { t } = useTranslation('players');
  const canWrite = useCan('players.write');
  const query = usePlayerSessions(playerRef);
  const endOne = useEndPlayerSession(playerRef);
  const endAll = useEndPlayerSessions(playerRef);
  const [ending, setEnding] = useState<PlayerSession | 'all' | null>(null);
  const page = query.data ? { items: query.data.items, nextCursor: null } : undefined;
  const count = query.data?.items.length ?? 0;

  const columns = [
    column.accessor('signedInAt', {
      header: t('sessions.signedInAt'),
      cell: (info) => <span className={styles.nowrap}>{formatTime(info.getValue())}</span>,
    }),
    column.accessor('lastSeenAt', {
      header: t('sessions.lastSeenAt'),
      cell: (info) => <span className={styles.nowrap}>{formatTime(info.getValue())}</span>,
    }),
    column.accessor('ip', { header: t('fields.ip'), cell: (info) => <span className="mono">{info.getValue()}</span> }),
    column.accessor('country', { header: t('fields.country'), cell: (info) => countryName(info.getValue()) }),
    column.accessor('userAgent', {
      header: t('fields.device'),
      cell: (info) => (
        <span className={styles.agent} title={info.getValue()}>
          {info.getValue() || '—'}
        </span>
      ),
    }),
    column.accessor('expiresAt', {
      header: t('sessions.expiresAt'),
      cell: (info) => <span className={styles.nowrap}>{formatTime(info.getValue())}</span>,
    }),
    ...(canWrite
      ? [
          column.display({
            id: 'end',
            header: () => <span className="visually-hidden">{t('sessions.actions')}</span>,
            cell: (info) => (
              <Button
                variant="ghost"
                size="small"
                aria-label={t('sessions.endOneLabel', { ip: info.row.original.ip })}
                onClick={() => setEnding(info.row.original)}
              >
                <Icon name="logout" size={16} />
                {t('sessions.endOne')}
              </Button>
            ),
          }),
        ]
      : []),
  ];

  async function run(action: () => Promise<string>) {
    try {
      toast.success(await action());
    } catch (error) {
      toast.error(messageOf(error, t('errors.failed')));
      throw error;
    }
  }

  return (
    <>
      {canWrite && count > 0 && (
        <div className={styles.tabToolbar}>
          <Button variant="danger" onClick={() => setEnding('all')}>
            <Icon name="logout" size={16} />
            {t('sessions.endAll')}
          </Button>
        </div>
      )}
      <DataTable
        caption={t('tabs.sessions')}
        columns={columns}
        getRowId={(session) => String(session.id)}
        query={{ ...query, data: page }}
        paging={ONE_PAGE}
        empty={<EmptyState icon="logout" title={t('sessions.emptyTitle')} text={t('sessions.emptyText')} />}
      />
      <ConfirmDialog
        open={ending !== null}
        onOpenChange={(open) => !open && setEnding(null)}
        title={
          ending === 'all'
            ? t('sessions.endAllTitle', { account: player.account })
            : t('sessions.endOneTitle', { ip: ending?.ip ?? '' })
        }
        description={t('sessions.endText')}
        confirmLabel={ending === 'all' ? t('sessions.endAll') : t('sessions.endOne')}
        onConfirm={() =>
          run(async () => {
            if (ending === 'all') {
              const { ended } = await endAll.mutateAsync();
              return t('sessions.endedAll', { count: ended });
            }
            if (ending) await endOne.mutateAsync(ending.id);
            return t('sessions.ended');
          })
        }
      />
    </>
  );
}
