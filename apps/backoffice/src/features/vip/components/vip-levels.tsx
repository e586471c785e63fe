import {
  VIP_REBATE_CATEGORIES,
  type BoVipLevel,
  type BoVipLevels,
  type VipBenefits,
  type VipSettingsView,
} from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { columnsOf, DataTable } from '../../../components/ui/data-table';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState, ErrorState } from '../../../components/ui/empty-state';
import { TextField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { messageOf } from '../../../lib/form';
import { useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast-store';
import { useSaveVipLevel, useSaveVipSettings, useVipLevels } from '../api/vip';
import { formatMoney, minorToInput, parseMajor } from '../../../lib/money';
import styles from './vip.module.css';

const column = columnsOf<BoVipLevel>();
const ONE_PAGE = { page: 1, hasPrevious: false, goPrevious: () => undefined, goNext: () => undefined };

const MONEY_FIELDS = [
  'reachValidBet',
  'reachDeposit',
  'keepValidBet',
  'keepDeposit',
  'upgradeBonus',
  'birthdayBonus',
  'monthlyBonus',
  'dailyMax',
  'singleMax',
] as const;
type MoneyField = (typeof MONEY_FIELDS)[number];
/** Limits of the rank that may be left empty: no limit of the rank. */
const OPTIONAL: readonly MoneyField[] = ['dailyMax', 'singleMax'];

interface LevelDraft {
  name: string;
  money: Record<MoneyField, string>;
  dailyCount: string;
  rebates: Record<string, string>;
}

function draftOf(level: BoVipLevel | null, currency: string): LevelDraft {
  const money = (minor: number | null | undefined) => (minor == null ? '' : minorToInput(minor, currency));
  return {
    name: level?.name ?? '',
    money: {
      reachValidBet: money(level?.reach.validBetMinor ?? 0),
      reachDeposit: money(level?.reach.depositMinor ?? 0),
      keepValidBet: money(level?.keep.validBetMinor ?? 0),
      keepDeposit: money(level?.keep.depositMinor ?? 0),
      upgradeBonus: money(level?.benefits.upgradeBonusMinor ?? 0),
      birthdayBonus: money(level?.benefits.birthdayBonusMinor ?? 0),
      monthlyBonus: money(level?.benefits.monthlyBonusMinor ?? 0),
      dailyMax: money(level?.benefits.withdrawal.dailyMaxMinor),
      singleMax: money(level?.benefits.withdrawal.singleMaxMinor),
    },
    dailyCount: level?.benefits.withdrawal.dailyCount == null ? '' : String(level.benefits.withdrawal.dailyCount),
    rebates: Object.fromEntries(
      VIP_REBATE_CATEGORIES.map((category) => [category, String(level?.benefits.rebateBp[category] ?? '')]),
    ),
  };
}

/** The draft as the contract's level, or the first field that is not a number. */
function parseDraft(
  draft: LevelDraft,
  currency: string,
):
  | { ok: true; value: { name: string; reach: BoVipLevel['reach']; keep: BoVipLevel['keep']; benefits: VipBenefits } }
  | { ok: false; field: string } {
  const amounts: Partial<Record<MoneyField, number | null>> = {};
  for (const field of MONEY_FIELDS) {
    const text = draft.money[field].trim();
    if (text === '' && OPTIONAL.includes(field)) {
      amounts[field] = null;
      continue;
    }
    const minor = parseMajor(text, currency);
    if (minor === null) return { ok: false, field };
    amounts[field] = minor;
  }
  const count = draft.dailyCount.trim();
  if (count !== '' && !/^\d{1,3}$/.test(count)) return { ok: false, field: 'dailyCount' };
  const rebateBp: VipBenefits['rebateBp'] = {};
  for (const category of VIP_REBATE_CATEGORIES) {
    const text = draft.rebates[category]?.trim() ?? '';
    if (text === '') continue;
    if (!/^\d{1,3}$/.test(text)) return { ok: false, field: category };
    rebateBp[category] = Number(text);
  }
  const need = (field: MoneyField) => amounts[field] ?? 0;
  return {
    ok: true,
    value: {
      name: draft.name.trim(),
      reach: { validBetMinor: need('reachValidBet'), depositMinor: need('reachDeposit') },
      keep: { validBetMinor: need('keepValidBet'), depositMinor: need('keepDeposit') },
      benefits: {
        rebateBp,
        withdrawal: {
          dailyCount: count === '' ? null : Number(count),
          dailyMaxMinor: amounts.dailyMax ?? null,
          singleMaxMinor: amounts.singleMax ?? null,
        },
        upgradeBonusMinor: need('upgradeBonus'),
        birthdayBonusMinor: need('birthdayBonus'),
        monthlyBonusMinor: need('monthlyBonus'),
      },
    },
  };
}

/** Adds a level (the next rank) or edits one, saved with the version it was opened at. */
function LevelDialog({
  brand,
  currency,
  level,
  rankLevel,
  onClose,
}: {
  brand: string;
  currency: string;
  level: BoVipLevel | null;
  rankLevel: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('vip');
  const save = useSaveVipLevel(brand);
  const [draft, setDraft] = useState(() => draftOf(level, currency));
  const [problem, setProblem] = useState<string | null>(null);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = parseDraft(draft, currency);
    if (!parsed.ok) {
      setProblem(t('form.badNumber', { field: t(`form.fields.${parsed.field}`, { defaultValue: parsed.field }) }));
      return;
    }
    setProblem(null);
    try {
      await save.mutateAsync(
        level
          ? { kind: 'update', rankLevel, body: { ...parsed.value, version: level.version } }
          : { kind: 'create', body: { ...parsed.value, rankLevel } },
      );
      toast.success(t('form.saved', { name: parsed.value.name }));
      onClose();
    } catch (error) {
      setProblem(messageOf(error, t('errors.failed')));
    }
  }

  const money = (field: MoneyField) => (
    <TextField
      key={field}
      label={t(`form.fields.${field}`, { currency })}
      inputMode="decimal"
      value={draft.money[field]}
      onChange={(event) => setDraft({ ...draft, money: { ...draft.money, [field]: event.target.value } })}
      {...(OPTIONAL.includes(field) ? { hint: t('form.noLimit') } : {})}
    />
  );
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={
        level ? t('form.editTitle', { rank: rankLevel, name: level.name }) : t('form.addTitle', { rank: rankLevel })
      }
      width={720}
    >
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} aria-label={t('form.label')}>
        <TextField
          label={t('form.fields.name')}
          value={draft.name}
          maxLength={40}
          required
          onChange={(event) => setDraft({ ...draft, name: event.target.value })}
        />
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t('form.reach')}</legend>
          {money('reachValidBet')}
          {money('reachDeposit')}
        </fieldset>
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t('form.keep')}</legend>
          {money('keepValidBet')}
          {money('keepDeposit')}
        </fieldset>
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t('form.bonuses')}</legend>
          {money('upgradeBonus')}
          {money('birthdayBonus')}
          {money('monthlyBonus')}
        </fieldset>
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t('form.withdrawal')}</legend>
          <TextField
            label={t('form.fields.dailyCount')}
            hint={t('form.noLimit')}
            inputMode="numeric"
            value={draft.dailyCount}
            onChange={(event) => setDraft({ ...draft, dailyCount: event.target.value })}
          />
          {money('dailyMax')}
          {money('singleMax')}
        </fieldset>
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t('form.rebates')}</legend>
          {VIP_REBATE_CATEGORIES.map((category) => (
            <TextField
              key={category}
              label={t('form.rebate', { category: t(`categories.${category}`) })}
              inputMode="numeric"
              value={draft.rebates[category] ?? ''}
              onChange={(event) =>
                setDraft({ ...draft, rebates: { ...draft.rebates, [category]: event.target.value } })
              }
            />
          ))}
        </fieldset>
        {problem && (
          <p className={styles.problem} role="alert">
            {problem}
          </p>
        )}
        <div className={styles.actions}>
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {t('form.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The rolling period and the downgrade grace, saved with their version. */
function SettingsForm({ brand, settings }: { brand: string; settings: VipSettingsView }) {
  const { t } = useTranslation('vip');
  const canWrite = useCan('vip.write');
  const save = useSaveVipSettings(brand);
  const [period, setPeriod] = useState(String(settings.periodDays));
  const [grace, setGrace] = useState(String(settings.downgradeGraceDays));

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    try {
      await save.mutateAsync({
        periodDays: Number(period),
        downgradeGraceDays: Number(grace),
        version: settings.version,
      });
      toast.success(t('settings.saved'));
    } catch (error) {
      toast.error(messageOf(error, t('errors.failed')));
    }
  }
  return (
    <form className={styles.settings} onSubmit={(event) => void onSubmit(event)} aria-label={t('settings.title')}>
      <TextField
        label={t('settings.periodDays')}
        hint={t('settings.periodHint')}
        inputMode="numeric"
        value={period}
        disabled={!canWrite}
        onChange={(event) => setPeriod(event.target.value)}
      />
      <TextField
        label={t('settings.graceDays')}
        hint={t('settings.graceHint')}
        inputMode="numeric"
        value={grace}
        disabled={!canWrite}
        onChange={(event) => setGrace(event.target.value)}
      />
      {canWrite && (
        <div className={styles.settingsSave}>
          <Button type="submit" variant="secondary" disabled={save.isPending}>
            {t('settings.save')}
          </Button>
        </div>
      )}
    </form>
  );
}

function LevelsTable({ brand, data }: { brand: string; data: BoVipLevels }) {
  const { t } = useTranslation('vip');
  const canWrite = useCan('vip.write');
  const [editing, setEditing] = useState<{ level: BoVipLevel | null; rankLevel: number } | null>(null);
  const { currency } = data;
  const money = (minor: number) => formatMoney(minor, currency);
  const figures = (value: { validBetMinor: number; depositMinor: number }) => (
    <span className={styles.lines}>
      <span>{t('table.bets', { amount: money(value.validBetMinor) })}</span>
      <span className={styles.muted}>{t('table.deposits', { amount: money(value.depositMinor) })}</span>
    </span>
  );
  const columns = [
    column.accessor('rankLevel', {
      header: t('table.level'),
      cell: (info) => (
        <span className={styles.lines}>
          <strong>{info.row.original.name}</strong>
          <span className={styles.muted}>{t('table.rank', { rank: info.getValue() })}</span>
        </span>
      ),
    }),
    column.accessor('reach', { header: t('table.reach'), cell: (info) => figures(info.getValue()) }),
    column.accessor('keep', { header: t('table.keep'), cell: (info) => figures(info.getValue()) }),
    column.accessor('benefits', {
      id: 'bonuses',
      header: t('table.bonuses'),
      cell: (info) => (
        <span className={styles.lines}>
          <span>{t('table.upgrade', { amount: money(info.getValue().upgradeBonusMinor) })}</span>
          <span className={styles.muted}>
            {t('table.birthday', { amount: money(info.getValue().birthdayBonusMinor) })}
          </span>
          <span className={styles.muted}>
            {t('table.monthly', { amount: money(info.getValue().monthlyBonusMinor) })}
          </span>
        </span>
      ),
    }),
    column.accessor('benefits', {
      id: 'withdrawal',
      header: t('table.withdrawal'),
      cell: (info) => {
        const limits = info.getValue().withdrawal;
        const none = t('table.none');
        return (
          <span className={styles.lines}>
            <span>
              {limits.dailyCount === null
                ? t('table.anyCount')
                : t('table.perDay', { count: limits.dailyCount, value: limits.dailyCount })}
            </span>
            <span className={styles.muted}>
              {t('table.dailyMax', { amount: limits.dailyMaxMinor === null ? none : money(limits.dailyMaxMinor) })}
            </span>
            <span className={styles.muted}>
              {t('table.singleMax', { amount: limits.singleMaxMinor === null ? none : money(limits.singleMaxMinor) })}
            </span>
          </span>
        );
      },
    }),
    column.accessor('benefits', {
      id: 'rebates',
      header: t('table.rebates'),
      cell: (info) => {
        const rates = info.getValue().rebateBp;
        const entries = VIP_REBATE_CATEGORIES.flatMap((category) =>
          rates[category] === undefined ? [] : [[category, rates[category]] as const],
        );
        return entries.length === 0 ? (
          <span className={styles.muted}>{t('table.none')}</span>
        ) : (
          <span className={styles.lines}>
            {entries.map(([category, bp]) => (
              <span key={category} className={styles.nowrap}>
                {t('table.rebate', { category: t(`categories.${category}`), percent: (bp / 100).toFixed(2) })}
              </span>
            ))}
          </span>
        );
      },
    }),
    column.accessor('memberCount', {
      header: t('table.members'),
      cell: (info) => <span className={styles.number}>{info.getValue().toLocaleString()}</span>,
    }),
    ...(canWrite
      ? [
          column.display({
            id: 'edit',
            header: () => <span className="visually-hidden">{t('table.actions')}</span>,
            cell: (info) => (
              <Button
                variant="ghost"
                size="small"
                aria-label={t('table.editLabel', { name: info.row.original.name })}
                onClick={() => setEditing({ level: info.row.original, rankLevel: info.row.original.rankLevel })}
              >
                {t('table.edit')}
              </Button>
            ),
          }),
        ]
      : []),
  ];
  const nextRank = data.levels.length === 0 ? 0 : Math.max(...data.levels.map((level) => level.rankLevel)) + 1;
  return (
    <>
      {canWrite && nextRank <= 50 && (
        <div className={styles.toolbar}>
          <Button onClick={() => setEditing({ level: null, rankLevel: nextRank })}>{t('table.add')}</Button>
        </div>
      )}
      <DataTable
        caption={t('table.caption')}
        columns={columns}
        getRowId={(level) => String(level.rankLevel)}
        query={{
          data: { items: data.levels, nextCursor: null },
          isPending: false,
          isError: false,
          error: null,
          refetch: () => undefined,
        }}
        paging={ONE_PAGE}
        empty={<EmptyState title={t('table.empty')} />}
      />
      {editing && (
        <LevelDialog
          brand={brand}
          currency={currency}
          level={editing.level}
          rankLevel={editing.rankLevel}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

/** A brand's VIP levels and benefits, and its rolling period and downgrade grace (decision 0046). */
export function VipLevelsPage({ brand, brandName }: { brand: string; brandName: string }) {
  const { t } = useTranslation('vip');
  const query = useVipLevels(brand);
  return (
    <>
      <PageHeader title={t('levels.title')} subtitle={t('levels.subtitle', { brand: brandName })} />
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <PageLoader />
      ) : (
        <>
          <SettingsForm key={query.data.settings.version} brand={brand} settings={query.data.settings} />
          <LevelsTable brand={brand} data={query.data} />
        </>
      )}
    </>
  );
}
