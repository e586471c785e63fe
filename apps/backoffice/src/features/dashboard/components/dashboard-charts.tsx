import type { Dashboard } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipValueType,
} from 'recharts';
import { formatCompact, formatCount, formatMoney, numberLocale } from '../../../lib/format';
import { useThemeStore, type Theme } from '../../../lib/theme';
import styles from './dashboard.module.css';

/** Chart colours of each theme, each readable on its surface (the tokens' own, which SVG attributes cannot read). */
const PALETTE: Record<
  Theme,
  Record<'turnover' | 'payouts' | 'ggr' | 'players' | 'signups' | 'grid' | 'ink', string>
> = {
  dark: {
    turnover: '#8f6bff',
    payouts: '#5b8cff',
    ggr: '#23c483',
    players: '#ffb020',
    signups: '#ff8a3d',
    grid: '#2a3454',
    ink: '#a9b2cc',
  },
  light: {
    turnover: '#5b3fd6',
    payouts: '#2f6fde',
    ggr: '#0b7a4b',
    players: '#a05a00',
    signups: '#c4511a',
    grid: '#d9dfec',
    ink: '#4a5470',
  },
};

function usePalette() {
  return PALETTE[useThemeStore((state) => state.theme)];
}

/** A point's label: the day (3 Nov) or, for one day, the hour in the brand's time zone (14:00). */
export function pointLabel(at: string, granularity: Dashboard['granularity'], timeZone: string): string {
  if (granularity === 'hour') {
    return new Intl.DateTimeFormat(numberLocale(), { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .format(new Date(at))
      .replace(/\s/g, '');
  }
  return new Intl.DateTimeFormat(numberLocale(), { timeZone: 'UTC', month: 'short', day: 'numeric' }).format(
    new Date(`${at}T00:00:00Z`),
  );
}

const numberOf = (value: TooltipValueType | undefined) => (typeof value === 'number' ? value : Number(value ?? 0));

/** The axes, grid and tooltip every chart shares: money on the axis in short form, exact in the tooltip. */
function useMoney(dashboard: Dashboard) {
  return {
    axis: (minor: number) => formatCompact(minor / 10 ** dashboard.currencyExponent),
    exact: (value: TooltipValueType | undefined) =>
      formatMoney(numberOf(value), dashboard.currency, dashboard.currencyExponent),
  };
}

const tooltipStyle = {
  contentStyle: {
    background: 'var(--bg-elevated)',
    border: '1px solid var(--border)',
    borderRadius: 6,
    color: 'var(--text)',
    fontSize: 13,
  },
  labelStyle: { color: 'var(--text)', fontWeight: 700 },
  cursor: { fill: 'var(--surface-2)', opacity: 0.6 },
};

/** Turnover and payouts as bars, GGR as a line, by day or by hour. */
export function MoneyOverTimeChart({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation('dashboard');
  const colours = usePalette();
  const money = useMoney(dashboard);
  const data = dashboard.series.map((point) => ({
    label: pointLabel(point.at, dashboard.granularity, dashboard.timeZone),
    turnover: point.turnoverMinor,
    payouts: point.payoutMinor,
    ggr: point.ggrMinor,
  }));
  return (
    <ComposedChart responsive data={data} className={styles.chart} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
      <CartesianGrid stroke={colours.grid} vertical={false} />
      <XAxis dataKey="label" stroke={colours.ink} tick={{ fill: colours.ink, fontSize: 12 }} minTickGap={12} />
      <YAxis stroke={colours.ink} tick={{ fill: colours.ink, fontSize: 12 }} tickFormatter={money.axis} width={56} />
      <Tooltip {...tooltipStyle} formatter={money.exact} />
      <Legend itemSorter={null} wrapperStyle={{ fontSize: 13, color: colours.ink }} />
      <Bar dataKey="turnover" name={t('figures.turnover')} fill={colours.turnover} radius={[3, 3, 0, 0]} />
      <Bar dataKey="payouts" name={t('figures.payouts')} fill={colours.payouts} radius={[3, 3, 0, 0]} />
      <Line
        dataKey="ggr"
        name={t('figures.ggr')}
        type="monotone"
        stroke={colours.ggr}
        strokeWidth={2}
        dot={data.length <= 31}
      />
    </ComposedChart>
  );
}

/** Active players and sign-ups of each day (an hour has neither: the dashboard of one day leaves this out). */
export function PlayersOverTimeChart({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation('dashboard');
  const colours = usePalette();
  const data = dashboard.series.map((point) => ({
    label: pointLabel(point.at, dashboard.granularity, dashboard.timeZone),
    players: point.activePlayers ?? 0,
    signups: point.signups ?? 0,
  }));
  return (
    <BarChart responsive data={data} className={styles.chart} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
      <CartesianGrid stroke={colours.grid} vertical={false} />
      <XAxis dataKey="label" stroke={colours.ink} tick={{ fill: colours.ink, fontSize: 12 }} minTickGap={12} />
      <YAxis
        stroke={colours.ink}
        tick={{ fill: colours.ink, fontSize: 12 }}
        tickFormatter={formatCompact}
        allowDecimals={false}
        width={40}
      />
      <Tooltip {...tooltipStyle} formatter={(value) => formatCount(numberOf(value))} />
      <Legend itemSorter={null} wrapperStyle={{ fontSize: 13, color: colours.ink }} />
      <Bar dataKey="players" name={t('figures.activePlayers')} fill={colours.players} radius={[3, 3, 0, 0]} />
      <Bar dataKey="signups" name={t('figures.signups')} fill={colours.signups} radius={[3, 3, 0, 0]} />
    </BarChart>
  );
}

/** Turnover and GGR of each category or vendor, largest turnover first, as horizontal bars. */
export function BreakdownChart({
  dashboard,
  rows,
}: {
  dashboard: Dashboard;
  rows: { label: string; turnoverMinor: number; ggrMinor: number }[];
}) {
  const { t } = useTranslation('dashboard');
  const colours = usePalette();
  const money = useMoney(dashboard);
  const data = rows.map((row) => ({ label: row.label, turnover: row.turnoverMinor, ggr: row.ggrMinor }));
  return (
    <BarChart
      responsive
      layout="vertical"
      data={data}
      className={styles.chart}
      style={{ height: Math.max(160, 56 + data.length * 44) }}
      margin={{ top: 0, right: 8, bottom: 0, left: 8 }}
    >
      <CartesianGrid stroke={colours.grid} horizontal={false} />
      <XAxis type="number" stroke={colours.ink} tick={{ fill: colours.ink, fontSize: 12 }} tickFormatter={money.axis} />
      <YAxis
        type="category"
        dataKey="label"
        stroke={colours.ink}
        tick={{ fill: colours.ink, fontSize: 12 }}
        width={112}
      />
      <Tooltip {...tooltipStyle} formatter={money.exact} />
      <Legend itemSorter={null} wrapperStyle={{ fontSize: 13, color: colours.ink }} />
      <Bar dataKey="turnover" name={t('figures.turnover')} fill={colours.turnover} radius={[0, 3, 3, 0]} />
      <Bar dataKey="ggr" name={t('figures.ggr')} fill={colours.ggr} radius={[0, 3, 3, 0]} />
    </BarChart>
  );
}
