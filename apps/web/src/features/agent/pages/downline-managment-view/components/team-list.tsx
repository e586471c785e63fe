import type { DownlineMember } from '@parlay/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../../components/ui/button';
import { EmptyState } from '../../../../../components/ui/empty-state';
import { useMoney } from '../../../lib/use-money';
import { useDownlineTransferScope } from '../api/get-downline-transfer-overview';
import { useTeamMembers } from '../api/get-team-members';
import styles from '../downline-managment-view.module.css';
import { useMemberLabels } from './member-labels';
import { maySendTo } from './send-money-dialog';

/**
 * The downline as a list: an account prefix and "direct members only" narrow it; more loads by the cursor. Each
 * member the brand lets me send money to has its Send action (`onSend` opens the dialog).
 */
export function TeamList({ onSend }: { onSend: (member: DownlineMember) => void }) {
  const { t } = useTranslation('member-agent');
  const [draft, setDraft] = useState({ account: '', direct: false });
  const [search, setSearch] = useState(draft);
  const members = useTeamMembers(search.account, search.direct);
  const pages = members.data?.pages ?? [];
  const rows = pages.flatMap((page) => page.items);
  const currency = pages[0]?.currency ?? 'KRW';
  const { format } = useMoney(currency, pages[0]?.currencyExponent ?? 0);
  const labels = useMemberLabels();
  const scope = useDownlineTransferScope();

  function submit(event: FormEvent) {
    event.preventDefault();
    setSearch({ account: draft.account.trim(), direct: draft.direct });
  }

  return (
    <div className={styles.view}>
      <form className={styles.search} role="search" onSubmit={submit}>
        <label className={styles.field}>
          <span>{t('team.account')}</span>
          <input
            type="search"
            value={draft.account}
            maxLength={40}
            placeholder={t('team.accountHint')}
            onChange={(event) => setDraft({ ...draft, account: event.target.value })}
          />
        </label>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={draft.direct}
            onChange={(event) => setDraft({ ...draft, direct: event.target.checked })}
          />
          {t('team.directOnly')}
        </label>
        <Button type="submit">{t('team.search')}</Button>
      </form>

      {members.isPending ? (
        <p className={styles.muted}>{t('loading')}</p>
      ) : members.isError ? (
        <div className={styles.error} role="alert">
          <p>{members.error.message}</p>
          <Button variant="secondary" onClick={() => void members.refetch()}>
            {t('common:retry')}
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <EmptyState compact icon="user" title={t('team.empty')} text={t('team.emptyText')} />
      ) : (
        <>
          <div className={styles.scroll} role="region" aria-label={t('team.tabs.list')} tabIndex={0}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('team.account')}</th>
                  <th scope="col">{t('team.level')}</th>
                  <th scope="col">{t('team.type')}</th>
                  <th scope="col">{t('team.balance')}</th>
                  <th scope="col">{t('team.lastLogin')}</th>
                  <th scope="col">{t('team.statusLabel')}</th>
                  <th scope="col">{t('team.registered')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('send.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((member) => (
                  <tr key={member.id}>
                    <th scope="row">
                      <span className={styles.account}>{member.account}</span>
                      {member.nickname && <span className={styles.nickname}>{member.nickname}</span>}
                    </th>
                    <td data-label={t('team.level')}>{member.level}</td>
                    <td data-label={t('team.type')}>{labels.typeOf(member)}</td>
                    <td className={styles.money} data-label={t('team.balance')}>
                      {format(member.balanceMinor)}
                    </td>
                    <td data-label={t('team.lastLogin')}>{labels.lastLoginOf(member)}</td>
                    <td data-label={t('team.statusLabel')} data-status={member.status}>
                      {labels.statusOf(member)}
                    </td>
                    <td data-label={t('team.registered')}>{labels.registeredOf(member)}</td>
                    <td className={styles.actions}>
                      {maySendTo(member, scope) && (
                        <Button
                          variant="secondary"
                          size="small"
                          aria-label={t('send.actionFor', { account: member.account })}
                          onClick={() => onSend(member)}
                        >
                          {t('send.action')}
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {members.hasNextPage && (
            <Button
              variant="secondary"
              className={styles.more}
              disabled={members.isFetchingNextPage}
              onClick={() => void members.fetchNextPage()}
            >
              {members.isFetchingNextPage ? t('loading') : t('team.more')}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
