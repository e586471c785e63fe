import type { BoVipChange, BoVipMember } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { columnsOf, DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { SelectField, TextField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { useKeysetList } from '../../../hooks/use-keyset-list';
import { formatTime } from '../../../lib/format';
import { useVipChanges, useVipLevels, useVipMembers } from '../api/vip';
import { formatMoney } from '../../../lib/money';
import styles from './vip.module.css';

const member = columnsOf<BoVipMember>();
const change = columnsOf<BoVipChange>();

function Figures({ value, currency }: { value: { validBetMinor: number; depositMinor: number }; currency: string }) {
  const { t } = useTranslation('vip');
  return (
    <span className={styles.lines}>
      <span>{t('table.bets', { amount: formatMoney(value.validBetMinor, currency) })}</span>
      <span className={styles.muted}>{t('table.deposits', { amount: formatMoney(value.depositMinor, currency) })}</span>
    </span>
  );
}

/** An account filter typed, then applied: the list follows the address (back and forward keep it). */
function AccountFilter({ value, onApply }: { value: string; onApply: (account: string) => void }) {
  const { t } = useTranslation('vip');
  const [text, setText] = useState(value);
  return (
    <form
      className={styles.filterForm}
      onSubmit={(event) => {
        event.preventDefault();
        onApply(text);
      }}
    >
      <TextField label={t('filters.account')} value={text} onChange={(event) => setText(event.target.value)} />
      <Button type="submit" variant="secondary">
        {t('filters.apply')}
      </Button>
    </form>
  );
}

/** The brand's members by level, highest first, with their figures over the rolling period. */
export function VipMembersPage({ brand, brandName }: { brand: string; brandName: string }) {
  const { t } = useTranslation('vip');
  const list = useKeysetList(['rankLevel', 'account'] as const);
  const levels = useVipLevels(brand);
  const query = useVipMembers(brand, list.filters, list.cursor);
  const currency = levels.data?.currency ?? 'KRW';
  const columns = [
    member.accessor('account', { header: t('members.account'), cell: (info) => <strong>{info.getValue()}</strong> }),
    member.accessor('levelName', {
      header: t('table.level'),
      cell: (info) => (
        <span className={styles.lines}>
          <span>{info.getValue()}</span>
          <span className={styles.muted}>{t('table.rank', { rank: info.row.original.rankLevel })}</span>
        </span>
      ),
    }),
    member.accessor('figures', {
      header: t('members.figures'),
      cell: (info) => <Figures value={info.getValue()} currency={currency} />,
    }),
    member.accessor('reachedAt', {
      header: t('members.reachedAt'),
      cell: (info) => <span className={styles.nowrap}>{info.getValue() ? formatTime(info.getValue()) : '—'}</span>,
    }),
  ];
  return (
    <>
      <PageHeader title={t('members.title')} subtitle={t('members.subtitle', { brand: brandName })} />
      <div className={styles.filters}>
        <SelectField
          label={t('filters.level')}
          value={list.filters.rankLevel}
          onChange={(event) => list.setFilters({ rankLevel: event.target.value })}
        >
          <option value="">{t('filters.allLevels')}</option>
          {(levels.data?.levels ?? []).map((level) => (
            <option key={level.rankLevel} value={String(level.rankLevel)}>
              {t('filters.levelOption', { rank: level.rankLevel, name: level.name })}
            </option>
          ))}
        </SelectField>
        <AccountFilter value={list.filters.account} onApply={(account) => list.setFilters({ account })} />
      </div>
      <DataTable
        caption={t('members.title')}
        columns={columns}
        getRowId={(row) => String(row.memberId)}
        query={query}
        paging={list}
        empty={<EmptyState title={t('members.empty')} />}
      />
    </>
  );
}

/** Every upgrade and downgrade of the brand's members, newest first. */
export function VipChangesPage({ brand, brandName }: { brand: string; brandName: string }) {
  const { t } = useTranslation('vip');
  const list = useKeysetList(['account', 'kind'] as const);
  const levels = useVipLevels(brand);
  const query = useVipChanges(brand, list.filters, list.cursor);
  const currency = levels.data?.currency ?? 'KRW';
  const columns = [
    change.accessor('at', {
      header: t('changes.at'),
      cell: (info) => <span className={styles.nowrap}>{formatTime(info.getValue())}</span>,
    }),
    change.accessor('account', { header: t('members.account'), cell: (info) => <strong>{info.getValue()}</strong> }),
    change.accessor('kind', {
      header: t('changes.kind'),
      cell: (info) => (
        <Badge tone={info.getValue() === 'upgrade' ? 'ok' : 'warn'}>{t(`changes.kinds.${info.getValue()}`)}</Badge>
      ),
    }),
    change.accessor('toName', {
      header: t('changes.levels'),
      cell: (info) => (
        <span className={styles.nowrap}>
          {t('changes.fromTo', { from: info.row.original.fromName, to: info.getValue() })}
        </span>
      ),
    }),
    change.accessor('figures', {
      header: t('members.figures'),
      cell: (info) => <Figures value={info.getValue()} currency={currency} />,
    }),
    change.accessor('bonusMinor', {
      header: t('changes.bonus'),
      cell: (info) => (
        <span className={styles.number}>{info.getValue() > 0 ? formatMoney(info.getValue(), currency) : '—'}</span>
      ),
    }),
  ];
  return (
    <>
      <PageHeader title={t('changes.title')} subtitle={t('changes.subtitle', { brand: brandName })} />
      <div className={styles.filters}>
        <SelectField
          label={t('changes.kind')}
          value={list.filters.kind}
          onChange={(event) => list.setFilters({ kind: event.target.value })}
        >
          <option value="">{t('filters.allKinds')}</option>
          <option value="upgrade">{t('changes.kinds.upgrade')}</option>
          <option value="downgrade">{t('changes.kinds.downgrade')}</option>
        </SelectField>
        <AccountFilter value={list.filters.account} onApply={(account) => list.setFilters({ account })} />
      </div>
      <DataTable
        caption={t('changes.title')}
        columns={columns}
        getRowId={(row) => String(row.id)}
        query={query}
        paging={list}
        empty={<EmptyState title={t('changes.empty')} />}
      />
    </>
  );
}
