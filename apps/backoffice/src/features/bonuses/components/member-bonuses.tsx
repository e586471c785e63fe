import { BONUS_STATUSES, BoCancelBonusRequestSchema, type BoMemberBonus, type BonusStatus } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { columnsOf, DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { SelectField, TextField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { useKeysetList } from '../../../hooks/use-keyset-list';
import { formatTime } from '../../../lib/format';
import { messageOf } from '../../../lib/form';
import { formatMoney } from '../../../lib/money';
import { useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { useCancelBonus, useMemberBonuses } from '../api/member-bonuses';
import styles from './bonuses.module.css';

const FILTERS = ['account', 'status'] as const;
const column = columnsOf<BoMemberBonus>();
/** The fewest characters of a cancel's reason (BoCancelBonusRequestSchema). */
const MIN_REASON = BoCancelBonusRequestSchema.shape.reason.minLength ?? 2;
const TONE: Record<BonusStatus, 'ok' | 'warn' | 'off' | 'plain'> = {
  active: 'warn',
  completed: 'ok',
  forfeited: 'off',
  expired: 'off',
  cancelled: 'off',
};

/** The wagering done of required, as a bar and a percentage (the server's, rounded down). */
function Wagering({ bonus, currency }: { bonus: BoMemberBonus; currency: string }) {
  const { t } = useTranslation('bonuses');
  const percent = Math.max(0, Math.min(100, bonus.progressPercent));
  return (
    <span className={styles.wagering}>
      <span className={styles.nowrap}>
        {formatMoney(bonus.wageringDoneMinor, currency)} / {formatMoney(bonus.wageringRequiredMinor, currency)}
      </span>
      <span className={styles.progressLine}>
        <span
          className={styles.track}
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-label={t('members.progressOf', { code: bonus.promotionCode, account: bonus.account })}
        >
          <span className={styles.fill} data-done={percent >= 100 || undefined} style={{ width: `${percent}%` }} />
        </span>
        <span className={styles.percent}>{percent}%</span>
      </span>
    </span>
  );
}

/** The login and status filters, typed then applied: the list follows the address. */
function Filters({
  account,
  status,
  onApply,
}: {
  account: string;
  status: string;
  onApply: (filters: { account?: string; status?: string }) => void;
}) {
  const { t } = useTranslation('bonuses');
  const [text, setText] = useState(account);
  return (
    <div className={styles.filters}>
      <SelectField
        label={t('members.status')}
        value={status}
        onChange={(event) => onApply({ account: text.trim(), status: event.target.value })}
      >
        <option value="">{t('members.allStatuses')}</option>
        {BONUS_STATUSES.map((value) => (
          <option key={value} value={value}>
            {t(`statuses.${value}`)}
          </option>
        ))}
      </SelectField>
      <form
        className={styles.filterForm}
        onSubmit={(event) => {
          event.preventDefault();
          onApply({ account: text.trim() });
        }}
      >
        <TextField
          label={t('members.account')}
          value={text}
          autoCapitalize="none"
          spellCheck={false}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" variant="secondary">
          {t('members.apply')}
        </Button>
      </form>
    </div>
  );
}

/**
 * A brand's members' bonuses (decision 0050) with their wagering progress, newest first, by member and status. An
 * active one may be cancelled with a reason (players.money; audited): what is left of it is taken back.
 */
export function MemberBonusesPage({ brand, brandName }: { brand: string; brandName: string }) {
  const { t } = useTranslation('bonuses');
  const list = useKeysetList(FILTERS);
  const status = (BONUS_STATUSES as readonly string[]).includes(list.filters.status)
    ? (list.filters.status as BonusStatus)
    : undefined;
  const query = useMemberBonuses(brand, { account: list.filters.account, status, cursor: list.cursor });
  const cancel = useCancelBonus(brand);
  const canCancel = useCan('players.money');
  const [cancelling, setCancelling] = useState<BoMemberBonus | null>(null);
  const currency = query.data?.currency ?? 'KRW';

  async function onCancel(bonus: BoMemberBonus, reason: string) {
    try {
      const ended = await cancel.mutateAsync({ bonusId: bonus.id, reason });
      toast.success(
        t('cancel.done', {
          code: bonus.promotionCode,
          account: bonus.account,
          amount: formatMoney(ended.takenBackMinor ?? 0, currency),
        }),
      );
    } catch (error) {
      toast.error(messageOf(error, t('errors.failed')));
      throw error;
    }
  }

  const columns = [
    column.accessor('account', {
      header: t('columns.member'),
      cell: (info) => (
        <span className={styles.name}>
          <strong>{info.getValue()}</strong>
          <span className={styles.muted}>#{info.row.original.memberId}</span>
        </span>
      ),
    }),
    column.accessor('promotionCode', {
      header: t('columns.promotion'),
      cell: (info) => {
        const item = info.row.original;
        return (
          <span className={styles.name}>
            <span className={styles.code}>{info.getValue()}</span>
            <span className={styles.muted}>
              {item.source === 'deposit' && item.depositOrderNo
                ? t('sources.depositOf', { order: item.depositOrderNo })
                : t(`sources.${item.source}`)}
            </span>
          </span>
        );
      },
    }),
    column.accessor('amountMinor', {
      header: () => <span className={styles.number}>{t('columns.amount')}</span>,
      cell: (info) => <span className={styles.number}>{formatMoney(info.getValue(), currency)}</span>,
    }),
    column.display({
      id: 'wagering',
      header: t('columns.wagering'),
      cell: (info) => <Wagering bonus={info.row.original} currency={currency} />,
    }),
    column.accessor('status', {
      header: t('columns.status'),
      cell: (info) => {
        const item = info.row.original;
        return (
          <span className={styles.name}>
            <Badge tone={TONE[item.status]}>{t(`statuses.${item.status}`)}</Badge>
            {item.balanceMode === 'separate' && <span className={styles.muted}>{t('members.separate')}</span>}
            {item.takenBackMinor !== null && (
              <span className={styles.muted}>
                {t('members.takenBack', { amount: formatMoney(item.takenBackMinor, currency) })}
              </span>
            )}
            {item.cancelReason && <span className={styles.muted}>{item.cancelReason}</span>}
          </span>
        );
      },
    }),
    column.accessor('expiresAt', {
      header: t('columns.expires'),
      cell: (info) => <span className={styles.nowrap}>{formatTime(info.getValue())}</span>,
    }),
    column.accessor('createdAt', {
      header: t('columns.paidAt'),
      cell: (info) => {
        const item = info.row.original;
        return (
          <span className={styles.name}>
            <span className={styles.nowrap}>{formatTime(item.createdAt)}</span>
            {item.finishedAt && (
              <span className={`${styles.nowrap} ${styles.muted}`}>
                {t('members.finished', { time: formatTime(item.finishedAt) })}
              </span>
            )}
          </span>
        );
      },
    }),
    column.display({
      id: 'actions',
      header: () => <span className="visually-hidden">{t('columns.actions')}</span>,
      cell: (info) => {
        const item = info.row.original;
        if (!canCancel || item.status !== 'active') return null;
        return (
          <span className={styles.rowActions}>
            <Button
              size="small"
              variant="secondary"
              aria-label={t('actions.cancelOf', { code: item.promotionCode, account: item.account })}
              onClick={() => setCancelling(item)}
            >
              {t('actions.cancel')}
            </Button>
          </span>
        );
      },
    }),
  ];

  return (
    <>
      <PageHeader title={t('members.title')} subtitle={t('members.subtitle', { brand: brandName })} />
      <Filters
        key={list.filters.account}
        account={list.filters.account}
        status={status ?? ''}
        onApply={(next) => list.setFilters(next)}
      />
      <DataTable
        caption={t('members.title')}
        columns={columns}
        getRowId={(row) => String(row.id)}
        query={query}
        paging={list}
        empty={<EmptyState icon="record" title={t('members.emptyTitle')} text={t('members.empty')} />}
      />
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title={cancelling && t('cancel.title', { code: cancelling.promotionCode, account: cancelling.account })}
        description={
          cancelling &&
          t('cancel.text', {
            amount: formatMoney(cancelling.amountMinor, currency),
            account: cancelling.account,
          })
        }
        reasonLabel={t('cancel.reason')}
        reasonMinLength={MIN_REASON}
        confirmLabel={t('actions.cancelBonus')}
        onConfirm={(reason) => (cancelling ? onCancel(cancelling, reason) : Promise.resolve())}
      />
    </>
  );
}
