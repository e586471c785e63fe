import {
  DailyReportExportQuerySchema,
  GAME_TYPES,
  REPORT_LEVELS,
  type DailyReportExportQuery,
  type DailyReportRow,
  type GameType,
  type ReportLevel,
} from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClassName } from '../../../components/ui/button';
import { columnsOf, DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { SelectField, TextField } from '../../../components/ui/field';
import { Icon } from '../../../components/ui/icon';
import { PageHeader } from '../../../components/ui/page-header';
import { useKeysetList } from '../../../hooks/use-keyset-list';
import { formatCount, formatMoney } from '../../../lib/format';
import { dailyReportExportUrl, useDailyReport } from '../api/get-daily-report';
import styles from './reports.module.css';

const FILTERS = ['from', 'to', 'level', 'vassalage', 'gameType'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;
const column = columnsOf<DailyReportRow>();
const PAGE_ROWS = 50;

/** A day `days` before `date` (YYYY-MM-DD). */
function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Today on the operator's calendar; the server counts days in the brand's time zone, which the page says. */
function localToday(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The address's filters as the report's query: the last 30 days at game level when it names none. */
export function toReportQuery(filters: Filters): DailyReportExportQuery {
  const to = filters.to || localToday();
  const level = (REPORT_LEVELS as readonly string[]).includes(filters.level) ? (filters.level as ReportLevel) : 'game';
  const gameType = (GAME_TYPES as readonly string[]).includes(filters.gameType)
    ? (filters.gameType as GameType)
    : undefined;
  return {
    from: filters.from || addDays(to, -29),
    to,
    level,
    vassalage: filters.vassalage || undefined,
    gameType,
  };
}

function useColumns(level: ReportLevel, currency: string, exponent: number) {
  const { t } = useTranslation('reports');
  const money = (minor: number | null) => (minor === null ? '—' : formatMoney(minor, currency, exponent));
  const amount = (key: 'turnoverMinor' | 'validBetMinor' | 'payoutMinor' | 'ggrMinor', header: string) =>
    column.accessor(key, {
      header,
      cell: (info) => (
        <span className={styles.number} data-tone={key === 'ggrMinor' && info.getValue() < 0 ? 'loss' : undefined}>
          {money(info.getValue())}
        </span>
      ),
    });
  const count = (key: 'rounds' | 'players' | 'signups', header: string) =>
    column.accessor(key, {
      header,
      cell: (info) => {
        const value = info.getValue();
        return <span className={styles.number}>{value === null ? '—' : formatCount(value)}</span>;
      },
    });
  return [
    column.accessor('day', {
      header: t('fields.day'),
      cell: (info) => <span className={styles.day}>{info.getValue()}</span>,
    }),
    ...(level === 'vendor' || level === 'game'
      ? [
          column.accessor('vendorName', {
            header: t('fields.vendor'),
            cell: (info) => <span className={styles.nowrap}>{info.getValue() || info.row.original.vassalage}</span>,
          }),
        ]
      : []),
    ...(level === 'game'
      ? [
          column.accessor('gameName', {
            header: t('fields.game'),
            cell: (info) => (
              <span className={styles.nowrap}>
                {info.getValue() ?? '—'} <code>{info.row.original.gameCode}</code>
              </span>
            ),
          }),
        ]
      : []),
    ...(level === 'category' || level === 'game'
      ? [
          column.accessor('gameType', {
            header: t('fields.category'),
            cell: (info) => {
              const value = info.getValue();
              return value ? t(`dashboard:categories.${value}`, { defaultValue: value }) : '—';
            },
          }),
        ]
      : []),
    amount('turnoverMinor', t('fields.turnover')),
    amount('validBetMinor', t('fields.validBets')),
    amount('payoutMinor', t('fields.payouts')),
    amount('ggrMinor', t('fields.ggr')),
    count('rounds', t('fields.rounds')),
    count('players', t('fields.players')),
    ...(level === 'brand'
      ? [
          count('signups', t('fields.signups')),
          column.accessor('depositMinor', {
            header: t('fields.deposits'),
            cell: (info) => <span className={styles.number}>{money(info.getValue())}</span>,
          }),
          column.accessor('withdrawalMinor', {
            header: t('fields.withdrawals'),
            cell: (info) => <span className={styles.number}>{money(info.getValue())}</span>,
          }),
        ]
      : []),
  ];
}

/**
 * A brand's daily report: one row per day and brand, vendor, category or game, newest day first, a page at a
 * time (keyset), filtered from the address; and the same rows as CSV, which the server streams as it reads them.
 */
export function DailyReport({ brand, brandName }: { brand: string; brandName: string }) {
  const { t } = useTranslation('reports');
  const list = useKeysetList(FILTERS);
  const report = toReportQuery(list.filters);
  const query = useDailyReport(brand, { ...report, limit: PAGE_ROWS, cursor: list.cursor });
  const currency = query.data?.currency ?? '';
  const exponent = query.data?.currencyExponent ?? 0;
  const columns = useColumns(report.level, currency || 'KRW', exponent);
  const [error, setError] = useState<string | null>(null);
  const formKey = FILTERS.map((key) => list.filters[key]).join('|');

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle', { brand: brandName, from: report.from, to: report.to })}
        actions={
          <a href={dailyReportExportUrl(brand, report)} download className={buttonClassName('primary')}>
            <Icon name="download" size={16} />
            {t('download')}
          </a>
        }
      />
      <form
        key={formKey}
        className={styles.filters}
        role="search"
        aria-label={t('filters')}
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          const text = (name: string) => {
            const value = data.get(name);
            return typeof value === 'string' ? value.trim() : '';
          };
          const next = {
            from: text('from'),
            to: text('to'),
            level: text('level'),
            vassalage: text('vassalage'),
            gameType: text('gameType'),
          };
          const parsed = DailyReportExportQuerySchema.safeParse({
            ...next,
            vassalage: next.vassalage || undefined,
            gameType: next.gameType || undefined,
          });
          if (!parsed.success) {
            setError(t('invalidPeriod'));
            return;
          }
          setError(null);
          list.setFilters(next);
        }}
      >
        <TextField label={t('fields.from')} name="from" type="date" required defaultValue={report.from} />
        <TextField label={t('fields.to')} name="to" type="date" required defaultValue={report.to} />
        <SelectField label={t('fields.level')} name="level" defaultValue={report.level}>
          {REPORT_LEVELS.map((level) => (
            <option key={level} value={level}>
              {t(`levels.${level}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('fields.vendorCode')}
          name="vassalage"
          placeholder="TCG_SEA"
          autoCapitalize="characters"
          spellCheck={false}
          hint={t('vendorHint')}
          defaultValue={list.filters.vassalage}
        />
        <SelectField label={t('fields.category')} name="gameType" defaultValue={report.gameType ?? ''}>
          <option value="">{t('anyCategory')}</option>
          {GAME_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`dashboard:categories.${type}`, { defaultValue: type })}
            </option>
          ))}
        </SelectField>
        <div className={styles.filterActions}>
          <Button type="submit" variant="secondary">
            <Icon name="search" size={16} />
            {t('apply')}
          </Button>
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
        </div>
      </form>
      <DataTable
        caption={t('caption', { level: t(`levels.${report.level}`) })}
        columns={columns}
        getRowId={(row) => [row.day, row.vassalage, row.gameCode, row.gameType].join('|')}
        query={query}
        paging={list}
        empty={<EmptyState icon="table" title={t('emptyTitle')} text={t('emptyText')} />}
      />
      <p className={styles.note}>{t('note')}</p>
    </>
  );
}
