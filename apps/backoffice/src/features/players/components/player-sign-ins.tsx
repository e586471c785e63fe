import type { PlayerSignIn } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { columnsOf, DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { formatTime } from '../../../lib/format';
import { usePlayerSignIns } from '../api/get-player-sign-ins';
import { countryName, SignInMethodText } from './player-labels';
import type { TabProps } from './player-tabs';
import styles from './players.module.css';

const column = columnsOf<PlayerSignIn>();

/** Each sign-in, newest first: when, from which IP and country, how, and whether its session is still live. */
export function PlayerSignIns({ playerRef, list }: TabProps) {
  const { t } = useTranslation('players');
  const query = usePlayerSignIns(playerRef, list.cursor);
  const columns = [
    column.accessor('at', {
      header: t('signIns.at'),
      cell: (info) => <span className={styles.nowrap}>{formatTime(info.getValue())}</span>,
    }),
    column.accessor('ip', { header: t('fields.ip'), cell: (info) => <span className="mono">{info.getValue()}</span> }),
    column.accessor('country', { header: t('fields.country'), cell: (info) => countryName(info.getValue()) }),
    column.accessor('method', {
      header: t('signIns.method'),
      cell: (info) => <SignInMethodText method={info.getValue()} />,
    }),
    column.accessor('userAgent', {
      header: t('fields.device'),
      cell: (info) => (
        <span className={styles.agent} title={info.getValue()}>
          {info.getValue() || '—'}
        </span>
      ),
    }),
    column.accessor('sessionLive', {
      header: t('signIns.session'),
      cell: (info) =>
        info.getValue() ? <Badge tone="ok">{t('signIns.live')}</Badge> : <Badge>{t('signIns.ended')}</Badge>,
    }),
  ];
  return (
    <DataTable
      caption={t('tabs.signIns')}
      columns={columns}
      getRowId={(signIn) => signIn.id}
      query={query}
      paging={list}
      empty={<EmptyState icon="globe" title={t('signIns.emptyTitle')} />}
    />
  );
}
